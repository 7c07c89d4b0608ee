import { describe, expect, it } from 'vitest';
import type { Vec3 } from '../../src/geometry/pose.js';
import {
  DistanceToGoal,
  OracleSuccess,
  PathLength,
  Success,
  distanceToFootprint,
  dtw,
  euclideanOracle,
  goalSuccess,
  ndtw,
  scoreVlnEpisode,
  shortestToGoal,
  spl,
} from '../../src/sim/metrics/index.js';

describe('PathLength', () => {
  it('sums the straight steps between positions', () => {
    const m = new PathLength();
    m.reset([0, 0, 0]);
    for (const p of [
      [3, 0, 4],
      [3, 0, 4],
      [3, 0, 0],
    ] as Vec3[])
      m.update(p);
    expect(m.value()).toBe(9);
  });
});

describe('SPL', () => {
  it('is S·l/max(p, l)', () => {
    expect(spl(1, 4, 5)).toBeCloseTo(0.8, 12);
    expect(spl(1, 4, 3)).toBe(1);
    expect(spl(0, 4, 4)).toBe(0);
    expect(spl(1, 0, 0)).toBe(1);
    expect(() => spl(1, -1, 2)).toThrow(/non-negative/);
  });
});

describe('distance, success and oracle success (VLN-CE, 3 m)', () => {
  const goal: Vec3 = [10, 0, 0];
  const traj: Vec3[] = [
    [0, 0, 0],
    [6, 0, 0],
    [8, 0, 0],
    [5, 0, 0],
  ];

  it('scores a path that passed near the goal but stopped 5 m away', () => {
    const s = scoreVlnEpisode(
      {
        goal: { position: goal },
        referencePath: [
          [0, 0, 0],
          [5, 0, 0],
          [10, 0, 0],
        ],
        geodesicDistance: 10,
      },
      traj,
      true,
      euclideanOracle,
    );
    expect(s.ne).toBe(5);
    expect(s.sr).toBe(0);
    expect(s.osr).toBe(1);
    expect(s.pathLength).toBe(11);
    expect(s.spl).toBe(0);
  });

  it('counts success only after STOP and strictly inside the radius', () => {
    const m = new Success(goal, euclideanOracle);
    m.reset([0, 0, 0]);
    m.update([7.5, 0, 0]);
    expect(m.value()).toBe(0);
    m.stop();
    expect(m.value()).toBe(1);
    const edge = new Success(goal, euclideanOracle);
    edge.reset([7, 0, 0]);
    edge.stop();
    expect(edge.value()).toBe(0);
    const o = new OracleSuccess(goal, euclideanOracle);
    o.reset([0, 0, 0]);
    o.update([7.01, 0, 0]);
    o.update([0, 0, 0]);
    expect(o.value()).toBe(1);
    const d = new DistanceToGoal(goal, euclideanOracle);
    d.reset([0, 0, 0]);
    d.update([10, 0, 4]);
    expect(d.value()).toBe(4);
  });

  it('gives SPL 0.8 for a successful walk 25% longer than the shortest path', () => {
    const s = scoreVlnEpisode(
      {
        goal: { position: [4, 0, 0] },
        referencePath: [
          [0, 0, 0],
          [4, 0, 0],
        ],
        geodesicDistance: 4,
      },
      [
        [0, 0, 0],
        [0, 0, 1.5],
        [4, 0, 1.5],
      ],
      true,
      euclideanOracle,
    );
    // walked 1.5 + 4 = 5.5 > 4: SPL = 4/5.5; final distance 1.5 < 3 → success
    expect(s.sr).toBe(1);
    expect(s.spl).toBeCloseTo(4 / 5.5, 12);
  });
});

describe('nDTW', () => {
  const ref: Vec3[] = [
    [0, 0, 0],
    [1, 0, 0],
    [2, 0, 0],
  ];
  const agent: Vec3[] = [
    [0, 0, 0],
    [0, 0, 1],
    [2, 0, 1],
  ];

  it('matches a DTW table worked by hand', () => {
    // D[2][2] = 1 + min(√5 + 1, √2 + 1, √2) = 1 + √2
    expect(dtw(agent, ref)).toBeCloseTo(1 + Math.SQRT2, 12);
    expect(ndtw(agent, ref)).toBeCloseTo(Math.exp(-(1 + Math.SQRT2) / 9), 12);
    expect(ndtw(agent, ref)).toBeCloseTo(0.76472, 5);
  });

  it('is 1 for the reference itself and ignores repeated positions', () => {
    expect(ndtw(ref, ref)).toBe(1);
    expect(ndtw([agent[0], agent[0], agent[1], agent[1], agent[2]], ref)).toBeCloseTo(ndtw(agent, ref), 12);
  });
});

describe('GOAT success, s-SR, e-SR and SPL', () => {
  const f = { x0: 1, z0: 1, x1: 2, z1: 2, floor: 0 };

  it('measures horizontal distance to the footprint and the 1 m rule', () => {
    expect(distanceToFootprint([1.5, 0.3, 1.5], f)).toBe(0);
    expect(distanceToFootprint([2.6, 0, 2.8], f)).toBeCloseTo(1.0, 12);
    expect(goalSuccess([2.6, 0, 2.8], 0, [f])).toBe(1);
    expect(goalSuccess([2.7, 0, 2.8], 0, [f])).toBe(0);
    expect(goalSuccess([1.5, 3, 1.5], 1, [f])).toBe(0);
    expect(goalSuccess([5, 0, 5], 0, [f, { ...f, x0: 5.5, x1: 6, z0: 4.5, z1: 5.5 }])).toBe(1);
  });
});
