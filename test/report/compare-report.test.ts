/**
 * `navharness report EVAL_A EVAL_B --out DIR`: the paired comparison of two evals on synthetic eval
 * directories written here (no simulator): differences over the sequences both played, with the
 * bootstrap interval, success by position with counts, and refusals naming what was wrong.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compareEvals, differenceLine } from '../../src/report/index.js';
import { runMain } from '../helpers/run-program.js';

const root = mkdtempSync(join(tmpdir(), 'navharness-compare-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function put(path: string, content: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}

/** An eval directory of `houses` runs of 4 tasks; `ok(h, k)` says whether task k of house h succeeded. */
function writeEval(name: string, houses: number, ok: (h: number, k: number) => boolean): string {
  const dir = join(root, name);
  for (let h = 0; h < houses; h++) {
    const run = join(dir, `seed-${h}`);
    put(join(run, 'ledger.md'), '# Ledger\n');
    for (let k = 1; k <= 4; k++) {
      const id = `task-00${k}`;
      const success = ok(h, k);
      put(
        join(run, 'tasks', id, 'record.json'),
        JSON.stringify({
          task_id: id,
          index: k,
          goal: { kind: 'object', text: 'bed' },
          status: 'complete',
          claim: { claim: 'complete', evidence: 'here' },
          verdict: null,
          termination_reason: 'closed by the session (claim: complete)',
          searched_regions: [],
          markers: [],
          steps: 10,
          step_budget: 50,
          model_turns: 3,
          handover: null,
          recovery_notes: [],
        }),
      );
      put(
        join(run, 'eval', `${id}.json`),
        JSON.stringify({ task_id: id, success, spl: success ? 0.5 : 0, distance_to_goal: 1, shortest_path: 5, path_length: 10 }),
      );
    }
  }
  return dir;
}

describe('paired comparison of evals', () => {
  const base = writeEval('base', 10, (h, k) => (h + k) % 2 === 0);
  const better = writeEval('better', 10, (h, k) => (h + k) % 2 === 0 || k === 4);
  const shorter = writeEval('shorter', 3, (h, k) => (h + k) % 2 === 0);

  it('gives the difference over the paired sequences with its interval, and success by position with counts (table and plot)', async () => {
    const c = await compareEvals([base, better, shorter], join(root, 'cmp'));
    const [vsBetter, vsShorter] = c.comparisons;
    const s = vsBetter.differences.find((d) => d.score === 's_SR')!;
    // task 4 succeeds in every sequence of 'better' and in half of 'base': +0.125 of s-SR
    expect(s).toMatchObject({ pairs: 10, baseline: 0.5, candidate: 0.625 });
    expect(s.difference).toBeCloseTo(0.125, 10);
    expect(s.ci95![0]).toBeGreaterThan(0);
    expect(differenceLine(s)).toMatch(/^s_SR \+12\.5 % \[\+\d+\.\d %, \+\d+\.\d %\] over 10 paired sequence\(s\) \(50\.0 % → 62\.5 %\)$/);
    expect(vsShorter.differences[0]).toMatchObject({ pairs: 3, difference: 0 });
    expect(c.evals[1].byPosition[3]).toEqual({ position: 4, tasks: 10, successes: 10, s_SR: 1 });
    expect(c.evals[0].byPosition[3]).toEqual({ position: 4, tasks: 10, successes: 5, s_SR: 0.5 });
    const html = readFileSync(c.file, 'utf8');
    expect(html).toContain('Success by task position');
    expect(html).toContain('100.0 % (10/10)');
    // the plot: one line per eval, each point labelled with its successes/tasks
    const svg = Buffer.from(/<img src="data:image\/svg\+xml;base64,([^"]+)" alt="success by task position/.exec(html)![1], 'base64').toString('utf8');
    expect(svg).toContain('Success by task position');
    expect(svg).toContain('10/10');
    expect(svg).toContain('2/3');
    expect(svg).toMatch(/>[^<]*\/better</); // the legend names each eval in full
    for (const d of [base, better, shorter]) expect(svg).toContain(d.split('/').pop()!);
  });

  it('through the command line: prints the differences; refuses a missing --out or a folder that is not an eval', async () => {
    const r = await runMain('report', base, better, '--out', join(root, 'cmp-cli'));
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/s_SR \+12\.5 % \[/);
    const noOut = await runMain('report', base, better);
    expect(noOut.code).toBe(2);
    expect(noOut.err).toContain('--out names the folder for the comparison page');
    const notEval = await runMain('report', base, join(root, 'nothing-here'), '--out', join(root, 'x'));
    expect(notEval.code).toBe(2);
    expect(notEval.err).toContain('not an eval directory');
  });
});
