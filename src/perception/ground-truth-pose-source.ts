/**
 * ABLATION ONLY: poses from the simulator (or a dataset's ground truth), as the papers compare SLAM
 * against ground-truth poses. The navigator must never use this by default (paper 001 §3.2); it exists so an
 * experiment can switch the tracker off explicitly.
 *
 * Poses are re-expressed relative to the first frame, so that the world frame is the first camera
 * frame seen, as with the tracker.
 */
import { invert, multiply, type Mat4 } from '../geometry/index.js';
import type { PoseEstimate, PoseSource, RgbdFrame } from './pose-source.js';

/** Gives the true camera-to-world pose of a frame (in any fixed world frame), or null when unknown. */
export type TruePoseFn = (frame: RgbdFrame) => Mat4 | null;

export class GroundTruthPoseSource implements PoseSource {
  readonly name = 'ground-truth (ablation)';
  private firstInv: Mat4 | null = null;

  constructor(private readonly truePose: TruePoseFn) {}

  estimate(frame: RgbdFrame): PoseEstimate {
    const p = this.truePose(frame);
    if (!p || p.length !== 16 || !p.every(Number.isFinite)) {
      return { status: this.firstInv ? 'lost' : 'initialising', pose: null, mapId: this.firstInv ? 1 : 0 };
    }
    if (!this.firstInv) this.firstInv = invert(p);
    return { status: 'ok', pose: multiply(this.firstInv, p), mapId: 1 };
  }

  /** The ablation's "map" is its world frame: the inverse of the first true pose, 16 float64 values. */
  exportMap(): Uint8Array | null {
    return this.firstInv ? new Uint8Array(Float64Array.from(this.firstInv).buffer) : null;
  }

  /** Continues in a world frame exported earlier, so that poses agree with an earlier run's map. */
  importMap(bytes: Uint8Array): void {
    if (bytes.length !== 128) throw new Error(`a ground-truth pose map is 16 float64 values (128 bytes), got ${bytes.length} bytes`);
    const m = new Float64Array(bytes.slice().buffer);
    if (!m.every(Number.isFinite)) throw new Error('a ground-truth pose map holds a non-finite value');
    this.firstInv = m;
  }

  reset(): void {
    this.firstInv = null;
  }

  dispose(): void {}
}
