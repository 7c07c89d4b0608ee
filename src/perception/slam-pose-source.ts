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

  reset(): void {
    this.tracker.reset();
  }

  dispose(): void {
    this.tracker.dispose();
  }
}
