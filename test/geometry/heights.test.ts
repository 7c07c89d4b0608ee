import { describe, expect, it } from 'vitest';
import { NAVIGATOR_FRAME, planarPose, Z_UP_FRAME } from '../../src/geometry/frames.js';
import { cameraHeightOf, floorUnder, heightOf, levelPose } from '../../src/geometry/heights.js';

describe('heights', () => {
  it('are −y in the navigator frame and z in a z-up frame', () => {
    expect(heightOf(NAVIGATOR_FRAME, [3, -1.5, 2])).toBe(1.5);
    expect(heightOf(Z_UP_FRAME, [3, -1.5, 2])).toBe(2);
  });

  it('put the floor cameraHeight below the camera', () => {
    const pose = levelPose(NAVIGATOR_FRAME, { x: 1, z: 2, yaw: 0.3 }, 1.25);
    expect(cameraHeightOf(NAVIGATOR_FRAME, pose)).toBe(1.25);
    expect(floorUnder(NAVIGATOR_FRAME, pose, 1.25)).toBe(0);
  });

  it('level poses keep the planar pose and look horizontally', () => {
    for (const frame of [NAVIGATOR_FRAME, Z_UP_FRAME]) {
      const at = { x: -2, z: 0.5, yaw: -1.1 };
      const m = levelPose(frame, at, 0.8);
      const p = planarPose(frame, m);
      expect(p.x).toBeCloseTo(at.x, 12);
      expect(p.z).toBeCloseTo(at.z, 12);
      expect(p.yaw).toBeCloseTo(at.yaw, 12);
      // camera y (column 1) points against up
      expect([m[1], m[5], m[9]]).toEqual(frame.up.map((v) => (v === 0 ? 0 : -v)));
    }
  });

  it('write the navigator frame entries as the plain per-axis formulas, zeros included', () => {
    const yaw = 0.7,
      c = Math.cos(yaw),
      s = Math.sin(yaw);
    const m = levelPose(NAVIGATOR_FRAME, { x: 1.5, z: -3, yaw }, 1.2);
    expect(Array.from(m)).toEqual([c, 0, -s, 1.5, 0, 1, 0, -1.2, s, 0, c, -3, 0, 0, 0, 1]);
    expect(m.some((v) => Object.is(v, -0))).toBe(false);
  });
});
