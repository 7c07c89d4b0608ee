/**
 * The saved map's own error at the place of a start turn's join, apart from the join against the saved
 * map (evaluation only): earlier runs' frames near the join's true position, each through its world's
 * world_to_truth.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { joinDrift } from '../../src/eval/join-drift.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
const tum = (points: number[][]) => ['# timestamp tx ty tz qx qy qz qw', ...points.map(([t, x, y, z]) => `${t} ${x} ${y} ${z} 0 0 0 1`)].join('\n') + '\n';

/** A run directory whose task 1 went through `truth`, estimated `off` (x, then per frame) from it. */
function run(root: string, name: string, start: object, truth: number[][], off: (i: number) => number): string {
  const dir = join(root, name);
  mkdirSync(join(dir, 'eval'), { recursive: true });
  writeFileSync(join(dir, 'eval', 'run-start.json'), JSON.stringify({ known_cells_at_start: 0, ...start }));
  writeFileSync(join(dir, 'eval', 'trajectory-task-001.true.txt'), tum(truth.map((p, i) => [i / 10, ...p])));
  writeFileSync(join(dir, 'eval', 'trajectory-task-001.estimated.txt'), tum(truth.map((p, i) => [i / 10, p[0] + off(i), p[1], p[2]])));
  return dir;
}

describe('the saved map’s error where a run joined it', () => {
  const root = mkdtempSync(join(tmpdir(), 'join-drift-'));
  dirs.push(root);
  // run 1 drifted 0.5 m along x by the time it passed (4, 0, 0); far from there it was right
  const path = [
    [0, -0.9, 0],
    [1, -0.9, 0],
    [2, -0.9, 0],
    [4, -0.9, 0],
    [4.2, -0.9, 0],
    [4.1, -0.9, 0.3],
  ];
  const r1 = run(root, 'run-001', { relocalised: null, world_to_truth: IDENTITY }, path, (i) => (i >= 3 ? 0.5 : 0));

  it('splits a join 0.55 m from the truth into the saved map 0.5 m off and the join 0.05 m off the saved map', () => {
    const r2 = run(
      root,
      'run-002',
      { relocalised: true, world_to_truth: IDENTITY },
      [
        [4.05, -0.9, 0.1],
        [4.05, -0.9, 0.2],
      ],
      () => 0.55,
    );
    const d = joinDrift([r1, r2])!;
    expect(d.frames).toBe(3);
    expect(d.saved_map_error_m).toBeCloseTo(0.5, 9);
    expect(d.join_vs_saved_map_m).toBeCloseTo(0.05, 9);
  });

  it('splits a late join by the joining frame noted with the run start', () => {
    const camera = { estimated: [4.65, -0.9, 0.1], truth: [4.05, -0.9, 0.1] };
    const late = run(
      root,
      'run-005',
      { relocalised: false, late_relocalisation: { task: 1, frame: 40, camera }, world_to_truth: IDENTITY },
      [[9, -0.9, 0]],
      () => 0,
    );
    const d = joinDrift([r1, late])!;
    expect(d.frames).toBe(3);
    expect(d.saved_map_error_m).toBeCloseTo(0.5, 9);
    expect(d.join_vs_saved_map_m).toBeCloseTo(0.1, 9);
  });

  it('says nothing for a run that never joined, a late join noted without its frame, or a join where no earlier frame was near', () => {
    const late = run(root, 'run-003', { relocalised: false, world_to_truth: IDENTITY }, [[4, -0.9, 0]], () => 0);
    expect(joinDrift([r1, late])).toBeNull();
    const older = run(root, 'run-006', { relocalised: false, late_relocalisation: { task: 1, frame: 40 }, world_to_truth: IDENTITY }, [[4, -0.9, 0]], () => 0);
    expect(joinDrift([r1, older])).toBeNull();
    const upstairs = run(root, 'run-004', { relocalised: true, world_to_truth: IDENTITY }, [[4, -3.8, 0]], () => 0);
    expect(joinDrift([r1, upstairs])).toBeNull();
  });
});
