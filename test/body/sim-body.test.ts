import { describe, expect, it } from 'vitest';
import { SimBody } from '../../src/body/sim-body.js';
import { GaussianActuationNoise } from '../../src/body/actuation-noise.js';
import { SceneNavMesh } from '../../src/sim/navmesh.js';
import { generateHouse } from '../../src/sim/house/generate.js';
import { poseProblem, invert, multiply } from '../../src/geometry/pose.js';
import { squareRoom, stairScene } from '../helpers/sim-scenes.js';

describe('SimBody on a navmesh', () => {
  it('stops at a wall it walks into head-on and reports collided', async () => {
    const body = await SimBody.create(squareRoom(2), { camera: { width: 64, height: 48 } });
    let collisions = 0,
      steps = 0;
    while (collisions === 0 && steps < 100) {
      const before = body.simPose.position;
      const r = await body.execute('forward');
      steps++;
      const moved = Math.hypot(body.simPose.position[0] - before[0], body.simPose.position[2] - before[2]);
      if (r.collided) {
        collisions++;
        expect(moved).toBeLessThan(0.049);
      } else {
        expect(moved).toBeCloseTo(0.05, 3);
      }
    }
    expect(collisions).toBe(1);
    // the body's edge (radius 0.18) ends at the wall face z = −2, within a navmesh cell
    expect(body.simPose.position[2]).toBeGreaterThan(-2 + 0.18 - 0.01);
    expect(body.simPose.position[2]).toBeLessThan(-2 + 0.18 + 0.06);
    const again = await body.execute('forward');
    expect(again.collided).toBe(true);
  });

  it('slides along a wall it meets at an angle', async () => {
    const body = await SimBody.create(squareRoom(2), { camera: { width: 64, height: 48 } }, { position: [0, 0, 0], yaw: (40 * Math.PI) / 180 });
    let r;
    do r = await body.execute('forward');
    while (!r.collided && body.subMotions < 200);
    const z0 = body.simPose.position[2],
      x0 = body.simPose.position[0];
    const r2 = await body.execute('forward');
    expect(r2.collided).toBe(true);
    // moving along −x (the wall's direction) at sin(40°)·0.05 per step, not into the wall
    expect(body.simPose.position[0] - x0).toBeLessThan(-0.02);
    expect(Math.abs(body.simPose.position[2] - z0)).toBeLessThan(0.005);
  });

  it('turns by 3° per sub-motion, ticks a 10 Hz clock and reports its pose in the navigator convention', async () => {
    const body = await SimBody.create(squareRoom(2), { camera: { width: 64, height: 48 } });
    const first = await body.observe();
    expect(first.timestamp).toBe(0);
    expect(first.width).toBe(64);
    expect(first.rgb.length).toBe(64 * 48 * 3);
    const p0 = body.groundTruthPose();
    expect(poseProblem(p0)).toBeNull();
    let last;
    for (let i = 0; i < 30; i++) last = await body.execute('left');
    expect(last!.frame.timestamp).toBeCloseTo(3.0, 9);
    expect(body.simPose.yaw).toBeCloseTo(Math.PI / 2, 9);
    const p1 = body.groundTruthPose();
    // relative pose of a left turn in camera axes (y down): rotation about −y by 90°
    const rel = multiply(invert(p0), p1);
    expect(rel[0]).toBeCloseTo(0, 9);
    expect(rel[2]).toBeCloseTo(-1, 9);
    expect(rel[8]).toBeCloseTo(1, 9);
    // forward 0.5 m moves the camera along its own +z
    for (let i = 0; i < 30; i++) await body.execute('right');
    const a = body.groundTruthPose();
    for (let i = 0; i < 10; i++) await body.execute('forward');
    const b = body.groundTruthPose();
    const d = multiply(invert(a), b);
    expect(d[3]).toBeCloseTo(0, 3);
    expect(d[7]).toBeCloseTo(0, 3);
    expect(d[11]).toBeCloseTo(0.5, 3);
    // world up is −y in the navigator's frame
    expect(b[7]).toBeLessThan(0);
  });

  it('climbs stairs with its height following the navmesh', async () => {
    const body = await SimBody.create(stairScene(), { camera: { width: 32, height: 24 } });
    const heights: number[] = [];
    for (let i = 0; i < 110; i++) {
      const r = await body.execute('forward');
      expect(r.collided, `step ${i} at z=${body.simPose.position[2].toFixed(2)}`).toBe(false);
      heights.push(body.simPose.position[1]);
    }
    // from the floor (y 0) to the landing (y 1.2), never dropping on the way up
    expect(heights[0]).toBeLessThan(0.1);
    expect(body.simPose.position[1]).toBeGreaterThan(1.1);
    expect(body.simPose.position[1]).toBeLessThan(1.3);
    for (let i = 1; i < heights.length; i++) expect(heights[i]).toBeGreaterThan(heights[i - 1] - 0.02);
    // the camera rides 0.88 m above the floor under the body
    expect(body.simCameraPose()[7]).toBeCloseTo(body.simPose.position[1] + 0.88, 9);
  });

  it('adds seeded actuation noise only when asked', async () => {
    const run = async (noise?: { seed: number; forwardSigma: number; turnSigmaDeg: number }) => {
      const body = await SimBody.create(squareRoom(3), { camera: { width: 32, height: 24 }, actuationNoise: noise && new GaussianActuationNoise(noise) });
      for (let i = 0; i < 20; i++) await body.execute(i < 15 ? 'forward' : 'left');
      return body.simPose;
    };
    const clean = await run();
    // 15 forward steps straight ahead (−z), then 5 turns of exactly 3°
    expect(clean.position[0]).toBeCloseTo(0, 9);
    expect(clean.yaw).toBeCloseTo((5 * 3 * Math.PI) / 180, 9);
    const a = await run({ seed: 3, forwardSigma: 0.005, turnSigmaDeg: 0.5 });
    const b = await run({ seed: 3, forwardSigma: 0.005, turnSigmaDeg: 0.5 });
    expect(a).toEqual(b);
    expect(Math.hypot(a.position[0] - clean.position[0], a.position[2] - clean.position[2]) + Math.abs(a.yaw - clean.yaw)).toBeGreaterThan(1e-3);
  });

  it('ends the task after its sub-motion budget', async () => {
    const body = await SimBody.create(squareRoom(2), { camera: { width: 32, height: 24 }, maxSubMotions: 3 });
    expect((await body.execute('left')).terminated).toBe(false);
    expect((await body.execute('left')).terminated).toBe(false);
    expect((await body.execute('left')).terminated).toBe(true);
    const yaw = body.simPose.yaw;
    expect((await body.execute('left')).terminated).toBe(true);
    expect(body.simPose.yaw).toBe(yaw);
  });
});

