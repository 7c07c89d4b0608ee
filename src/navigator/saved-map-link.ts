/**
 * A navigator's link to a house memory's saved map: the map and the memory built on it taken back at
 * the start (the first poses relocalise the body), set aside while the body is not localised in it,
 * joined again by a late relocalisation, and exported for the next memory with the run's corrections.
 * Kept apart from the navigator's per-frame loop: every piece here runs once or twice a run.
 */
import { identity, invert, multiply, NAVIGATOR_FRAME, planarPose, raisePose, type Mat4 } from '../geometry/index.js';
import type { DepthFrame, FloorMapper, PlanarPoint, PosedDepth } from '../mapping/index.js';
import type { PoseSource } from '../perception/index.js';
import type { Anchoring } from './anchoring.js';
import type { LoopRebuild } from './loop-rebuild.js';
import type { MapWorldLog } from './map-world-log.js';
import type { CommandedMotion, MotionCheck } from './motion-check.js';
import { memoryProblem, type NavigatorMemory } from './navigator-memory.js';
import type { SavedPoseMap } from './navigator-options.js';
import type { PlaceStore } from './places.js';
import { joinSavedWorld, type SavedSpatial } from './saved-world.js';
import type { FrameArchive, ViewBank } from './view-bank.js';
import { FIT_RADIUS_M, JOIN_DEBUG, JoinWatch } from './join-watch.js';

/** The navigator's parts the saved map is loaded into, joined with and exported from. */
export interface SavedMapParts {
  poseSource: PoseSource;
  mapper: FloorMapper;
  places: PlaceStore;
  viewBank: ViewBank;
  archive: FrameArchive;
  loopRebuild: LoopRebuild;
  anchoring: Anchoring;
  worldLog: MapWorldLog;
  motionCheck: MotionCheck | null;
  trails(): PlanarPoint[][];
  setTrails(trails: PlanarPoint[][]): void;
  forgetMap(): void;
}

/** a late join that puts the body this near (metres, radians) where a refuted join had it is the same look-alike again */
const SAME_PLACE_M = 0.5;
const SAME_PLACE_RAD = (15 * Math.PI) / 180;
/** after this many joins refuted by depth the saved map is dropped for the run: places that keep fooling the tracker are not looked for again */
export const MAX_REFUSALS = 6;
/**
 * the same look-alike found again costs nothing to refuse, but the tracker finds it every few frames
 * while the body is there (seed:0 run 3: 5 times in 31 frames of a turn on the spot, which used up
 * MAX_REFUSALS before the body had left): such refusals have their own, larger allowance
 */
export const MAX_SAME_PLACE_REFUSALS = 30;

export class SavedMapLink {
  /** the saved grids, places and trails while the body is not localised in their map */
  private aside: SavedSpatial | null = null;
  /** the house memory's grids, places and trails as they were loaded (what is set aside) */
  loaded: SavedSpatial | null = null;
  /** as loaded, for good: what a refuted join sets aside again, and what joins are judged against */
  private original: SavedSpatial | null = null;
  /** the join under judgement (join-watch.ts); null when there is none or it was confirmed */
  private watch: JoinWatch | null = null;
  /** joins refused so far (a look-alike place: the pose source left the saved map each time) */
  refusals = 0;
  /** of which the same look-alike found again (refused at once, not judged by depth) */
  private samePlaceRefusals = 0;
  /** the frame (1 = first) at which the body was found in the saved map after the start turn failed (or a join was refuted) */
  lateAt: number | null = null;

  constructor(private readonly p: SavedMapParts) {}

