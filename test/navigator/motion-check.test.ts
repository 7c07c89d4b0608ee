import { describe, expect, it } from 'vitest';
import { NAVIGATOR_FRAME, planarPose, type PlanarPose } from '../../src/geometry/frames.js';
import { cameraHeightOf } from '../../src/geometry/heights.js';
import { invert as invertPose, multiply, type Mat4 } from '../../src/geometry/pose.js';
import { MotionCheck } from '../../src/navigator/motion-check.js';
import { Navigator } from '../../src/navigator/navigator.js';
import type { PoseEstimate, PoseSource, RgbdFrame } from '../../src/perception/pose-source.js';
import { simWorld } from '../helpers/sim-world.js';

const DEG = Math.PI / 180;
/** A level camera at planar pose (x, z, yaw) in NAVIGATOR_FRAME (up = −y). */
function pose(x: number, z: number, yaw: number, y = -0.88): Mat4 {
  const c = Math.cos(yaw),
    s = Math.sin(yaw);
  return new Float64Array([c, 0, -s, x, 0, 1, 0, y, s, 0, c, z, 0, 0, 0, 1]);
}
const planar = (m: Mat4) => planarPose(NAVIGATOR_FRAME, m);
function expectPlanar(m: Mat4, p: PlanarPose, digits = 9) {
  const q = planar(m);
  expect(q.x).toBeCloseTo(p.x, digits);
  expect(q.z).toBeCloseTo(p.z, digits);
  expect(Math.sin(q.yaw - p.yaw)).toBeCloseTo(0, digits);
}

