/** `navharness report` through the CLI: bad input ends with a message naming the problem, exit code 2. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const CLI = join(ROOT, 'src/cli.ts');
const tmp = mkdtempSync(join(tmpdir(), 'navharness-report-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const report = (...args: string[]) => spawnSync(TSX, [CLI, 'report', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });

describe('navharness report (CLI)', () => {
  it('names the malformed file and exits 2', () => {
    const run = join(tmp, 'run');
    mkdirSync(join(run, 'tasks', 'task-001'), { recursive: true });
    writeFileSync(join(run, 'ledger.md'), '# Ledger\n');
    writeFileSync(join(run, 'tasks', 'task-001', 'record.json'), '{"task_id": "task-001"}');
    const r = report(run);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('tasks/task-001/record.json: unexpected content');
    expect(r.stderr).not.toMatch(/\bat .*\.ts:\d+/); // no stack trace
  });

  it('rejects a bad price flag, saying what is accepted', () => {
    const r = report(tmp, '--price-output', '-1');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--price-output is a non-negative price per million tokens');
  });
});
