/**
 * The browser demo's robot, run in Node: the same session the page drives, checked without a browser
 * (the browser test in test/browser/ covers the page itself). Ground-truth poses make the pose
 * checks exact; the tracker's part is checked in the browser test and by the tracker's own tests.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { RobotSession, SUB_MOTIONS_PER_ACTION } from '../../web/session.js';
import { parseQuery } from '../../web/query.js';

describe('RobotSession (the browser demo without the page)', () => {
  let s: RobotSession;
  beforeAll(async () => {
    s = await RobotSession.create(3, 'ground-truth');
  });

  it('anchors the world at the first camera frame and maps that frame', () => {
    const st = s.state();
    expect(st.pose_source).toBe('ground-truth');
    expect(st.pose!.x).toBeCloseTo(0, 9);
    expect(st.pose!.z).toBeCloseTo(0, 9);
    expect(st.pose!.yaw).toBeCloseTo(0, 9);
    expect(st.known).toBeGreaterThan(0);
    expect(st.first_known).toBe(st.known);
    expect(st.known).toBe(st.free + st.obstacle);
    expect([st.frames, st.tracked_frames, st.driftM]).toEqual([1, 1, 0]);
    expect(s.trueTrail).toHaveLength(1);
  });

  it('runs a coarse action as five tracked and mapped sub-motions and grows the map', async () => {
    const before = s.state();
    await s.act('left');
    const st = s.state();
    expect(st.actions).toBe(1);
    expect(st.subMotions).toBe(before.subMotions + SUB_MOTIONS_PER_ACTION);
    expect(st.frames).toBe(1 + SUB_MOTIONS_PER_ACTION);
    expect(st.tracked_frames).toBe(st.frames);
    expect(st.pose!.yaw).toBeCloseTo((15 * Math.PI) / 180, 9);
    expect(st.known).toBeGreaterThan(before.known);
    expect(s.trueTrail).toHaveLength(1 + SUB_MOTIONS_PER_ACTION);
    await s.act('right');
    await s.act('forward');
    const f = s.state();
    expect(f.pose!.yaw).toBeCloseTo(0, 9);
    // forward in the first-frame world is +z (NAVIGATOR_FRAME); house 3 has room ahead of its start.
    // Recast works in float32, hence micrometre agreement only.
    expect(f.collisions).toBe(0);
    expect(f.pose!.z).toBeCloseTo(0.25, 4);
    expect(f.pose!.x).toBeCloseTo(0, 4);
    // ground-truth poses: the estimate is the truth
    expect(f.driftM).toBeCloseTo(0, 6);
    expect(f.exploredM2).toBeCloseTo(f.known * 0.01, 9);
  });

  it('explores: a full look around, then routes to frontiers that grow the map', async () => {
    const before = s.state();
    for (let i = 0; i < 30; i++) expect(await s.exploreStep()).toBe(true);
    const st = s.state();
    expect(st.explorer).toBe('to a frontier');
    expect(st.actions).toBeGreaterThanOrEqual(before.actions + 30);
    expect(st.known).toBeGreaterThan(2 * st.first_known);
    // it drove somewhere, not only turned
    expect(Math.hypot(st.pose!.x, st.pose!.z)).toBeGreaterThan(0.5);
  });

  it('draws the map with the robot and both trails', () => {
    const m = s.renderMap(400);
    expect(Math.max(m.width, m.height)).toBeLessThanOrEqual(400);
    expect(m.data.length).toBe(m.width * m.height * 4);
  });

  it('rejects a bad seed, pose source and action with a message', async () => {
    await expect(RobotSession.create(-1)).rejects.toThrow(/whole number from 0/);
    await expect(RobotSession.create(1.5)).rejects.toThrow(/whole number from 0/);
    await expect(RobotSession.create(1, 'lidar' as 'slam')).rejects.toThrow(/pose source must be one of slam, ground-truth, got 'lidar'/);
    await expect(s.act('jump' as 'left')).rejects.toThrow();
  });
});

describe('the page address', () => {
  it('takes seed, pose and auto, with slam and no explorer by default', () => {
    expect(parseQuery('')).toEqual({ ok: true, value: { seed: 1, pose: 'slam', auto: false } });
    expect(parseQuery('?seed=4&pose=slam&auto=1')).toEqual({ ok: true, value: { seed: 4, pose: 'slam', auto: true } });
    expect(parseQuery('?pose=ground-truth&auto=0')).toEqual({ ok: true, value: { seed: 1, pose: 'ground-truth', auto: false } });
  });

  it('refuses a bad value or an unknown parameter, saying what is accepted', () => {
    const r = (q: string) => {
      const p = parseQuery(q);
      return p.ok ? 'accepted' : p.error;
    };
    expect(r('?seed=abc')).toMatch(/seed=abc is not accepted: seed is a whole number from 0 to \d+/);
    expect(r('?seed=-1')).toMatch(/seed=-1 is not accepted/);
    expect(r('?pose=lidar')).toMatch(/pose=lidar is not accepted: pose is slam or ground-truth/);
    expect(r('?auto=yes')).toMatch(/auto=yes is not accepted: auto is 0 or 1/);
    expect(r('?sede=4')).toMatch(/unknown parameter 'sede': the page takes seed .*, pose .* and auto/);
  });
});