describe('MotionCheck: tracked motion against the commanded sub-motion', () => {
  it('passes plausible increments through untouched, tracker noise included', () => {
    const mc = new MotionCheck();
    const seq: [Mat4, 'still' | 'left' | 'right' | 'forward'][] = [
      [pose(0, 0, 0), 'still'],
      [pose(0.004, 0.002, 3.4 * DEG), 'left'],
      [pose(0.001, 0.045, 3.1 * DEG), 'forward'],
      [pose(-0.01, 0.05, 0.5 * DEG), 'right'],
    ];
    for (const [p, m] of seq) {
      const r = mc.apply(p, m);
      expect(r.plausible).toBe(true);
      expect(r.pose).toBe(p);
    }
    expect(mc.rejected).toBe(0);
  });

  it('tolerates 8 cm beyond the commanded travel and 2° beyond the commanded turn by default', () => {
    const judge = (p: Mat4, m: 'left' | 'forward') => {
      const mc = new MotionCheck();
      mc.apply(pose(0, 0, 0), 'still');
      return mc.apply(p, m).plausible;
    };
    expect(judge(pose(0.07, 0, 3 * DEG), 'left')).toBe(true);
    expect(judge(pose(0.09, 0, 3 * DEG), 'left')).toBe(false);
    expect(judge(pose(0, 0.12, 0), 'forward')).toBe(true);
    expect(judge(pose(0, 0.14, 0), 'forward')).toBe(false);
    expect(judge(pose(0, 0, 4.9 * DEG), 'left')).toBe(true);
    expect(judge(pose(0, 0, 5.1 * DEG), 'left')).toBe(false);
    const strict = new MotionCheck({ translationTolM: 0.01 });
    strict.apply(pose(0, 0, 0), 'still');
    expect(strict.apply(pose(0.02, 0, 3 * DEG), 'left').plausible).toBe(false);
  });

  it('replaces a slide during a turn in place by the commanded turn and carries the correction on', () => {
    const mc = new MotionCheck();
    mc.apply(pose(1, 2, 10 * DEG), 'still');
    mc.apply(pose(1, 2, 13 * DEG), 'left');
    // the tracker reports 0.3 m of travel while the body turns in place, and keeps that offset
    const glitch = mc.apply(pose(1.3, 2, 16 * DEG), 'left');
    expect(glitch.plausible).toBe(false);
    expectPlanar(glitch.pose!, { x: 1, z: 2, yaw: 16 * DEG });
    const next = mc.apply(pose(1.3, 2, 19 * DEG), 'left');
    expect(next.plausible).toBe(true);
    expectPlanar(next.pose!, { x: 1, z: 2, yaw: 19 * DEG });
    // a forward after it moves along the corrected heading by what the tracker saw
    const fwd = mc.apply(pose(1.3 - 0.05 * Math.sin(19 * DEG), 2 + 0.05 * Math.cos(19 * DEG), 19 * DEG), 'forward');
    expect(fwd.plausible).toBe(true);
    expectPlanar(fwd.pose!, { x: 1 - 0.05 * Math.sin(19 * DEG), z: 2 + 0.05 * Math.cos(19 * DEG), yaw: 19 * DEG });
    // height, pitch and roll stay the tracker's: the correction is a motion of the ground plane
    expect(fwd.pose![7]).toBeCloseTo(-0.88, 12);
    expect(mc.rejected).toBe(1);
  });

  it('rejects a heading jump on a forward and dead-reckons the forward, or nothing when the body was blocked', () => {
    const mc = new MotionCheck();
    mc.apply(pose(0, 0, 0), 'still');
    const spun = mc.apply(pose(0, 0.05, 12 * DEG), 'forward');
    expect(spun.plausible).toBe(false);
    expectPlanar(spun.pose!, { x: 0, z: 0.05, yaw: 0 });
    const blocked = mc.apply(pose(0.5, 0.05, 12 * DEG), 'forward', true);
    expect(blocked.plausible).toBe(false);
    expectPlanar(blocked.pose!, { x: 0, z: 0.05, yaw: 0 });
    expect(mc.rejected).toBe(2);
  });

  it('accepts any tracked motion while paused (a relocation), and judges again afterwards', () => {
    const mc = new MotionCheck();
    mc.apply(pose(0, 0, 0), 'still');
    mc.pause(true);
    const moved = mc.apply(pose(4, -3, 2), 'left');
    expect(moved.plausible).toBe(true);
    expect(moved.pose).toEqual(pose(4, -3, 2));
    mc.pause(false);
    expect(mc.apply(pose(5, -3, 2 + 3 * DEG), 'left').plausible).toBe(false);
  });

  it('moves a re-anchored fresh map on by the motion commanded during the loss', () => {
    const mc = new MotionCheck();
    mc.apply(pose(1, 1, 0), 'still');
    mc.apply(null, 'left');
    mc.apply(null, 'forward');
    mc.apply(null, 'forward', true); // blocked: no travel
    // re-anchoring put the new map's first pose on the last trusted one
    const back = mc.apply(pose(1, 1, 0), 'left', false, { reanchored: true });
    expect(back.plausible).toBe(false);
    expectPlanar(back.pose!, { x: 1 - 0.05 * Math.sin(3 * DEG), z: 1 + 0.05 * Math.cos(3 * DEG), yaw: 6 * DEG });
    // the new map's later motion is applied on top
    const on = mc.apply(pose(1, 1, 3 * DEG), 'left');
    expect(on.plausible).toBe(true);
    expectPlanar(on.pose!, { x: 1 - 0.05 * Math.sin(3 * DEG), z: 1 + 0.05 * Math.cos(3 * DEG), yaw: 9 * DEG });
  });

  it('takes the first pose after a loss as it comes when it is where the commanded motion led', () => {
    const mc = new MotionCheck();
    mc.apply(pose(0, 0, 0), 'still');
    expect(mc.apply(null, 'forward').pose).toBeNull();
    const near = pose(0.02, 0.11, 0.5 * DEG);
    const after = mc.apply(near, 'forward');
    expect(after.plausible).toBe(true);
    expect(after.pose).toEqual(near);
  });

  it('replaces a pose recovered in the wrong place after a short loss (house 2: 2.8 m back and 1.7 m down the flight in two frames)', () => {
    const mc = new MotionCheck();
    // climbing: 1.87 m up the flight (up = −y)
    mc.apply(pose(8.5, 1.55, 0.4, -0.88 - 1.82), 'still');
    mc.apply(pose(8.55, 1.57, 0.4, -0.88 - 1.87), 'forward');
    expect(mc.apply(null, 'forward').pose).toBeNull();
    // the tracker relocalises in its own map at a look-alike place on the floor below
    const back = mc.apply(pose(5.75, 1.75, 0.4, -0.88 - 0.18), 'forward');
    expect(back.plausible).toBe(false);
    const ahead = { x: 8.55 - 0.1 * Math.sin(0.4), z: 1.57 + 0.1 * Math.cos(0.4), yaw: 0.4 };
    expectPlanar(back.pose!, ahead, 6);
    expect(cameraHeightOf(NAVIGATOR_FRAME, back.pose!)).toBeCloseTo(0.88 + 1.87, 6);
    // the tracker's later motion is applied on top, height included
    const on = mc.apply(pose(5.75 - 0.05 * Math.sin(0.4), 1.75 + 0.05 * Math.cos(0.4), 0.4, -0.88 - 0.2), 'forward');
    expect(on.plausible).toBe(true);
    expectPlanar(on.pose!, { x: ahead.x - 0.05 * Math.sin(0.4), z: ahead.z + 0.05 * Math.cos(0.4), yaw: 0.4 }, 6);
    expect(cameraHeightOf(NAVIGATOR_FRAME, on.pose!)).toBeCloseTo(0.88 + 1.89, 6);
  });

  it('replaces a pose recovered on another floor right below (a height jump alone)', () => {
    const mc = new MotionCheck();
    mc.apply(pose(1, 1, 0, -0.88 - 2.9), 'still');
    mc.apply(null, 'left');
    const r = mc.apply(pose(1, 1, 6 * DEG, -0.88), 'left');
    expect(r.plausible).toBe(false);
    expect(cameraHeightOf(NAVIGATOR_FRAME, r.pose!)).toBeCloseTo(0.88 + 2.9, 6);
  });

  it('does not judge the pose recovered after a long loss (dead reckoning too old)', () => {
    const mc = new MotionCheck();
    mc.apply(pose(0, 0, 0), 'still');
    for (let i = 0; i < 61; i++) mc.apply(null, 'left');
    const after = mc.apply(pose(2, 2, 1), 'forward');
    expect(after.plausible).toBe(true);
    expect(after.pose).toEqual(pose(2, 2, 1));
  });
});