  /** Takes back a saved map and the memory built on it; the first poses in it relocalise the body. */
  relocateInto(saved: SavedPoseMap, m: NavigatorMemory | undefined): void {
    const p = this.p;
    if (!p.poseSource.importMap) throw new Error(`the pose source '${p.poseSource.name}' cannot load a saved map`);
    if (saved.anchor.length !== 16 || !Array.from(saved.anchor).every(Number.isFinite)) throw new Error('a saved anchor must be 16 finite numbers');
    if (m) {
      const problem = memoryProblem(m);
      if (problem) throw new Error(`cannot continue from the saved navigator memory: ${problem}`);
      // an earlier run's map: this run's free space wins over its obstacles (docs/deployment.md)
      restoreSpatial(p, m, true);
      // as loaded: until the body is relocalised, frames are mapped into these layers in another world
      this.loaded = { layers: m.layers, places: m.places, trails: m.trails };
      this.original = this.loaded;
    }
    p.poseSource.importMap(saved.bytes);
    p.anchoring.restore(saved.anchor, saved.mapId, saved.bytes);
    const kfs = p.poseSource.mapKeyframes?.(saved.bytes) ?? [];
    p.worldLog.restored(
      saved.mapId,
      kfs.reduce((n, k) => Math.max(n, k.id), 0),
      () => p.anchoring.restored()!.anchor,
    );
  }

  /**
   * The pose source's map for a house memory, each keyframe moved into the navigator's world by what the
   * navigator did to the poses of its frame (map-world-log.ts); null when the source keeps none. After a
   * refuted move back into the loaded map, the map as loaded is kept instead (the grids are in its world).
   */
  exported(): SavedPoseMap | null {
    const { anchoring, motionCheck: mc, poseSource, worldLog } = this.p;
    const back = anchoring.restored();
    if (back?.bytes && mc?.switchesRejected) return { bytes: back.bytes, anchor: back.anchor, mapId: back.mapId };
    const bytes = poseSource.exportMap?.() ?? null;
    const cur = anchoring.current();
    if (!bytes || !cur) return null;
    const anchor = mc && !back?.current ? mc.carry(cur.anchor) : cur.anchor;
    const move = poseSource.moveMap?.bind(poseSource);
    return { ...(move ? worldLog.intoWorld(bytes, cur.mapId, anchor, move) : { bytes, anchor }), mapId: cur.mapId };
  }

  /**
   * Sets the saved grids and places aside when the body could not be relocalised in their map: poses of
   * the tracker's new map are not in their frame, so they would mislead every plan. They come back (the
   * run's map carried into their world) when a later frame relocalises.
   */
  abandon(): void {
    this.aside = this.loaded;
    this.loaded = null;
    this.p.forgetMap();
    this.p.places.clear();
  }

  /**
   * A start turn that relocalised: its views (`seen`, at the joined poses) land the body on the saved
   * floor they agree with (`raise`), and the join is watched from here on with them as its first scan.
   */
  landTurn(seen: readonly PosedDepth[], raise: (dh: number) => void): void {
    if (!this.loaded) return;
    raise(this.p.mapper.landOnSaved(this.loaded.layers, seen));
    this.watch = this.original ? new JoinWatch(seen) : null;
  }

  /**
   * A frame posed (`pose`, in the saved world) while a join is under judgement. True when the join was
   * refuted at this frame: the saved map is set aside again and the pose source left it
   * (refuse); the navigator's world goes on unbroken from `pose`.
   */
  observe(frame: DepthFrame, pose: Mat4): boolean {
    const w = this.watch,
      original = this.original;
    if (!w || !original) return false;
    const verdict = w.frame(frame, pose, (views) => this.p.mapper.fitOnSaved(original.layers, views, FIT_RADIUS_M));
    if (verdict === 'confirmed') this.watch = null;
    return verdict === 'refuted' && this.refuse(pose);
  }

  /**
   * The join in the saved map is refuted: the saved grids and places go aside as loaded (what this run
   * mapped since the join, in the wrong place, is forgotten), the pose source leaves the saved map (for
   * good after MAX_REFUSALS, or MAX_SAME_PLACE_REFUSALS of `samePlace`: a refused look-alike found
   * again) and the next map is anchored at `lastTrusted`. False when the pose source cannot leave it (the
   * join then stands).
   */
  refuse(lastTrusted: Mat4 | null, samePlace = false): boolean {
    const p = this.p;
    const same = this.samePlaceRefusals + (samePlace ? 1 : 0);
    const forget = samePlace ? same >= MAX_SAME_PLACE_REFUSALS : this.refusals - same + 1 >= MAX_REFUSALS;
    if (!this.original || !p.poseSource.leaveImportedMap?.(forget)) return false;
    this.refusals++;
    this.samePlaceRefusals = same;
    this.watch = null;
    this.lateAt = null;
    this.loaded = null;
    this.aside = forget ? null : this.original;
    p.forgetMap();
    p.places.clear();
    p.anchoring.refused(lastTrusted, forget);
    // the world goes on from the refused pose through the loss that follows (the tracker left its map):
    // re-anchored without the turn made meanwhile, a look-alike found again would seem another place
    p.motionCheck?.restart(lastTrusted);
    return true;
  }

