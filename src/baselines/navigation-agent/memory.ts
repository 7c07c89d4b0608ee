/**
 * Memory across tasks, the way the papers intend a model to keep it: places are marked as the robot
 * passes (named, never by coordinates), the handover records which objects were seen near which
 * place, and the next task reads the previous handover and goes straight to a place where the goal
 * was seen. Objects are the oracle's instance ids of the views the steps returned (the one privileged
 * input); only what went through the handover file is used, so policies without task records (or
 * the independent policy) start with nothing.
 */
import type { PlanarPoint } from '../../mapping/index.js';
import type { Navigator } from '../../navigator/index.js';

/** a new place is marked when the robot is this far from every marked place on its floor */
export const PLACE_SPACING_M = 3;
const MIN_PIXELS = 40;
/** enough for every object of a house: a later task trusts that what is not listed was not seen */
const MAX_LISTED = 400;

export interface Seen {
  place: string;
  floor: number;
}

export class SightingMemory {
  /** instance id → where it was last seen (the nearest marked place) */
  private readonly seen = new Map<number, Seen>();
  private placeCount = 0;

  clear(): void {
    this.seen.clear();
  }

  /** Instance ids the current view shows clearly, noted at the nearest marked place. */
  noteView(nav: Navigator): void {
    const f = nav.lastView, pose = nav.planar();
    if (!f?.ids || !pose || nav.floor === null || nav.status !== 'ok') return;
    const count = new Map<number, number>();
    for (let i = 0; i < f.ids.length; i += 2) {
      const d = f.depth[i];
      if (d > 0 && d < 4) count.set(f.ids[i], (count.get(f.ids[i]) ?? 0) + 1);
    }
    const place = nearestPlace(nav, pose);
    if (!place) return;
    for (const [id, n] of count) if (id > 0 && n * 2 >= MIN_PIXELS) this.seen.set(id, { place, floor: nav.floor });
  }

  /** A name for a new place when the robot is far from every marked one (null: none needed). */
  placeToMark(nav: Navigator): string | null {
    const pose = nav.planar();
    if (!pose || nav.floor === null || nav.status !== 'ok') return null;
    const near = nav.places.list().some((p) => p.floor === nav.floor && Math.hypot(p.pose.x - pose.x, p.pose.z - pose.z) < PLACE_SPACING_M);
    if (near) return null;
    let name: string;
    do name = `place ${++this.placeCount}`;
    while (nav.places.get(name));
    return name;
  }

  /** Where one of `ids` was seen, from what the handover carried. */
  recall(ids: readonly number[]): Seen | null {
    for (const id of ids) {
      const s = this.seen.get(id);
      if (s) return s;
    }
    return null;
  }

  /** The handover's lines: objects by place (most recent last). */
  handoverLines(): string {
    const byPlace = new Map<string, number[]>();
    for (const [id, s] of [...this.seen].slice(-MAX_LISTED)) byPlace.set(s.place, [...(byPlace.get(s.place) ?? []), id]);
    return [...byPlace].map(([place, ids]) => `Objects seen near '${place}': ${ids.join(', ')}.`).join('\n');
  }

  /** Reads the object lines of a handover (what an earlier session wrote) back. */
  readHandover(text: string, placeFloor: (name: string) => number | null): void {
    for (const m of text.matchAll(/Objects seen near '([^']+)': ([^\n]+)/g)) {
      const floor = placeFloor(m[1]);
      if (floor === null) continue;
      for (const id of m[2].matchAll(/\d+/g)) this.seen.set(Number(id[0]), { place: m[1], floor });
    }
  }
}

function nearestPlace(nav: Navigator, at: PlanarPoint): string | null {
  let best: string | null = null, bestD = PLACE_SPACING_M * 1.5;
  for (const p of nav.places.list()) {
    if (p.floor !== nav.floor) continue;
    const d = Math.hypot(p.pose.x - at.x, p.pose.z - at.z);
    if (d < bestD) {
      bestD = d;
      best = p.name;
    }
  }
  return best;
}
