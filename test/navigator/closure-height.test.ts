/**
 * A loop closure and the floor tracker's vertical correction must not both take the same vertical
 * drift out of the navigator's poses. The source below sinks (a climb under-read, as SLAM does), the
 * floor tracker finds the drift once the body has travelled on the floor and raises the navigator's
 * world, and then the source closes a loop that puts its poses and keyframes back on the truth: the
 * body and the kept keyframes must stay at their heights (on the floor), not be raised twice.
 */
import { describe, expect, it } from 'vitest';
import { NAVIGATOR_FRAME } from '../../src/geometry/frames.js';
import { cameraHeightOf } from '../../src/geometry/heights.js';
import { multiply, type Mat4 } from '../../src/geometry/pose.js';
import { Navigator } from '../../src/navigator/navigator.js';
import type { KeyframePose, PoseEstimate, PoseSource, RgbdFrame } from '../../src/perception/pose-source.js';
import { simWorld } from '../helpers/sim-world.js';

const SINK_FROM = 3,
  SINK_M = 0.3,
  KEYFRAME_EVERY = 5;

/** Ground truth that sinks SINK_M from frame SINK_FROM on, until `closeNext` is set: that frame closes a loop. */
class SinkingSource implements PoseSource {
  readonly name = 'sinking, then closing (test)';
  closeNext = false;
  private frame = 0;
  private closed = false;
  private readonly kfs: KeyframePose[] = [];

  constructor(private readonly truth: PoseSource) {}

  estimate(f: RgbdFrame): PoseEstimate {
    this.frame++;
    const t = this.truth.estimate(f);
    if (!t.pose) return t;
    // NAVIGATOR_FRAME: up is −y, so sinking is +y
    const down: Mat4 = new Float64Array([1, 0, 0, 0, 0, 1, 0, SINK_M, 0, 0, 1, 0, 0, 0, 0, 1]);
    const sunk = !this.closed && this.frame >= SINK_FROM;
    const est: PoseEstimate = { ...t, pose: sunk ? multiply(down, t.pose) : t.pose };
    if (this.closeNext) {
      this.closeNext = false;
      this.closed = true;
      est.pose = t.pose;
      est.loopClosed = true;
    }
    if (this.frame % KEYFRAME_EVERY === 1) {
      this.kfs.push({ id: this.kfs.length + 1, timestamp: f.timestamp, pose: est.pose! });
      est.keyframe = true;
    }
    return est;
  }

  /** after the closure every keyframe stands where the truth put it (as a closure corrects them) */
  keyframePoses(): KeyframePose[] {
    const up: Mat4 = new Float64Array([1, 0, 0, 0, 0, 1, 0, -SINK_M, 0, 0, 1, 0, 0, 0, 0, 1]);
    return this.kfs.map((k, i) => ({ ...k, pose: this.closed && i * KEYFRAME_EVERY + 1 >= SINK_FROM ? multiply(up, k.pose) : k.pose }));
  }

  reset(): void {}
  dispose(): void {}
}

describe('a loop closure after a vertical correction', () => {
  it('keeps the body and the kept keyframes on their floor, and the floor layer as it was', async () => {
    const { body, gt } = await simWorld(7);
    const source = new SinkingSource(gt);
    const nav = await Navigator.create({ body, poseSource: source });
    const start = body.groundTruthPose();
    for (let i = 0; i < 40 && Math.hypot(body.groundTruthPose()[3] - start[3], body.groundTruthPose()[11] - start[11]) < 1.4; i++) {
      const r = await nav.act(['forward']);
      if (r.collisions.length) await nav.act(['left', 'left', 'left', 'left', 'left', 'left']);
    }
    // the floor tracker has taken the sink out: the body is on the floor it started on
    expect(nav.state.verticalCorrections).toBe(1);
    const h = () => cameraHeightOf(NAVIGATOR_FRAME, nav.poseMatrix()!);
    expect(h()).toBeCloseTo(0, 6);
    source.closeNext = true;
    await nav.act(['left', 'left']);
    expect(nav.loopRebuild.stats.closures).toBe(1);
    // taken twice, the sink would put the body SINK_M above its floor
    expect(Math.abs(h())).toBeLessThan(0.01);
    expect(nav.state.floor).toBe(0);
    expect(nav.map.floors()).toHaveLength(1);
    // the kept keyframes: those made after the correction at the floor's height, those before it no
    // lower than the sunk height they were mapped at; none raised above the floor by the closure
    for (const k of nav.loopRebuild.poses()) expect(cameraHeightOf(NAVIGATOR_FRAME, k.pose)).toBeLessThan(0.01);
    await nav.act(['left', 'left', 'forward']);
    expect(Math.abs(h())).toBeLessThan(0.01);
    expect(nav.state.verticalCorrections).toBe(1);
    body.renderer.dispose();
    body.navmesh.destroy();
  }, 60_000);
});
