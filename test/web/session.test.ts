/**
 * The browser demo's mapping loop, run in Node: the same session the page drives, checked without
 * a browser (the browser test in test/browser/ covers the page itself).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MapperSession, SUB_MOTIONS_PER_ACTION } from '../../web/session.js';

describe('MapperSession (the browser demo without the page)', () => {
  let s: MapperSession;
  beforeAll(async () => {
    s = await MapperSession.create(3);
  });

  it('anchors the world at the first camera frame and maps that frame', () => {
    const st = s.state();
    expect(st.pose.x).toBeCloseTo(0, 9);
    expect(st.pose.z).toBeCloseTo(0, 9);
    expect(st.pose.yaw).toBeCloseTo(0, 9);
    expect(st.known).toBeGreaterThan(0);
    expect(st.known).toBe(st.free + st.obstacle);
    expect(s.trail).toHaveLength(1);
  });

  it('runs a coarse action as five integrated sub-motions and grows the map', async () => {
    const before = s.state();
    let frames = 0;
    await s.act('left', () => {
      frames++;
    });
    const st = s.state();
    expect(frames).toBe(SUB_MOTIONS_PER_ACTION);
    expect(st.subMotions).toBe(before.subMotions + SUB_MOTIONS_PER_ACTION);
    expect(st.pose.yaw).toBeCloseTo((15 * Math.PI) / 180, 9);
    expect(st.known).toBeGreaterThan(before.known);
    expect(s.trail).toHaveLength(1 + SUB_MOTIONS_PER_ACTION);
    await s.act('right');
    await s.act('forward');
    const f = s.state();
    expect(f.pose.yaw).toBeCloseTo(0, 9);
    // forward in the first-frame world is +z (NAVIGATOR_FRAME); house 3 has room ahead of its start.
    // Recast works in float32, hence micrometre agreement only.
    expect(f.collisions).toBe(0);
    expect(f.pose.z).toBeCloseTo(0.25, 4);
    expect(f.pose.x).toBeCloseTo(0, 4);
    expect(f.exploredM2).toBeCloseTo(f.known * 0.01, 9);
  });

  it('draws the map with the robot and its trail', () => {
    const m = s.renderMap(400);
    expect(Math.max(m.width, m.height)).toBeLessThanOrEqual(400);
    expect(m.data.length).toBe(m.width * m.height * 4);
  });

  it('rejects a bad seed and a bad action with a message', async () => {
    await expect(MapperSession.create(-1)).rejects.toThrow(/whole number from 0/);
    await expect(MapperSession.create(1.5)).rejects.toThrow(/whole number from 0/);
    await expect(s.act('jump' as 'left')).rejects.toThrow();
  });
});
