/**
 * The official VLN-CE and GOAT-Bench definitions added for the real benchmarks: FastDTW as nDTW's
 * option, sDTW, the nearest of several goals, and GOAT-Bench's per-subtask SPL and success shares.
 */
import { describe, expect, it } from 'vitest';
import type { Vec3 } from '../../src/geometry/pose.js';
import { DistanceToGoal, dtw, euclideanOracle, fastDtw, ndtw, scoreVlnEpisode, sdtw } from '../../src/sim/metrics/index.js';
import { scoreGoatBench } from '../../src/eval/goat.js';

const line = (n: number, f: (i: number) => Vec3): Vec3[] => Array.from({ length: n }, (_, i) => f(i));

describe('FastDTW', () => {
  it('equals exact DTW on sequences too short to coarsen, and on a small hand-worked case', () => {
    const a: Vec3[] = [
      [0, 0, 0],
      [1, 0, 0],
      [2, 0, 0],
    ];
    const b: Vec3[] = [
      [0, 0, 0],
      [2, 0, 0],
    ];
    // hand: (0,0)=0, then a[1] to b[0] or b[1] costs 1, a[2] to b[1] costs 0: DTW = 1
    expect(dtw(a, b)).toBe(1);
    expect(fastDtw(a, b)).toBe(1);
  });

  it('is never below exact DTW, equals it with a radius covering the matrix, and is close on smooth paths', () => {
    const walk = line(40, (i) => [0.25 * i, 0, Math.sin(i * 0.3) * 0.8]);
    const ref = line(25, (i) => [0.4 * i, 0.1, 0.1 * (i % 3)]);
    const exact = dtw(walk, ref);
    const approx = fastDtw(walk, ref);
    expect(approx).toBeGreaterThanOrEqual(exact - 1e-9);
    expect(approx / exact).toBeLessThan(1.1);
    expect(fastDtw(walk, ref, 40)).toBeCloseTo(exact, 9);
  });

  it('is an approximation: above exact DTW where the coarse path misleads (value of the reference algorithm)', () => {
    // 13.4853 is what Salvador & Chan's algorithm as fastdtw 0.3.4 implements it (radius 1) gives here,
    // checked with a Python transcription of that algorithm; exact DTW is 13.3071
    const a: Vec3[] = [
      [4, 0, 3],
      [2, 0, 1],
      [1, 0, 2],
      [3, 0, 1],
      [2, 0, 2],
    ];
    const b: Vec3[] = [
      [2, 0, 1],
      [3, 0, 1],
      [3, 0, 4],
      [3, 0, 2],
      [2, 0, 3],
      [3, 0, 3],
      [1, 0, 3],
      [2, 0, 0],
    ];
    expect(dtw(a, b)).toBeCloseTo(13.307135789365267, 12);
    expect(fastDtw(a, b)).toBeCloseTo(13.485281374238571, 12);
    expect(ndtw(a, b, 3, 'fast')).toBeLessThan(ndtw(a, b, 3, 'exact'));
  });

  it('refuses a negative or fractional radius', () => {
    expect(() => fastDtw([[0, 0, 0]], [[0, 0, 0]], -1)).toThrow(/radius/);
    expect(() => fastDtw([[0, 0, 0]], [[0, 0, 0]], 0.5)).toThrow(/radius/);
  });
});

describe('sDTW and several goals', () => {
  it('sDTW is success · nDTW; distance is to the nearest goal', () => {
    expect(sdtw(0, 0.8)).toBe(0);
    expect(sdtw(1, 0.8)).toBe(0.8);
    const d = new DistanceToGoal(
      [
        [10, 0, 0],
        [0, 0, 4],
      ],
      euclideanOracle,
    );
    d.reset([0, 0, 0]);
    expect(d.value()).toBe(4);
    d.update([9, 0, 0]);
    expect(d.value()).toBe(1);
  });

  it('scoreVlnEpisode reports sDTW and scores against the nearest of its goals', () => {
    const ep = {
      goal: { position: [10, 0, 0] as Vec3 },
      goals: [
        [10, 0, 0],
        [2, 0, 0],
      ] as Vec3[],
      referencePath: [
        [0, 0, 0],
        [1, 0, 0],
        [2, 0, 0],
      ] as Vec3[],
      geodesicDistance: 2,
    };
    const s = scoreVlnEpisode(
      ep,
      [
        [0, 0, 0],
        [1, 0, 0],
        [2, 0, 0],
      ],
      true,
      euclideanOracle,
    );
    expect(s.sr).toBe(1);
    expect(s.ne).toBe(0);
    expect(s.ndtw).toBe(1);
    expect(s.sdtw).toBe(1);
    const failed = scoreVlnEpisode(
      { ...ep, goals: undefined },
      [
        [0, 0, 0],
        [1, 0, 0],
        [2, 0, 0],
      ],
      true,
      euclideanOracle,
    );
    expect(failed.sr).toBe(0);
    expect(failed.sdtw).toBe(0);
    expect(failed.ndtw).toBe(1);
  });
});

describe('GOAT-Bench episode scores', () => {
  it('averages per-subtask SPL within an episode, then over episodes; success by kind', () => {
    const s = scoreGoatBench([
      [
        { kind: 'object', success: 1, shortest: 4, walked: 5 },
        { kind: 'image', success: 0, shortest: 3, walked: 3 },
      ],
      [{ kind: 'description', success: 1, shortest: 2, walked: 2 }],
    ]);
    expect(s.episodes).toBe(2);
    expect(s.subtasks).toBe(3);
    // episode 1: (0.8 + 0) / 2 = 0.4; episode 2: 1 → 0.7
    expect(s.composite_spl).toBeCloseTo(0.7, 12);
    expect(s.partial_success).toBeCloseTo(0.75, 12);
    expect(s.task_success).toBe(0.5);
    expect([s.object_success, s.image_success, s.description_success]).toEqual([1, 0, 1]);
  });
});