describe('house navmesh connectivity', () => {
  it('joins the two sides of every door and reaches every room from the start', async () => {
    const floorsSeen = new Set<number>();
    for (const seed of [1, 2, 3, 4, 5, 6, 7]) {
      const scene = generateHouse(seed);
      const nav = await SceneNavMesh.build(scene);
      for (const d of scene.doors) {
        const off = 0.45,
          y = scene.floors[d.floor].y;
        const a: [number, number, number] = d.wallAxis === 'x' ? [d.x, y, d.z - off] : [d.x - off, y, d.z];
        const b: [number, number, number] = d.wallAxis === 'x' ? [d.x, y, d.z + off] : [d.x + off, y, d.z];
        const g = nav.geodesic(a, b);
        expect(g, `seed ${seed} door ${d.index} between ${scene.rooms[d.rooms[0]].name} and ${scene.rooms[d.rooms[1]].name}`).toBeLessThan(1.2);
      }
      for (const r of scene.rooms) {
        // a door's inner side is the room's entry point
        const d = scene.doors.find((q) => q.rooms.includes(r.index))!;
        const y = scene.floors[r.floor].y;
        const inside: [number, number, number] =
          d.wallAxis === 'x' ? [d.x, y, d.z + (d.z <= r.z0 + 1e-6 ? 0.45 : -0.45)] : [d.x + (d.x <= r.x0 + 1e-6 ? 0.45 : -0.45), y, d.z];
        expect(nav.geodesic(scene.start.position, inside), `seed ${seed}: ${r.name} reachable`).toBeLessThan(Infinity);
      }
      floorsSeen.add(scene.floors.length);
      nav.destroy();
    }
    // the seeds cover single- and two-storey houses
    expect([...floorsSeen].sort()).toEqual([1, 2]);
  });
});
