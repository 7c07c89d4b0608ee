/**
 * Memory across tasks, the way the papers intend a model to keep it: places are marked as the robot
 * passes (named, never by coordinates), the handover records which objects were seen where — each as
 * an offset from the nearest marked place, as a model would say "two metres ahead of the hall door" —
 * and the next task reads the previous handover and goes straight to where the goal was seen. Objects
 * are the oracle's instance ids of the views the steps returned (the one privileged input); only what
 * went through the handover file is used, so policies without task records (or the independent
 * policy) start with nothing.
 */
import { columnRay, headingVector, type PlanarPose, pointAhead } from '../../geometry/index.js';
import type { PlanarPoint } from '../../mapping/index.js';
import type { Navigator } from '../../navigator/index.js';

/** a new place is marked when the robot is this far from every marked place on its floor */
export const PLACE_SPACING_M = 3;
const MIN_PIXELS = 40;
/** enough for every object of a house: a later task trusts that what is not listed was not seen */
const MAX_LISTED = 400;
/** objects are noted this close only: farther, a few pixels place them poorly */
const NOTE_RANGE_M = 4;

/** a handover's (or the house notes') line of objects seen near a place: the place, its floor when written, the list */
export const OBJECTS_LINE = /Objects seen near '([^']+)'(?: \(floor (-?\d+)\))?: ([^\n]+)/g;

/** metres ahead of and to the right of a marked place, in the heading it was marked with */
export interface Offset {
  ahead: number;
  right: number;
}

/** Where an object was seen: a marked place and, when known, the object's offset from it. */
export interface Seen {
  place: string;
  floor: number;
  offset: Offset | null;
}

/** A marked place as the memory needs it. */
export interface PlaceRef {
  name: string;
  floor: number;
  pose: PlanarPose;
}

/** Where the robot is when it recalls a goal; `distance`: how far a point of this floor is to go (a route's length). */
export interface RecallFrom {
  point: PlanarPoint;
  floor: number;
  distance?: (p: PlanarPoint) => number;
}

/** An object noted in this task (a point in the estimated world) or read from a handover (place-relative). */
type Noted = { floor: number; point: PlanarPoint } | { floor: number; seen: Seen };

export class SightingMemory {
  private readonly seen = new Map<number, Noted>();
  private placeCount = 0;

  clear(): void {
    this.seen.clear();
  }

