/**
 * Whole offline runs through the CLI in a child process: the scripted ground-truth-perception agent
 * and judge, small budgets. Crash safety: the process is SIGKILLed after a task closed and before the
 * run ended; `--resume` finishes it with no closed-task record lost, rewritten or duplicated.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const CLI = join(ROOT, 'src/cli.ts');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const FLAGS = ['--house', 'seed:7', '--sequence', '1', '--agent', 'scripted', '--max-goals', '2', '--step-budget', '30', '--turn-budget', '10', '--json'];

function ledgerIds(out: string): string[] {
  return readFileSync(join(out, 'ledger.md'), 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('- task-'))
    .map((l) => l.split(' · ')[0].slice(2));
}

describe('navharness run (offline, scripted agent)', () => {
  it('completes a sequence and writes the run directory; scores stay out of agent-facing files', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'run-cli-')), 'run');
    dirs.push(out);
    const r = spawnSync(TSX, [CLI, 'run', ...FLAGS, '--out', out], { cwd: ROOT, encoding: 'utf8', timeout: 240_000 });
    expect(r.status, r.stderr).toBe(0);
    const m = JSON.parse(r.stdout.trim().split('\n').pop() as string);
    expect(m).toMatchObject({ tasks: 2, sequences: 1 });
    for (const k of ['s_SR', 'e_SR', 'SPL', 'accuracy', 'input_tokens', 'cached_tokens', 'output_tokens']) expect(typeof m[k]).toBe('number');
    expect(m.input_tokens).toBeGreaterThan(0);
    expect(ledgerIds(out)).toEqual(['task-001', 'task-002']);
    expect(readdirSync(join(out, 'house')).sort()).toEqual(['index.md', 'overview.md', 'rooms.md', 'skills.md']);
    expect(readdirSync(join(out, 'maps')).length).toBeGreaterThan(0);
    for (const id of ['task-001', 'task-002']) {
      const rec = readFileSync(join(out, 'tasks', id, 'record.json'), 'utf8');
      expect(rec).not.toMatch(/"(success|spl|distance_to_goal)"/);
      expect(existsSync(join(out, 'eval', `${id}.json`))).toBe(true);
      // A session writes its handover when it closes; a task ended by the budget has none.
      const r = JSON.parse(rec);
      if (r.claim) {
        expect(r.handover).toBe(`tasks/${id}/handover.md`);
        expect(existsSync(join(out, r.handover))).toBe(true);
      } else {
        expect(r.handover).toBeNull();
        expect(r.status).toBe('stop');
      }
    }
    const notes = readdirSync(join(out, 'house'))
      .map((f) => readFileSync(join(out, 'house', f), 'utf8'))
      .join('\n');
    expect(notes).not.toMatch(/s_SR|SPL|success rate/);
    // a finished run refuses to start again without --resume
    const again = spawnSync(TSX, [CLI, 'run', ...FLAGS, '--out', out], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(again.status).not.toBe(0);
    expect(again.stderr).toContain('--resume');
  }, 300_000);

  it('survives SIGKILL between two tasks: --resume loses and duplicates no closed-task record', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'run-kill-')), 'run');
    dirs.push(out);
    // its own process group: tsx runs the CLI in a child process, which a SIGKILL of tsx alone would orphan
    const child = spawn(TSX, [CLI, 'run', ...FLAGS, '--out', out], { cwd: ROOT, stdio: 'ignore', detached: true });
    const first = join(out, 'tasks', 'task-001', 'record.json');
    await new Promise<void>((done, fail) => {
      const timer = setInterval(() => {
        if (existsSync(first)) {
          clearInterval(timer);
          process.kill(-child.pid!, 'SIGKILL');
          done();
        }
      }, 20);
      child.on('exit', () => {
        clearInterval(timer);
        if (!existsSync(first)) fail(new Error('the run ended before the first task closed'));
        else done();
      });
    });
    if (child.exitCode === null && child.signalCode === null) await new Promise((r) => child.once('exit', r));
    const killedBeforeEnd = !existsSync(join(out, 'metrics.json'));
    expect(killedBeforeEnd).toBe(true);
    const before = readFileSync(first, 'utf8');
    // the navigator's memory is saved before the record, so a closed task always has it
    expect(existsSync(join(out, '.navharness', 'navigator', 'task-001', 'memory.json'))).toBe(true);
    const closedAtKill = readdirSync(join(out, 'tasks')).filter((d) => existsSync(join(out, 'tasks', d, 'record.json')));
    expect(closedAtKill.length).toBeLessThan(2);

    const r = spawnSync(TSX, [CLI, 'run', ...FLAGS, '--out', out, '--resume'], { cwd: ROOT, encoding: 'utf8', timeout: 240_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(first, 'utf8')).toBe(before);
    expect(ledgerIds(out)).toEqual(['task-001', 'task-002']);
    expect(JSON.parse(readFileSync(join(out, 'metrics.json'), 'utf8')).tasks).toBe(2);
  }, 300_000);
});
