/** The pose source the navigator uses: the visual tracker. */
import type { Mat4 } from '../geometry/index.js';
import { readMapKeyframes } from './map-file.js';
import { moveMapWorld } from './map-world.js';
import type { KeyframeStamp, PoseEstimate, PoseSource, RgbdFrame } from './pose-source.js';
import { Tracker, type TrackerOptions } from './tracker.js';

export class SlamPoseSource implements PoseSource {
  readonly name = 'slam';

  private constructor(readonly tracker: Tracker) {}

  static async create(options: TrackerOptions): Promise<SlamPoseSource> {
    return new SlamPoseSource(await Tracker.create(options));
  }

  estimate(frame: RgbdFrame, motion?: Mat4): PoseEstimate {
    return this.tracker.track(frame, motion);
  }

  /** The tracker's current map (native/src/io/map_file.h), null before its first keyframe. */
  exportMap(): Uint8Array | null {
    return this.tracker.counts().keyframes > 0 ? this.tracker.saveMap() : null;
  }

  /** Loads a saved tracker map: the next frames relocalise in it (Tracker.loadMap). */
  importMap(bytes: Uint8Array): void {
    this.tracker.loadMap(bytes);
  }

  mapKeyframes(bytes: Uint8Array): KeyframeStamp[] {
    return readMapKeyframes(bytes);
  }

  moveMap(bytes: Uint8Array, worldOf: (k: KeyframeStamp) => Mat4): Uint8Array {
    return moveMapWorld(bytes, worldOf);
  }

  reset(): void {
    this.tracker.reset();
  }

  dispose(): void {
    this.tracker.dispose();
  }
}