  /** Instance ids the current view shows clearly, with where they are in the estimated world. */
  noteView(nav: Navigator): void {
    const f = nav.lastView,
      pose = nav.planar();
    if (!f?.ids || !pose || nav.floor === null || nav.status !== 'ok') return;
    const K = nav.body.intrinsics;
    const acc = new Map<number, { n: number; x: number; z: number }>();
    for (let i = 0; i < f.ids.length; i += 2) {
      const d = f.depth[i],
        id = f.ids[i];
      if (!(id > 0 && d > 0 && d < NOTE_RANGE_M)) continue;
      // the pixel's ray in the floor plane, at its planar range
      const ray = columnRay(K, i % f.width);
      const p = pointAhead(pose, pose.yaw + ray.turn, d * ray.rangePerDepth);
      const a = acc.get(id) ?? { n: 0, x: 0, z: 0 };
      a.n++;
      a.x += p.x;
      a.z += p.z;
      acc.set(id, a);
    }
    for (const [id, a] of acc) {
      if (a.n * 2 < MIN_PIXELS) continue;
      this.seen.delete(id); // most recent last
      this.seen.set(id, { floor: nav.floor, point: { x: a.x / a.n, z: a.z / a.n } });
    }
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

  /**
   * The remembered instance of `ids` to go to: the nearest to `from` on its floor, else one on another
   * floor; null when none was seen or its place is unknown. Nearest by `from.distance` when given (the
   * route's length: an instance a wall away is a room's detour), else by the straight line.
   */
  recall(ids: readonly number[], places: readonly PlaceRef[], from: RecallFrom | null = null): Seen | null {
    const here: [Seen, PlanarPoint][] = [];
    let elsewhere: Seen | null = null;
    for (const id of ids) {
      const s = this.resolve(this.seen.get(id), places);
      const at = s && from && s.floor === from.floor ? pointOf(s, places) : null;
      if (at) here.push([s!, at]);
      else if (s && !elsewhere) elsewhere = s;
    }
    if (!from) return elsewhere;
    // the route is asked for only when there is a choice: each is an A* over the floor
    const far = here.length > 1 && from.distance ? from.distance : (p: PlanarPoint) => Math.hypot(p.x - from.point.x, p.z - from.point.z);
    let best: Seen | null = null,
      bestD = Infinity;
    for (const [s, at] of here) {
      const d = far(at);
      if (d < bestD) [best, bestD] = [s, d];
    }
    return best ?? elsewhere;
  }

  /**
   * The handover's lines: objects by place, each with its offset from the place, in at most `budget`
   * characters. A handover is one write, which stores 6,000 characters: cut there, it lost its last
   * lines, and with them the flights and this task's own sightings (most recent last). The least
   * recently seen objects are left out first.
   */
  handoverLines(places: readonly PlaceRef[], budget = Infinity): string {
    const resolved: [number, Seen][] = [];
    for (const [id, n] of [...this.seen].slice(-MAX_LISTED)) {
      const s = this.resolve(n, places);
      if (s) resolved.push([id, s]);
    }
    for (let kept = resolved; ; kept = kept.slice(Math.ceil(kept.length / 10))) {
      const text = kept.length ? `Offsets: ${SHORT_OFFSET_LEGEND}.\n${objectLines(kept)}` : '';
      if (text.length <= budget || kept.length === 0) return text;
    }
  }

  /** Reads the object lines of a handover (what an earlier session wrote) back. */
  readHandover(text: string, placeFloor: (name: string) => number | null): void {
    for (const m of text.matchAll(OBJECTS_LINE)) {
      const floor = placeFloor(m[1]);
      if (floor === null) continue;
      for (const o of m[3].matchAll(OBJECT_ITEM)) {
        const offset = o[2] === undefined ? null : objectOffsetOf(o[2]);
        this.seen.set(Number(o[1]), { floor, seen: { place: m[1], floor, offset } });
      }
    }
  }

  /** A point noted in this task is tied to the marked place nearest it on its floor; a carried one stays as written. */
  private resolve(n: Noted | undefined, places: readonly PlaceRef[]): Seen | null {
    if (!n) return null;
    if ('seen' in n) return n.seen;
    const best = nearestPlace(places, n.floor, n.point);
    if (!best) return null;
    return { place: best.name, floor: n.floor, offset: offsetFrom(best, n.point) };
  }
}

/** Objects by the place they were seen near, a line per place (the floor is written for a reader: the house notes group by it; reading back takes the place's own). */
function objectLines(seen: readonly [number, Seen][]): string {
  const byPlace = new Map<string, { floor: number; objs: string[] }>();
  for (const [id, s] of seen) {
    const entry = byPlace.get(s.place) ?? { floor: s.floor, objs: [] };
    entry.objs.push(`${id}${s.offset ? ` (${shortOffsetText(s.offset)})` : ''}`);
    byPlace.set(s.place, entry);
  }
  return [...byPlace].map(([place, e]) => `Objects seen near '${place}' (floor ${e.floor}): ${e.objs.join(', ')}.`).join('\n');
}

/** The marked place of `floor` nearest to `p`, if one lies within `withinM`. */
export function nearestPlace(places: readonly PlaceRef[], floor: number, p: PlanarPoint, withinM = Infinity): PlaceRef | null {
  let best: PlaceRef | null = null,
    bestD = Infinity;
  for (const q of places) {
    const d = q.floor === floor ? Math.hypot(q.pose.x - p.x, q.pose.z - p.z) : Infinity;
    if (d < bestD && d <= withinM) [best, bestD] = [q, d];
  }
  return best;
}

/** `p` as metres ahead of and to the right of `place`, in the heading it was marked with. */
export function offsetFrom(place: PlaceRef, p: PlanarPoint): Offset {
  const dx = p.x - place.pose.x,
    dz = p.z - place.pose.z;
  const { fwd, right } = axes(place.pose.yaw);
  return { ahead: dx * fwd.x + dz * fwd.z, right: dx * right.x + dz * right.z };
}

/** An offset as a handover writes it: "1.2 m ahead, 0.4 m left" (read back by OFFSET / offsetOf). */
export const offsetText = (o: Offset): string => `${metres(o.ahead, 'ahead', 'behind')}, ${metres(o.right, 'right', 'left')}`;
/** the pattern of offsetText: four groups (metres ahead or behind, which, metres right or left, which) */
export const OFFSET = String.raw`(\d+(?:\.\d+)?) m (ahead|behind), (\d+(?:\.\d+)?) m (right|left)`;
/** The offset of OFFSET's four groups. */
export const offsetOf = (g: readonly string[]): Offset => ({
  ahead: Number(g[0]) * (g[1] === 'ahead' ? 1 : -1),
  right: Number(g[2]) * (g[3] === 'right' ? 1 : -1),
});

/**
 * An object's offset as the object lines write it: "1.2a 0.4l" (1.2 m ahead, 0.4 m left). A house has
 * some 200 objects within 4 m of its places; written out in words they ran past what one write stores
 * (6,000 characters), and the handovers and the house notes lost the oldest sightings (seed:1's run 2
 * searched a whole floor for goals run 1 had seen near 'place 1' and 'place 2', cut from the notes).
 */
export const shortOffsetText = (o: Offset): string =>
  `${Math.abs(o.ahead).toFixed(1)}${o.ahead >= 0 ? 'a' : 'b'} ${Math.abs(o.right).toFixed(1)}${o.right >= 0 ? 'r' : 'l'}`;
/** how the notes and handovers explain shortOffsetText to a reader */
export const SHORT_OFFSET_LEGEND =
  'an object\'s offset "1.2a 0.4l" is 1.2 m ahead of the place and 0.4 m to its left (b: behind, r: right), facing the way the place was marked';
const SHORT_OFFSET = /^(\d+(?:\.\d+)?)([ab]) (\d+(?:\.\d+)?)([rl])$/;
/** one object of an object line: its number and what the brackets after it hold */
const OBJECT_ITEM = /(\d+)(?: \(([^)]*)\))?/g;

