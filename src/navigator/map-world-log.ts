/**
 * How the navigator's world relates to the tracker's map, frame by frame, so that the tracker map a
 * house memory keeps can be moved into the navigator's world keyframe by keyframe (moveMapWorld).
 * The navigator's pose of a frame is W·P, P the tracker's pose in its map: W is the map's anchor and
 * whatever the navigator did on top of it since (a pose the motion check replaced by dead reckoning,
 * a vertical correction). One anchor for the whole map is not enough: on a flight of stairs the
 * tracker may fall metres short of the body's travel while the motion check keeps the navigator's
 * poses right; every keyframe the tracker makes after that is off by that much, the map then holds
 * the same rooms twice, and a later run that relocalises in the second copy was put 1.4 m from its
 * grids and places (seed:3, docs/deployment.md).
 */
import { identity, invert, levelPose, type Mat4, multiply, NAVIGATOR_FRAME, planarPose, raisePose } from '../geometry/index.js';
import type { KeyframeStamp } from '../perception/index.js';

/** a change of W smaller than this is not noted (metres, and radians of its rotation) */
const MOVE_M = 0.01;
const TURN_RAD = 0.002;
/** mapped frames remembered: more than a vertical drift is ever found over (FloorTracker's driftFrames) */
const KEPT_MAPPED = 120;

interface Step {
  /** the frame's timestamp from which `W` holds, s */
  t: number;
  mapId: number;
  W: Mat4;
}

export class MapWorldLog {
  private steps: Step[] = [];
  /** timestamps of the newest frames mapped */
  private mappedAt: number[] = [];
  /** keyframes of the map loaded at the start (ids up to this one) are in its anchor's world */
  private loaded: { mapId: number; lastKeyframeId: number; anchor: () => Mat4 } | null = null;
  /** per map, per keyframe time (µs): the height a loop closure's correction was moved by to keep its own */
  private held = new Map<number, Map<number, number>>();

  /** A map taken back from a house memory: its keyframes up to `lastKeyframeId` were made in an earlier run. */
  restored(mapId: number, lastKeyframeId: number, anchor: () => Mat4): void {
    this.loaded = { mapId, lastKeyframeId, anchor };
  }

  /** Notes the world change of a frame: its tracker pose `tracked` (map `mapId`) was taken as `pose`. */
  note(t: number, mapId: number, tracked: Mat4, pose: Mat4): void {
    const W = multiply(pose, invert(tracked));
    const last = this.steps.at(-1);
    if (last && last.mapId === mapId && !differs(last.W, W)) return;
    this.steps.push({ t, mapId, W });
  }

  /**
   * The world change of keyframe `id` of map `mapId`, made at time `t`: the one noted last at or before
   * `t` in that map (the first of the map when none was yet), or the loaded map's anchor for a keyframe
   * of an earlier run; null when nothing of that map was noted.
   */
  worldOf(mapId: number, id: number, t: number): Mat4 | null {
    if (this.loaded && this.loaded.mapId === mapId && id <= this.loaded.lastKeyframeId) return this.loaded.anchor();
    let before: Step | null = null,
      after: Step | null = null;
    for (const s of this.steps) {
      if (s.mapId !== mapId) continue;
      if (s.t <= t) before = s;
      else {
        after = s;
        break;
      }
    }
    const s = before ?? after;
    const dh = this.held.get(mapId)?.get(Math.round(t * 1e6)) ?? 0;
    return s ? raisePose(NAVIGATOR_FRAME, s.W, dh) : null;
  }

  /**
   * Keyframe `t` of map `mapId` keeps its navigator height through a loop closure: the world change
   * it is carried by (worldOf) is raised by `dh` more (navigator/loop-rebuild.ts `closed`).
   */
  hold(mapId: number, t: number, dh: number): void {
    const m = this.held.get(mapId) ?? new Map<number, number>();
    const key = Math.round(t * 1e6);
    m.set(key, (m.get(key) ?? 0) + dh);
    this.held.set(mapId, m);
  }

