/**
 * A loop closure after a slide the motion check caught. The source below turns its map 4° about the
 * camera at one frame (a slide: the tracker's yaw jumps at a keyframe and its map keeps the error), the
 * motion check replaces that frame by the commanded motion and carries the correction on, and then the
 * source closes a loop back to its first frame that takes the slide out of its poses and keyframes
 * (7:aliasing's live tour, docs/deployment.md). The navigator's world from the closure on must be the
 * one it had at the place met again: the body and every kept keyframe where the truth puts them, not
 * turned back a second time by the correction the closure made stale.
 */
import { describe, expect, it } from 'vitest';
import { NAVIGATOR_FRAME, planarPose } from '../../src/geometry/frames.js';
import { levelPose } from '../../src/geometry/heights.js';
import { invert, multiply, type Mat4 } from '../../src/geometry/pose.js';
import { wrapAngle } from '../../src/geometry/index.js';
import { MapWorldLog } from '../../src/navigator/map-world-log.js';
import { Navigator } from '../../src/navigator/navigator.js';
import type { KeyframePose, PoseEstimate, PoseSource, RgbdFrame } from '../../src/perception/pose-source.js';
import { simWorld } from '../helpers/sim-world.js';

const SLIDE_AT = 12,
  SLIDE_RAD = (4 * Math.PI) / 180,
  KEYFRAME_EVERY = 5;

/** Ground truth turned SLIDE_RAD about the camera from frame SLIDE_AT on, until `closeNext`: that frame closes a loop to frame 1. */
class SlidingSource implements PoseSource {
  readonly name = 'sliding, then closing (test)';
  closeNext = false;
  /** whether the closure names the frame it matched (PoseEstimate.loopMatchedAt) */
  namesMatch = true;
  private frame = 0;
  private slide: Mat4 | null = null;
  private closed = false;
  private firstT = 0;
  private readonly kfs: (KeyframePose & { truth: Mat4 })[] = [];

  constructor(private readonly truth: PoseSource) {}

  estimate(f: RgbdFrame): PoseEstimate {
    this.frame++;
    if (this.frame === 1) this.firstT = f.timestamp;
    const t = this.truth.estimate(f);
    if (!t.pose) return t;
    if (this.frame === SLIDE_AT) {
      const p = planarPose(NAVIGATOR_FRAME, t.pose);
      this.slide = multiply(levelPose(NAVIGATOR_FRAME, { ...p, yaw: p.yaw + SLIDE_RAD }, 0), invert(levelPose(NAVIGATOR_FRAME, p, 0)));
    }
    const closing = this.closeNext;
    this.closeNext = false;
    if (closing) this.closed = true;
    const est: PoseEstimate = { ...t, pose: this.slide && !this.closed ? multiply(this.slide, t.pose) : t.pose };
    if (closing) {
      est.loopClosed = true;
      if (this.namesMatch) est.loopMatchedAt = this.firstT;
    }
    if (this.frame % KEYFRAME_EVERY === 1) {
      this.kfs.push({ id: this.kfs.length + 1, timestamp: f.timestamp, pose: est.pose!, truth: t.pose });
      est.keyframe = true;
    }
    return est;
  }

  /** after the closure every keyframe stands where the truth put it (the closure took the slide out) */
  keyframePoses(): KeyframePose[] {
    return this.kfs.map((k) => ({ id: k.id, timestamp: k.timestamp, pose: this.closed ? k.truth : k.pose }));
  }

  reset(): void {}
  dispose(): void {}
}

const yawOf = (m: Mat4) => planarPose(NAVIGATOR_FRAME, m).yaw;
const apart = (a: Mat4, b: Mat4) => ({ m: Math.hypot(a[3] - b[3], a[11] - b[11]), rad: Math.abs(wrapAngle(yawOf(a) - yawOf(b))) });