  /** True while saved grids and places wait aside for a late relocalisation. */
  get waiting(): boolean {
    return this.aside !== null;
  }

  /**
   * Back in the saved map. Already in the saved world (a loss later in the run), the pose is judged
   * against the commanded motion (`MotionCheck.switchInto`); else the run's world is joined to the saved
   * one by the frame's two poses (`before` in the run's world, judged there as any frame, else `last`).
   */
  join(
    late: { before: Mat4 | null; after: Mat4 },
    motion: CommandedMotion,
    blocked: boolean,
    last: Mat4 | null,
    frame: number,
  ): { pose: Mat4 | null; plausible: boolean } {
    const p = this.p,
      mc = p.motionCheck;
    if (!this.aside) return mc ? mc.switchInto(late.after, motion, blocked, late.before) : { pose: late.after, plausible: true };
    // no handover (found again straight after a refusal): where the body went since the last pose, not that pose
    const before = late.before ? (mc?.apply(late.before, motion, blocked).pose ?? late.before) : (mc?.reckoned(motion, blocked) ?? last);
    if (JOIN_DEBUG) console.error(`[join] frame ${frame}, ${this.refusals} refused: ${describe(before)} → ${describe(late.after)}`);
    mc?.restart();
    // after a refusal the navigator's world went on from the refuted place: a join that puts the body
    // where it already believes it is, is the same look-alike found again
    if (this.refusals > 0 && before && samePlace(before, late.after) && this.refuse(before, true)) return { pose: before, plausible: false };
    this.lateAt = frame;
    this.watch = this.original ? new JoinWatch() : null;
    // no pose in the run's world at all: nothing was mapped there, the saved world simply comes back
    const run = { mapper: p.mapper, places: p.places, viewBank: p.viewBank, archive: p.archive, trails: p.trails() };
    const { trails, raised } = joinSavedWorld(this.aside, run, before ? multiply(late.after, invert(before)) : identity());
    p.setTrails(trails);
    this.aside = null;
    // the run's keyframes are carried into the joined layers, which a later rebuild starts from
    p.loopRebuild.setBase(p.mapper.layers());
    // the saved map's poses are off along up where the body was found: from here they are raised
    p.anchoring.raise(raised);
    const after = raisePose(NAVIGATOR_FRAME, late.after, raised);
    return mc ? mc.apply(after, motion, blocked) : { pose: after, plausible: true };
  }
}

/** A pose as x, z (m) and yaw (degrees), for the debug trace. */
function describe(pose: Mat4 | null): string {
  if (!pose) return 'none';
  const p = planarPose(NAVIGATOR_FRAME, pose);
  return `${p.x.toFixed(2)}, ${p.z.toFixed(2)}, ${((p.yaw * 180) / Math.PI).toFixed(1)}°`;
}

/** Two camera poses at the same place, looking the same way (within SAME_PLACE_M and SAME_PLACE_RAD). */
function samePlace(a: Mat4, b: Mat4): boolean {
  const pa = planarPose(NAVIGATOR_FRAME, a),
    pb = planarPose(NAVIGATOR_FRAME, b);
  const turn = Math.abs(Math.atan2(Math.sin(pa.yaw - pb.yaw), Math.cos(pa.yaw - pb.yaw)));
  return Math.hypot(pa.x - pb.x, pa.z - pb.z) < SAME_PLACE_M && turn < SAME_PLACE_RAD;
}

/** A memory's layers, places and trails into the navigator's parts (`asPrior`: an earlier run's map). */
export function restoreSpatial(p: SavedMapParts, m: NavigatorMemory, asPrior = false): void {
  p.mapper.restore(m.layers, m.floor, asPrior);
  p.loopRebuild.setBase(m.layers);
  for (const place of m.places) p.places.restore(place);
  p.setTrails(m.trails);
}
