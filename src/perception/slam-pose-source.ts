/** The pose source the navigator uses: the visual tracker. */
import type { PoseEstimate, PoseSource, RgbdFrame } from './pose-source.js';
import { Tracker, type TrackerOptions } from './tracker.js';

export class SlamPoseSource implements PoseSource {
  readonly name = 'slam';

  private constructor(readonly tracker: Tracker) {}

  static async create(options: TrackerOptions): Promise<SlamPoseSource> {
    return new SlamPoseSource(await Tracker.create(options));
  }

  estimate(frame: RgbdFrame): PoseEstimate {
    return this.tracker.track(frame);
  }

  /** The tracker's current map (native/src/io/map_file.h), null before its first keyframe. */
  exportMap(): Uint8Array | null {
    return this.tracker.counts().keyframes > 0 ? this.tracker.saveMap() : null;
  }

  /** Loads a saved tracker map: the next frames relocalise in it (Tracker.loadMap). */
  importMap(bytes: Uint8Array): void {
    this.tracker.loadMap(bytes);
  }

  reset(): void {
    this.tracker.reset();
  }

  dispose(): void {
    this.tracker.dispose();
  }
}
