import { describe, expect, it } from 'vitest';
import { Navigator } from '../../src/navigator/navigator.js';
import { Anchoring } from '../../src/navigator/anchoring.js';
import { multiply, invert, identity, type Mat4 } from '../../src/geometry/pose.js';
import { cameraPose } from '../../bench/support/synthetic.js';
import { simWorld } from '../helpers/sim-world.js';

describe('Navigator on the simulator (ground-truth pose ablation)', () => {
  it('maps while moving, marks places with banked views, plans back to them', async () => {
    const { body, gt } = await simWorld(7);
    const nav = await Navigator.create({ body, poseSource: gt });
    expect(nav.status).toBe('ok');
    const p0 = nav.state.pose!;
    expect([p0.x, p0.z, p0.yaw].map((v) => Math.abs(v))).toEqual([0, 0, 0]);
    const before = nav.map.counts(0).known;
    expect(before).toBeGreaterThan(0);
    nav.mark('start');
    const rec = await nav.act(['left', 'left', 'forward', 'forward', 'forward', 'right']);
    expect(rec.executed.length).toBeGreaterThan(0);
    expect(rec.status).toBe('ok');
    expect(nav.frames).toBe(1 + rec.executed.length * 5);
    expect(nav.map.counts(0).known).toBeGreaterThan(before);
    const start = nav.places.get('start')!;
    expect(start.views.length).toBeGreaterThanOrEqual(1);
    expect(start.views.length).toBeLessThanOrEqual(4);
    const route = nav.plan(start.pose);
    expect(route.status).toBe('ok');
    // re-marking a name moves it
    nav.mark('START');
    expect(nav.places.list()).toHaveLength(1);
    expect(nav.places.get('start')!.moves).toBe(1);
  });

  it('a blocked forward ends the step early and reports the collision', async () => {
    const { body, gt } = await simWorld(7);
    const nav = await Navigator.create({ body, poseSource: gt });
    const rec = await nav.act(Array(40).fill('forward'));
    expect(rec.stoppedEarly).toBe('collision');
    expect(rec.executed.length).toBeLessThan(40);
    expect(rec.collisions).toEqual([rec.executed.length - 1]);
  });

  it('a full turn in place returns four views and comes back to the same heading', async () => {
    const { body, gt } = await simWorld(3);
    const nav = await Navigator.create({ body, poseSource: gt });
    const views = await nav.turnInPlace(6);
    expect(views).toHaveLength(4);
    expect(Math.abs(Math.sin(nav.state.pose!.yaw))).toBeLessThan(1e-6);
  });
});

describe('re-anchoring after tracker loss (paper 001 §3.2)', () => {
  it('A = T̂_last · T̃_first⁻¹ carries the new map onto the last trusted pose', () => {
    const a = new Anchoring();
    const p1 = cameraPose([1, 0, 2], 0.3);
    expect(a.apply({ status: 'ok', pose: p1, mapId: 1 })).toEqual(p1);
    expect(a.apply({ status: 'lost', pose: null, mapId: 1 })).toBeNull();
    // the new map starts at its own identity; the body then moves 0.5 m forward in that map
    const first = identity();
    const r0 = a.apply({ status: 'ok', pose: first, mapId: 2 })!;
    expect(Array.from(r0)).toEqual(Array.from(p1).map((x) => expect.closeTo(x, 12)));
    const moved = cameraPose([0, 0, 0.5], 0);
    const r1 = a.apply({ status: 'ok', pose: moved, mapId: 2 })!;
    const expected: Mat4 = multiply(multiply(p1, invert(first)), moved);
    for (let i = 0; i < 16; i++) expect(r1[i]).toBeCloseTo(expected[i], 12);
    expect(a.reanchors).toBe(1);
  });
});