describe('Navigator with a tracker that slides during a turn', () => {
  /** Ground truth that jumps 0.4 m sideways on one frame during a turn and keeps the offset. */
  function glitchy(gt: PoseSource, at: number): PoseSource {
    let n = 0;
    const offset = pose(0.4, 0, 0, 0);
    return {
      name: 'ground truth with a slide',
      estimate(f: RgbdFrame): PoseEstimate {
        const e = gt.estimate(f);
        return n++ >= at && e.pose ? { ...e, pose: multiply(offset, e.pose) } : e;
      },
      reset: () => gt.reset(),
      dispose: () => gt.dispose(),
    };
  }

  async function run(motionCheck: boolean) {
    const { body, gt } = await simWorld(7);
    const start = planar(body.groundTruthPose());
    const nav = await Navigator.create({ body, poseSource: glitchy(gt, 8), motionCheck: motionCheck ? {} : false });
    await nav.act(['left', 'left', 'left', 'forward']);
    return { nav, start, end: planar(body.groundTruthPose()) };
  }

  it('keeps the pose on the true path and leaves the impossible frame out of the map', async () => {
    const checked = await run(true);
    // the navigator's world is the first camera frame: compare distance travelled and heading turned
    const moved = Math.hypot(checked.end.x - checked.start.x, checked.end.z - checked.start.z);
    const turned = checked.end.yaw - checked.start.yaw;
    const est = checked.nav.state.pose!;
    expect(moved).toBeGreaterThan(0.2);
    expect(Math.hypot(est.x, est.z)).toBeCloseTo(moved, 6);
    expect(Math.sin(est.yaw - turned)).toBeCloseTo(0, 6);
    expect(checked.nav.state.motionRejects).toBe(1);
    expect(checked.nav.map.floors()[0].frames).toBe(checked.nav.frames - 1);
    // without the check the slide stays in the pose and every frame is mapped
    const raw = await run(false);
    const off = raw.nav.state.pose!;
    expect(Math.hypot(off.x - est.x, off.z - est.z)).toBeCloseTo(0.4, 6);
    expect(raw.nav.state.motionRejects).toBe(0);
    expect(raw.nav.map.floors()[0].frames).toBe(raw.nav.frames);
  });

  it('takes the jump of a controlled relocation when told so', async () => {
    const { body, gt } = await simWorld(7);
    const nav = await Navigator.create({ body, poseSource: gt });
    const first = body.groundTruthPose();
    await nav.act(['forward', 'left']);
    const p = body.simPose;
    body.teleport({ position: [p.position[0], p.position[1], p.position[2]], yaw: p.yaw + Math.PI / 2 });
    await nav.turnInPlace(6, { afterRelocation: true });
    // ground truth relative to the first frame, as the ground-truth pose source reports it
    const truth = planar(multiply(invertPose(first), body.groundTruthPose()));
    expectPlanar(nav.poseMatrix()!, truth, 6);
    expect(nav.state.motionRejects).toBe(0);
    // a teleport the navigator is not told about is an impossible motion: it is not followed
    body.teleport({ position: [p.position[0], p.position[1], p.position[2]], yaw: p.yaw });
    await nav.act(['left']);
    expect(nav.state.motionRejects).toBe(1);
  });

  async function withLoss(motionCheck: boolean) {
    const { body, gt } = await simWorld(7);
    // ground truth that loses track for frames 8–15, then restarts from a fresh map (identity at its first frame)
    let n = 0;
    let firstOfNew: Mat4 | null = null;
    const lossy: PoseSource = {
      name: 'ground truth with a loss',
      estimate(f: RgbdFrame): PoseEstimate {
        const e = gt.estimate(f);
        const i = n++;
        if (i >= 8 && i < 16) return { status: 'lost', pose: null, mapId: 1 };
        if (i < 8 || !e.pose) return e;
        firstOfNew ??= invertPose(e.pose);
        return { status: 'ok', pose: multiply(firstOfNew, e.pose), mapId: 2 };
      },
      reset: () => gt.reset(),
      dispose: () => gt.dispose(),
    };
    const start = planar(body.groundTruthPose());
    const nav = await Navigator.create({ body, poseSource: lossy, motionCheck: motionCheck ? {} : false });
    await nav.act(['left', 'forward', 'left', 'forward']);
    const end = planar(body.groundTruthPose());
    expect(nav.state.reanchors).toBe(1);
    return { est: nav.state.pose!, moved: Math.hypot(end.x - start.x, end.z - start.z), turned: end.yaw - start.yaw };
  }

  it('re-anchors a fresh tracker map where the body went while tracking was lost', async () => {
    const { est, moved, turned } = await withLoss(true);
    // dead reckoning assumes exactly 0.05 m per forward sub-motion; the navmesh moves the body in f32
    expect(Math.hypot(est.x, est.z)).toBeCloseTo(moved, 4);
    expect(Math.sin(est.yaw - turned)).toBeCloseTo(0, 6);
    // the literal paper 001 §3.2 re-anchoring (the ablation) leaves out what the body did while lost
    const literal = await withLoss(false);
    expect(moved - Math.hypot(literal.est.x, literal.est.z)).toBeGreaterThan(0.05);
  });
});