async function slideThenClose(namesMatch: boolean) {
  const { body, gt } = await simWorld(7);
  const source = new SlidingSource(gt);
  source.namesMatch = namesMatch;
  const nav = await Navigator.create({ body, poseSource: source });
  const truth = new GroundTruthInWorld(body.groundTruthPose());
  try {
    for (let i = 0; i < 6; i++) {
      const r = await nav.act(['forward']);
      if (r.collisions.length) await nav.act(['left', 'left', 'left', 'left', 'left', 'left']);
    }
    // the slide was caught: the body where the truth is, though the source says 4° off
    expect(nav.state.motionRejects).toBe(1);
    const before = apart(nav.poseMatrix()!, truth.now(body.groundTruthPose()));
    source.closeNext = true;
    await nav.act(['left', 'forward']);
    // the closure frame is taken, not judged: no second rejection
    expect(nav.state.motionRejects).toBe(1);
    expect(nav.loopRebuild.stats.closures).toBe(1);
    return { before, after: apart(nav.poseMatrix()!, truth.now(body.groundTruthPose())), kept: nav.loopRebuild.poses(), source };
  } finally {
    body.renderer.dispose();
    body.navmesh.destroy();
  }
}

/** The true camera pose in the navigator's world (the first camera's). */
class GroundTruthInWorld {
  private readonly firstInv: Mat4;
  constructor(first: Mat4) {
    this.firstInv = invert(first);
  }
  now(p: Mat4): Mat4 {
    return multiply(this.firstInv, p);
  }
}

describe('a loop closure after a slide the motion check caught', () => {
  it('puts the body and the kept keyframes where the truth is, the stale correction dropped', async () => {
    const r = await slideThenClose(true);
    expect(r.before.rad).toBeLessThan(0.2 * (Math.PI / 180));
    // with the correction applied on top of the closure, the body would be 4° off
    expect(r.after.rad).toBeLessThan(0.2 * (Math.PI / 180));
    expect(r.after.m).toBeLessThan(0.02);
    const truthAt = new Map(r.source.keyframePoses().map((k) => [k.timestamp, k.pose]));
    expect(r.kept.length).toBeGreaterThan(4);
    for (const k of r.kept) {
      const d = apart(k.pose, truthAt.get(k.t)!);
      expect(d.rad).toBeLessThan(0.2 * (Math.PI / 180));
      expect(d.m).toBeLessThan(0.02);
    }
  }, 60_000);

  it('keeps the correction when the closure does not name the place it met again', async () => {
    const r = await slideThenClose(false);
    expect(Math.abs(r.after.rad - SLIDE_RAD)).toBeLessThan(0.2 * (Math.PI / 180));
  }, 60_000);
});

describe('MapWorldLog.rebase', () => {
  const turnedBy = (rad: number, x: number, up: number): Mat4 => levelPose(NAVIGATOR_FRAME, { x, z: 0, yaw: rad }, up);

  it('gives the changes after the matched time the one in force then across the ground, keeping their heights', () => {
    const log = new MapWorldLog();
    const tracked = levelPose(NAVIGATOR_FRAME, { x: 1, z: 2, yaw: 0.3 }, 0);
    log.note(1, 1, tracked, tracked);
    // a correction across the ground at t = 5, then a vertical one on top at t = 8
    log.note(5, 1, tracked, multiply(turnedBy(0.07, 0.2, 0), tracked));
    log.note(8, 1, tracked, multiply(turnedBy(0.07, 0.2, 0.3), tracked));
    const d = log.rebase(1, 2)!;
    expect(d).not.toBeNull();
    // the poses from now on are turned back by the correction across the ground only
    const now = multiply(d, multiply(turnedBy(0.07, 0.2, 0.3), tracked));
    const w = log.worldOf(1, 9, 9)!;
    expect(Math.abs(wrapAngle(yawOf(now) - yawOf(tracked)))).toBeLessThan(1e-9);
    expect(Math.hypot(now[3] - tracked[3], now[11] - tracked[11])).toBeLessThan(1e-9);
    expect(now[7] - tracked[7]).toBeCloseTo(NAVIGATOR_FRAME.up[1] * 0.3, 9);
    // the keyframes of that stretch move into the same world, at the height noted for them
    const kf = multiply(w, tracked);
    expect(Math.hypot(kf[3] - tracked[3], kf[11] - tracked[11])).toBeLessThan(1e-9);
    expect(kf[7] - tracked[7]).toBeCloseTo(NAVIGATOR_FRAME.up[1] * 0.3, 9);
    expect(log.worldOf(1, 6, 6)![7]).toBeCloseTo(0, 9);
    // nothing left to take out
    expect(log.rebase(1, 2)).toBeNull();
    expect(log.rebase(2, 2)).toBeNull();
  });
});
