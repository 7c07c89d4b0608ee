/**
 * Issue 38: re-running `eval` into its folder was refused per sequence but first overwrote the pooled
 * metrics.json with zero tasks. Now a plain `eval` into a folder that holds one changes nothing and
 * says to use `--resume`; `--resume` reads finished sequences back and continues unfinished ones; the
 * pooled file comes from finished runs only. Offline (scripted agent), two houses of one goal each.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { runMain } from '../helpers/run-program.js';

const base = mkdtempSync(join(tmpdir(), 'eval-resume-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
const out = join(base, 'eval');
const FLAGS = [
  'eval',
  '--houses',
  '3..4',
  '--agent',
  'scripted',
  '--max-goals',
  '1',
  '--step-budget',
  '10',
  '--turn-budget',
  '4',
  '--workers',
  '2',
  '--out',
  out,
  '--json',
];

/** Every file under `dir` with its size and modification time: what "changes nothing" compares. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) {
        const s = statSync(p);
        files[p.slice(dir.length)] = `${s.size}:${s.mtimeMs}`;
      }
    }
  };
  walk(dir);
  return files;
}

async function evalWithStderr(...args: string[]): Promise<Awaited<ReturnType<typeof runMain>> & { stderr: string }> {
  const lines: string[] = [];
  const spy = vi.spyOn(console, 'error').mockImplementation((s: unknown) => void lines.push(String(s)));
  // the command's log (log-flags.ts) writes its lines to stderr directly
  const write = vi.spyOn(process.stderr, 'write').mockImplementation((s: string | Uint8Array) => (lines.push(String(s).replace(/\n$/, '')), true));
  const before = process.exitCode;
  try {
    const r = await runMain(...args);
    const code = r.code === 0 && process.exitCode ? Number(process.exitCode) : r.code;
    return { ...r, code, stderr: lines.join('\n') };
  } finally {
    spy.mockRestore();
    write.mockRestore();
    process.exitCode = before;
  }
}

describe('eval into a folder that holds one', () => {
  it('a plain eval changes nothing and says to use --resume; --resume reads finished runs back and continues unfinished ones', async () => {
    const first = await evalWithStderr(...FLAGS);
    expect(first.code, first.err + first.stderr).toBe(0);
    const pooled = readFileSync(join(out, 'metrics.json'), 'utf8');
    expect(JSON.parse(pooled)).toMatchObject({ tasks: 2, sequences: 2 });

    const before = snapshot(out);
    const again = await evalWithStderr(...FLAGS);
    expect(again.code).toBe(2);
    expect(again.err).toMatch(/already holds an eval \(2 of 2 sequences finished, 0 unfinished, metrics\.json written\); nothing was changed\. Pass --resume/);
    expect(readFileSync(join(out, 'metrics.json'), 'utf8')).toBe(pooled);
    expect(snapshot(out)).toEqual(before);

    // seed-4 as a crash before its end left it: every task closed, the run not marked finished
    const state = join(out, 'seed-4', '.navharness', 'run-state.json');
    writeFileSync(state, JSON.stringify({ ...JSON.parse(readFileSync(state, 'utf8')), finished: false }, null, 2) + '\n');
    const seed3 = Object.fromEntries(Object.entries(snapshot(out)).filter(([p]) => p.startsWith('/seed-3/')));
    const resumed = await evalWithStderr(...FLAGS, '--resume');
    expect(resumed.code, resumed.err + resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/1 finished sequences read back, 1 run/);
    const after = snapshot(out);
    for (const [p, v] of Object.entries(seed3)) expect(after[p], p).toBe(v);
    expect(JSON.parse(readFileSync(join(out, 'seed-4', 'metrics.json'), 'utf8')).execution.resumes).toBe(1);
    const m = JSON.parse(readFileSync(join(out, 'metrics.json'), 'utf8'));
    expect(m).toMatchObject({ tasks: 2, sequences: 2 });
    expect(m.s_SR).toBe(JSON.parse(pooled).s_SR);
  }, 300_000);

  it('--resume with other flags is refused, naming the recorded configuration, and changes nothing', async () => {
    const before = snapshot(out);
    const r = await evalWithStderr(...FLAGS.map((a) => (a === '1' ? '2' : a)), '--resume');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/was started with a different configuration; resume it with the same flags/);
    expect(snapshot(out)).toEqual(before);
  });
});
