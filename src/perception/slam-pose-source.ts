/** The pose source the navigator uses: the visual tracker. */
import type { Mat4 } from '../geometry/index.js';
import { readMapKeyframes } from './map-file.js';
import { moveMapWorld } from './map-world.js';
import type { KeyframePose, KeyframeStamp, MapAdjustment, PoseEstimate, PoseSource, RgbdFrame } from './pose-source.js';
import { Tracker, type TrackerOptions } from './tracker.js';
import { warmTrackerCode } from './tracker-warmup.js';

export class SlamPoseSource implements PoseSource {
  readonly name = 'slam';

  /** the current map's keyframe count and the loop closures after the previous frame */
  private last = { mapId: 0, keyframes: 0, loopClosures: 0 };
  /** the map last imported, as it was (leaveImportedMap loads it again) */
  private imported: Uint8Array | null = null;
  /**
   * every frame's timestamp by the tracker's frame number (1 = its first; the number a closure names its
   * matched keyframe by); null once a map was imported: its keyframes carry the numbers of the run that
   * made them, which this run's reuse
   */
  private stamps: number[] | null = [];

  private constructor(readonly tracker: Tracker) {}

  static async create(options: TrackerOptions): Promise<SlamPoseSource> {
    // the first frames would otherwise pay for compiling the tracker's code (tracker-warmup.ts)
    await warmTrackerCode(options);
    return new SlamPoseSource(await Tracker.create(options));
  }

  /**
   * Tracks the frame; marks it as a keyframe when the current map gained one (a keyframe culled in the
   * same call hides the new one: its depth is then not kept, its neighbours cover the place), and as a
   * loop closure when the tracker closed one.
   */
  estimate(frame: RgbdFrame, motion?: Mat4): PoseEstimate {
    const est = this.tracker.track(frame, motion);
    this.stamps?.push(frame.timestamp);
    const c = this.tracker.counts();
    const before = est.mapId === this.last.mapId ? this.last.keyframes : 0;
    if (est.status === 'ok' && c.keyframes > before) est.keyframe = true;
    if (c.loopClosures > this.last.loopClosures) {
      est.loopClosed = true;
      const t = this.stamps?.[c.loopMatchFrame - 1];
      if (t !== undefined) est.loopMatchedAt = t;
    }
    this.last = { mapId: est.mapId, keyframes: c.keyframes, loopClosures: c.loopClosures };
    return est;
  }

  keyframePoses(): KeyframePose[] {
    return this.tracker.keyframePoses();
  }

  /**
   * The tracker's pending mapping run to its end (Tracker.settle). A closure committed here is left for
   * the next estimate to report as well (loopClosed), where the navigator follows it as any other.
   */
  settle(): boolean {
    return this.tracker.settle();
  }

  /**
   * Tracker.optimizeMap on a map of this run's own: an imported map's keyframes (and those this run
   * fitted to them, held to them) stay as they are, since the house memory's grids were drawn at them.
   */
  adjustMap(): MapAdjustment | null {
    if (this.imported) return null;
    this.tracker.settle();
    if (this.tracker.counts().keyframes < 2) return null;
    const r = this.tracker.optimizeMap();
    return { ms: r.ms, costBefore: r.costBefore, costAfter: r.costAfter, keyframes: r.keyframes };
  }

  /** The tracker's current map (native/src/io/map_file.h) with its pending mapping settled first, null before its first keyframe. */
  exportMap(): Uint8Array | null {
    this.tracker.settle();
    return this.tracker.counts().keyframes > 0 ? this.tracker.saveMap() : null;
  }

  /** Loads a saved tracker map: the next frames relocalise in it (Tracker.loadMap). */
  importMap(bytes: Uint8Array): void {
    this.tracker.loadMap(bytes);
    this.last = { mapId: 0, keyframes: 0, loopClosures: this.tracker.counts().loopClosures };
    this.imported = bytes;
    this.stamps = null;
  }

  /**
   * The imported map loaded again as it was imported (the keyframes made in it since are dropped, and
   * so is every map of the tracker's own), with no patience: a map of its own opens on the next frame
   * that does not relocalise in it. `forget`: every map dropped instead, the imported one too.
   */
  leaveImportedMap(forget = false): boolean {
    if (!this.imported) return false;
    if (forget) this.tracker.reset();
    else this.tracker.loadMap(this.imported, 0);
    this.last = { mapId: 0, keyframes: 0, loopClosures: this.tracker.counts().loopClosures };
    return true;
  }

  mapKeyframes(bytes: Uint8Array): KeyframeStamp[] {
    return readMapKeyframes(bytes);
  }

  moveMap(bytes: Uint8Array, worldOf: (k: KeyframeStamp) => Mat4): Uint8Array {
    return moveMapWorld(bytes, worldOf);
  }

  reset(): void {
    this.tracker.reset();
    this.last = { mapId: 0, keyframes: 0, loopClosures: 0 };
    this.imported = null;
  }

  dispose(): void {
    this.tracker.dispose();
  }
}
