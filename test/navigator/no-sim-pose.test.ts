/**
 * paper 001 §3.2: the simulator's pose is never read for the map, markers or routes. With the SLAM pose
 * source, two runs that differ only in what the simulator would report as its pose (one perturbed
 * wildly) must produce identical maps, poses and places.
 */
import { describe, expect, it } from 'vitest';
import { World } from '../../src/world/world.js';
import type { CoarseAction } from '../../src/navigator/actions.js';

async function run(perturb: boolean) {
  const world = await World.open({ house: { kind: 'procedural', seed: 7 }, poseSource: 'slam' });
  const body = world.body;
  if (perturb) {
    // Anything that asks the simulator for its pose now gets nonsense.
    const bogus = () => {
      const m = new Float64Array(16);
      m[0] = m[5] = m[10] = m[15] = 1;
      m[3] = 1e3 * Math.random();
      m[11] = -1e3 * Math.random();
      return m;
    };
    // (the renderer's own camera placement stays: it is the world, not a pose source)
    body.groundTruthPose = bogus;
    Object.defineProperty(body, 'simPose', { get: () => ({ position: [Math.random() * 100, 0, 0], yaw: Math.random() }) });
  }
  const nav = world.navigator;
  const plan: CoarseAction[] = ['left', 'left', 'forward', 'forward', 'right', 'forward', 'forward', 'left', 'left', 'left'];
  await nav.act(plan, { stopOnCollision: false });
  nav.mark('corner');
  await nav.act(['right', 'right', 'forward'], { stopOnCollision: false });
  const route = nav.plan(nav.places.get('corner')!.pose);
  const out = {
    state: nav.state,
    cells: nav.map.snapshot(0),
    place: nav.places.get('corner')!.pose,
    route: route.status === 'ok' ? route.lengthM : route.reason,
  };
  world.dispose();
  return out;
}

describe('the navigator never reads the simulator pose', () => {
  it('perturbing every simulator pose accessor changes nothing (SLAM poses)', async () => {
    const a = await run(false);
    const b = await run(true);
    expect(a.state.status).toBe('ok');
    expect(a.cells.cells.some((c) => c !== 0)).toBe(true);
    expect(b).toEqual(a);
  });
});