/** An object's offset in either form (shortOffsetText's, or offsetText's of older notes); null when it is neither. */
export function objectOffsetOf(text: string): Offset | null {
  const s = SHORT_OFFSET.exec(text.trim());
  if (s) return offsetOf([s[1], s[2] === 'a' ? 'ahead' : 'behind', s[3], s[4] === 'r' ? 'right' : 'left']);
  const l = new RegExp(`^${OFFSET}$`).exec(text.trim());
  return l ? offsetOf(l.slice(1, 5)) : null;
}

/** Where a remembered object is in the estimated world: its place, moved by its offset (the place itself without one). */
export function pointOf(s: Seen, places: readonly PlaceRef[]): PlanarPoint | null {
  const p = places.find((q) => q.name === s.place);
  if (!p) return null;
  if (!s.offset) return { x: p.pose.x, z: p.pose.z };
  const { fwd, right } = axes(p.pose.yaw);
  return { x: p.pose.x + s.offset.ahead * fwd.x + s.offset.right * right.x, z: p.pose.z + s.offset.ahead * fwd.z + s.offset.right * right.z };
}

/** Unit vectors ahead and to the right at heading `yaw` (yaw 0 looks along +z, a left turn is positive). */
function axes(yaw: number) {
  return { fwd: headingVector(yaw), right: headingVector(yaw - Math.PI / 2) };
}

const metres = (v: number, pos: string, neg: string) => `${Math.abs(v).toFixed(1)} m ${v >= 0 ? pos : neg}`;