  /**
   * A loop closure in map `mapId` met again the place of its keyframe made at time `t`: the pose graph
   * moved what the tracker mapped since to agree with that place, so what the navigator did to those
   * poses across the ground meanwhile (a motion check's correction of a slide the tracker's map kept
   * until the closure) no longer holds. Each change noted after `t` takes the one in force at `t` across
   * the ground, keeping its own height. Returns the planar change that takes the poses from now on into
   * that world, null when they are in it already.
   */
  rebase(mapId: number, t: number): Mat4 | null {
    const steps = this.steps.filter((s) => s.mapId === mapId);
    const at = [...steps].reverse().find((s) => s.t <= t) ?? steps[0];
    if (!at) return null;
    const now = planarChange(at.W, steps[steps.length - 1].W);
    for (const s of steps) if (s.t > t) s.W = multiply(planarChange(at.W, s.W), s.W);
    return differs(identity(), now) ? now : null;
  }

  /** Notes that the frame at time `t` went to the mapper (a vertical drift names a stretch of such frames). */
  mapped(t: number): void {
    this.mappedAt.push(t);
    if (this.mappedAt.length > KEPT_MAPPED) this.mappedAt.shift();
  }

  /**
   * The navigator found its poses `dh` off along up over the newest `frames` mapped frames (a height
   * held off its floor's), and raises them from now: what was noted for map `mapId` over that stretch
   * is raised too, so that the keyframes made then are saved at the height of the ones after. Left as
   * they were, a later run relocalised there was put that far up (0.72 m in seed:5). `frames`
   * Infinity: everything noted for that map in this run (a start turn landed on its floor).
   */
  raiseOver(frames: number, mapId: number, dh: number): void {
    const t0 = frames === Infinity ? -Infinity : this.mappedAt[Math.max(0, this.mappedAt.length - frames)];
    if (t0 === undefined) return;
    const i = this.steps.findIndex((s) => s.mapId === mapId && s.t >= t0);
    const before = [...this.steps].reverse().find((s) => s.mapId === mapId && s.t < t0);
    for (const s of this.steps) if (s.mapId === mapId && s.t >= t0) s.W = raisePose(NAVIGATOR_FRAME, s.W, dh);
    if (before) this.steps.splice(i < 0 ? this.steps.length : i, 0, { t: t0, mapId, W: raisePose(NAVIGATOR_FRAME, before.W, dh) });
  }

  /** how many changes were noted (a steady world notes one per map) */
  get size(): number {
    return this.steps.length;
  }

  /**
   * Map `mapId`'s file moved into the navigator's world by `move` (the pose source's), saved with the
   * identity as its anchor; a keyframe nothing was noted for moves by `fallback`. Unchanged, with
   * `fallback` as its anchor, when nothing at all was noted for that map.
   */
  intoWorld(
    bytes: Uint8Array,
    mapId: number,
    fallback: Mat4,
    move: (bytes: Uint8Array, worldOf: (k: KeyframeStamp) => Mat4) => Uint8Array,
  ): { bytes: Uint8Array; anchor: Mat4 } {
    if (!this.steps.some((s) => s.mapId === mapId) && this.loaded?.mapId !== mapId) return { bytes, anchor: fallback };
    return { bytes: move(bytes, (k) => this.worldOf(mapId, k.id, k.timestamp) ?? fallback), anchor: identity() };
  }
}

/** The rotation about up and the move across the ground that take world change `from` to `to`'s (heights left). */
function planarChange(to: Mat4, from: Mat4): Mat4 {
  return levelPose(NAVIGATOR_FRAME, planarPose(NAVIGATOR_FRAME, multiply(to, invert(from))), 0);
}

function differs(a: Mat4, b: Mat4): boolean {
  const d = multiply(invert(a), b);
  const turn = Math.acos(Math.min(1, Math.max(-1, (d[0] + d[5] + d[10] - 1) / 2)));
  return Math.hypot(d[3], d[7], d[11]) > MOVE_M || turn > TURN_RAD;
}
