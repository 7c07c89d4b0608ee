/**
 * The deployment's split of later-run goals by whether an earlier run saw them (evaluation only): a
 * goal counts as seen before when a run before its own showed one of its instances, never when only
 * its own run did; runs that noted nothing give no split; pooling is task-weighted.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { poolSplits, seenBeforeSplits } from '../../src/eval/seen-before.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A run directory whose tasks saw `seen` while looking for `goal`, scoring `spl` (success when > 0). */
function run(root: string, name: string, tasks: { goal: number[]; seen: number[]; spl: number }[]): string {
  const dir = join(root, name);
  mkdirSync(join(dir, 'eval'), { recursive: true });
  tasks.forEach((t, i) => {
    const id = `task-00${i + 1}`;
    writeFileSync(join(dir, 'eval', `seen-objects-${id}.json`), JSON.stringify({ task_id: id, goal_instance_ids: t.goal, seen: t.seen }));
    writeFileSync(
      join(dir, 'eval', `${id}.json`),
      JSON.stringify({ task_id: id, success: t.spl > 0, spl: t.spl, distance_to_goal: 0, shortest_path: 5, path_length: 6 }),
    );
  });
  return dir;
}

describe('goals seen by an earlier run', () => {
  it('splits each run by what the runs before it saw', () => {
    const root = mkdtempSync(join(tmpdir(), 'seen-'));
    dirs.push(root);
    const r1 = run(root, 'run-001', [
      { goal: [5], seen: [5, 7], spl: 0.5 },
      { goal: [9], seen: [9, 11], spl: 0 },
    ]);
    // run 2: goal 7 (seen in run 1), goal 12 (seen only in run 2 itself), goal 11 (run 1)
    const r2 = run(root, 'run-002', [
      { goal: [7], seen: [7], spl: 0.9 },
      { goal: [12, 13], seen: [12], spl: 0.4 },
      { goal: [3, 11], seen: [], spl: 0 },
    ]);
    // run 3: goal 12 was seen by run 2
    const r3 = run(root, 'run-003', [{ goal: [12], seen: [12], spl: 0.8 }]);
    const none = join(root, 'run-004');
    const [s1, s2, s3, s4] = seenBeforeSplits([r1, r2, r3, none]);
    expect(s1).toEqual({ seen_before: { tasks: 0, s_SR: null, SPL: null }, not_seen_before: { tasks: 2, s_SR: 0.5, SPL: 0.25 } });
    expect(s2?.seen_before.tasks).toBe(2);
    expect(s2?.seen_before.s_SR).toBeCloseTo(0.5, 9);
    expect(s2?.seen_before.SPL).toBeCloseTo(0.45, 9);
    expect(s2?.not_seen_before).toEqual({ tasks: 1, s_SR: 1, SPL: 0.4 });
    expect(s3?.seen_before).toEqual({ tasks: 1, s_SR: 1, SPL: 0.8 });
    expect(s4).toBeNull();

    const pooled = poolSplits([s2, s3, s4]);
    expect(pooled?.seen_before.tasks).toBe(3);
    expect(pooled?.seen_before.SPL).toBeCloseTo((0.9 + 0 + 0.8) / 3, 9);
    expect(pooled?.not_seen_before).toEqual({ tasks: 1, s_SR: 1, SPL: 0.4 });
    expect(poolSplits([null])).toBeNull();
  });

  it('refuses a malformed file by its name', () => {
    const root = mkdtempSync(join(tmpdir(), 'seen-'));
    dirs.push(root);
    const dir = run(root, 'run-001', [{ goal: [5], seen: [5], spl: 1 }]);
    writeFileSync(join(dir, 'eval', 'seen-objects-task-001.json'), JSON.stringify({ task_id: 'task-001', goal_instance_ids: [-1], seen: [] }));
    expect(() => seenBeforeSplits([dir])).toThrow(/seen-objects-task-001/);
  });
});
