/**
 * GROUND-TRUTH PERCEPTION for the VLN scripted agents: which labelled things are in the current view,
 * read from the simulator's instance-id image (privileged; ../ground-truth-perception.ts), placed in
 * the navigator's ESTIMATED world from depth and the estimated pose. Labels follow the instruction
 * generator's wording ("grey table", "painting with the white frame", "floor of the kitchen"). No
 * simulator pose, path or goal is read.
 */
import type { BodyFrame } from '../../body/index.js';
import type { PlanarPoint } from '../../mapping/index.js';
import type { Navigator } from '../../navigator/index.js';
import { objectById, type Scene, type SceneObject } from '../../sim/index.js';
import { instancePixels, pixelOf } from '../ground-truth-perception.js';
import { planarPointAt } from '../view-point.js';

export interface Sighting {
  label: string;
  /** nearest visible point of the thing, estimated world, planar */
  point: PlanarPoint;
  /** planar distance from the robot's estimated position to that point, metres */
  distance: number;
  pixels: number;
}

export function labelOf(scene: Scene, o: SceneObject): string | null {
  if (o.category === 'floor' && o.room !== null) return `floor of the ${scene.rooms[o.room]?.name ?? 'room'}`;
  if (!o.goal || o.structural) return null;
  return o.category === 'painting' ? `painting with the ${o.colour} frame` : `${o.colour} ${o.category}`;
}

export class GroundTruthPerception {
  constructor(
    private readonly scene: Scene,
    readonly navigator: Navigator,
  ) {}

  /** Everything labelled in the view with at least `minPixels` pixels of valid depth. */
  sightings(frame: BodyFrame | null = this.navigator.lastView, minPixels = 30): Sighting[] {
    const pose = this.navigator.poseMatrix();
    const at = this.navigator.planar();
    if (!frame?.ids || !pose || !at) return [];
    const K = this.navigator.body.intrinsics;
    const out: Sighting[] = [];
    for (const [id, b] of instancePixels(frame, (d) => d > 0 && d < 8)) {
      if (b.pixels < minPixels) continue;
      const o = objectById(this.scene, id);
      const label = o ? labelOf(this.scene, o) : null;
      if (!label) continue;
      const { u, v } = pixelOf(frame, b.index);
      const q = planarPointAt(pose, K, u, v, b.depth);
      out.push({ label, point: q, distance: Math.hypot(q.x - at.x, q.z - at.z), pixels: b.pixels });
    }
    return out.sort((a, b) => a.distance - b.distance);
  }

  find(label: string, frame?: BodyFrame | null): Sighting | null {
    const l = label.toLowerCase();
    return this.sightings(frame).find((s) => s.label.toLowerCase() === l) ?? null;
  }

  /** A point a little way into the visible floor of a room (its median-depth floor pixel). */
  roomFloor(room: string, frame: BodyFrame | null = this.navigator.lastView): Sighting | null {
    const pose = this.navigator.poseMatrix();
    const at = this.navigator.planar();
    if (!frame?.ids || !pose || !at) return null;
    const want = `floor of the ${room.toLowerCase()}`;
    const idx: number[] = [];
    for (let i = 0; i < frame.ids.length; i++) {
      const id = frame.ids[i];
      if (!id || !(frame.depth[i] > 0 && frame.depth[i] < 8)) continue;
      const o = objectById(this.scene, id);
      if (o && o.category === 'floor' && labelOf(this.scene, o) === want) idx.push(i);
    }
    if (idx.length < 30) return null;
    idx.sort((a, b) => frame.depth[a] - frame.depth[b]);
    const i = idx[Math.floor(idx.length / 2)],
      d = frame.depth[i];
    const K = this.navigator.body.intrinsics;
    const { u, v } = pixelOf(frame, i);
    const q = planarPointAt(pose, K, u, v, d);
    return { label: want, point: q, distance: Math.hypot(q.x - at.x, q.z - at.z), pixels: idx.length };
  }

  /** The room whose floor fills the bottom centre of the view (where the robot is about to stand). */
  roomUnderfoot(frame: BodyFrame | null = this.navigator.lastView): string | null {
    if (!frame?.ids) return null;
    const counts = new Map<string, number>();
    for (let v = frame.height - 12; v < frame.height; v++) {
      for (let u = Math.floor(frame.width * 0.4); u < Math.floor(frame.width * 0.6); u++) {
        const o = objectById(this.scene, frame.ids[v * frame.width + u]);
        const l = o && o.category === 'floor' ? labelOf(this.scene, o) : null;
        if (l) counts.set(l, (counts.get(l) ?? 0) + 1);
      }
    }
    let best: string | null = null,
      n = 0;
    for (const [l, c] of counts) if (c > n) [best, n] = [l, c];
    return best ? best.replace(/^floor of the /, '') : null;
  }
}
