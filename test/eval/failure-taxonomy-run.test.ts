/**
 * The failure taxonomy in a real run: every task's evaluation record names its primary failure class
 * (null for a success), metrics.json counts them, and nothing of it reaches a session's files.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runSequence } from '../../src/eval/run-sequence.js';
import { FAILURE_CLASSES } from '../../src/eval/failures.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));
}

describe('failure classes in a run', () => {
  it('classifies each failed task, counts the classes in metrics.json and keeps them out of agent-readable files', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'failures-run-')), 'run');
    dirs.push(out);
    // a budget far too small to find anything: the tasks fail, each for a reason
    const { metrics } = await runSequence({
      house: 'seed:3',
      sequence: 0,
      agent: 'scripted',
      out,
      maxGoals: 2,
      harness: { poseSource: 'ground-truth', stepBudget: 12, turnBudget: 6 },
    });
    expect(metrics.tasks).toBe(2);
    const evals = readdirSync(join(out, 'eval'))
      .filter((f) => /^task-\d+\.json$/.test(f))
      .map((f) => JSON.parse(readFileSync(join(out, 'eval', f), 'utf8')));
    expect(evals).toHaveLength(2);
    for (const e of evals) {
      if (e.success) expect(e.failure).toBeNull();
      else expect(FAILURE_CLASSES).toContain(e.failure);
      expect(e).toHaveProperty('ended_by');
    }
    const failed = evals.filter((e) => !e.success).length;
    expect(failed).toBeGreaterThan(0);
    expect(Object.keys(metrics.failures!)).toEqual([...FAILURE_CLASSES]);
    expect(Object.values(metrics.failures!).reduce((a, n) => a + n, 0)).toBe(failed);
    for (const e of evals.filter((x) => !x.success)) expect(metrics.failures![e.failure as (typeof FAILURE_CLASSES)[number]]).toBeGreaterThan(0);
    // sessions read tasks/, ledger.md and the house notes: no class name appears there
    const readable = filesUnder(out).filter((f) => !f.includes(`${join(out, 'eval')}`) && !f.endsWith('metrics.json') && /\.(md|json|txt)$/.test(f));
    for (const f of readable) for (const c of FAILURE_CLASSES.filter((x) => x.includes('-'))) expect(readFileSync(f, 'utf8'), f).not.toContain(c);
  }, 300_000);
});
