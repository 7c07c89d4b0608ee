/**
 * A pose source for tests of the live map following a loop closure: the true poses (a ground-truth
 * source) with a heading drift of `radPerFrame` from frame `driftFrom` on, a keyframe every
 * `keyframeEvery` frames, and (when `closeAt` is set) a loop closure at that frame that takes the drift
 * out of every keyframe and every later pose, as a tracker's closure does.
 */
import { multiply, type Mat4 } from '../../src/geometry/pose.js';
import type { KeyframePose, PoseEstimate, PoseSource, RgbdFrame } from '../../src/perception/pose-source.js';

/** A turn of the world about its up axis (−y) through the first camera. */
export function yawAbout(theta: number): Mat4 {
  const c = Math.cos(theta),
    s = Math.sin(theta);
  return new Float64Array([c, 0, s, 0, 0, 1, 0, 0, -s, 0, c, 0, 0, 0, 0, 1]);
}

export interface DriftOptions {
  /** the first frame that drifts (default 0: from the start) */
  driftFrom?: number;
  /** heading drift per frame, rad (default 0.3°) */
  radPerFrame?: number;
  keyframeEvery?: number;
}

export class DriftingSource implements PoseSource {
  readonly name = 'drifting (test)';
  private frame = 0;
  private closed = false;
  private readonly kfs: KeyframePose[] = [];
  private readonly from: number;
  private readonly rate: number;
  private readonly every: number;

  constructor(
    private readonly truth: PoseSource,
    private readonly closeAt: number | null,
    opts: DriftOptions = {},
  ) {
    this.from = opts.driftFrom ?? 0;
    this.rate = opts.radPerFrame ?? (0.3 * Math.PI) / 180;
    this.every = opts.keyframeEvery ?? 5;
  }

  estimate(f: RgbdFrame): PoseEstimate {
    this.frame++;
    const t = this.truth.estimate(f);
    if (!t.pose) return t;
    const drift = this.closed ? 0 : Math.max(0, this.frame - this.from) * this.rate;
    const est: PoseEstimate = { ...t, pose: multiply(yawAbout(drift), t.pose) };
    if (this.frame % this.every === 1) {
      this.kfs.push({ id: this.kfs.length + 1, timestamp: f.timestamp, pose: t.pose });
      est.keyframe = true;
    }
    if (this.frame === this.closeAt) {
      this.closed = true;
      est.pose = t.pose;
      est.loopClosed = true;
    }
    return est;
  }

  keyframePoses(): KeyframePose[] {
    return this.kfs;
  }

  reset(): void {}
  dispose(): void {}
}
