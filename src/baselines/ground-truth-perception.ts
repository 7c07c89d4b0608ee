/**
 * GROUND-TRUTH PERCEPTION: scans of the simulator's instance-id image, privileged information no
 * camera gives. The one scan behind every baseline that "sees" by instance ids: the scripted
 * navigation agent, the ground-truth judge and the VLN scripted agents.
 */
import type { BodyFrame } from '../body/index.js';

/** What one instance (or a set of instances) covers in a view. */
export interface InstancePixels {
  /** pixels whose depth was accepted */
  pixels: number;
  /** depth of the nearest accepted pixel, metres */
  depth: number;
  /** row-major index of that pixel; the first in scan order among equally near ones */
  index: number;
}

export type InstanceView = Pick<BodyFrame, 'width' | 'ids' | 'depth'>;

/**
 * Per instance id, the pixels whose depth `accept`s and the nearest of them, in the order the
 * instances first appear. With `ids`, exactly those instances; without, every instance but 0 (no
 * object). A view without an instance-id image has none.
 */
export function instancePixels(view: InstanceView, accept: (depth: number) => boolean, ids?: ReadonlySet<number>): Map<number, InstancePixels> {
  const out = new Map<number, InstancePixels>();
  const image = view.ids;
  if (!image) return out;
  for (let i = 0; i < image.length; i++) {
    const id = image[i];
    if (ids ? !ids.has(id) : !id) continue;
    const d = view.depth[i];
    if (!accept(d)) continue;
    const s = out.get(id);
    if (!s) out.set(id, { pixels: 1, depth: d, index: i });
    else {
      s.pixels++;
      if (d < s.depth) {
        s.depth = d;
        s.index = i;
      }
    }
  }
  return out;
}

/** The pixels of any of the goal instances whose depth `accept`s, and the nearest of them; null when none. */
export function goalPixels(view: InstanceView, goalIds: ReadonlySet<number>, accept: (depth: number) => boolean): InstancePixels | null {
  let all: InstancePixels | null = null;
  for (const s of instancePixels(view, accept, goalIds).values()) {
    if (!all) all = { ...s };
    else {
      all.pixels += s.pixels;
      if (s.depth < all.depth || (s.depth === all.depth && s.index < all.index)) {
        all.depth = s.depth;
        all.index = s.index;
      }
    }
  }
  return all;
}

/** The pixel (column, row) of a row-major index. */
export function pixelOf(view: Pick<BodyFrame, 'width'>, index: number): { u: number; v: number } {
  return { u: index % view.width, v: Math.floor(index / view.width) };
}
