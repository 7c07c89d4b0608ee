/**
 * Issue 19 items 1 and 3 on whole offline runs: one process per run directory at a time; a closed
 * task's files (evaluation, usage, trace, pose, map, navigator snapshot) are never written again,
 * whether by a second --resume or by a resume after a record was deleted; metrics.json records each
 * resume; and every file a resume reads back is checked, a bad one named with what was expected.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSequence, type RunOptions } from '../../src/eval/index.js';
import { lockDirectory } from '../../src/memory/index.js';

const ROOT = resolve(import.meta.dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const CLI = join(ROOT, 'src/cli.ts');
const base = mkdtempSync(join(tmpdir(), 'run-directory-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const OPTS = { house: 'seed:7', sequence: 1, agent: 'scripted', maxGoals: 2, harness: { stepBudget: 10, turnBudget: 4 } } satisfies Omit<RunOptions, 'out'>;
const FLAGS = ['--house', 'seed:7', '--sequence', '1', '--agent', 'scripted', '--max-goals', '2', '--step-budget', '10', '--turn-budget', '4', '--json'];
const finished = join(base, 'finished');

/** Hashes of every file a closed task owns (everything but the ledger, run state, metrics and locks). */
function taskFiles(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rel of readdirSync(dir, { recursive: true }) as string[]) {
    const p = join(dir, rel);
    if (!statSync(p).isFile() || /^(ledger\.md|metrics\.json|\.navharness\/(run-state\.json|lock))$/.test(rel)) continue;
    out[rel] = createHash('sha256').update(readFileSync(p)).digest('hex') + ' ' + statSync(p).mtimeMs;
  }
  return out;
}

function copyOf(name: string): string {
  const dir = join(base, name);
  cpSync(finished, dir, { recursive: true });
  return dir;
}

beforeAll(async () => {
  await runSequence({ ...OPTS, out: finished });
}, 240_000);

describe('closed tasks are never written again', () => {
  it('a second and third --resume of a finished run rewrite no task file, and metrics.json counts the resumes', async () => {
    const dir = copyOf('resumed');
    const before = taskFiles(dir);
    const first = JSON.parse(readFileSync(join(dir, 'metrics.json'), 'utf8'));
    expect(first.execution).toMatchObject({ resumes: 0, resumed_at: [] });
    await runSequence({ ...OPTS, out: dir, resume: true });
    await runSequence({ ...OPTS, out: dir, resume: true });
    expect(taskFiles(dir)).toEqual(before);
    const m = JSON.parse(readFileSync(join(dir, 'metrics.json'), 'utf8'));
    expect(m.execution.started_at).toBe(first.execution.started_at);
    expect(m.execution.resumes).toBe(2);
    expect(m.execution.resumed_at).toHaveLength(2);
    for (const t of m.execution.resumed_at) expect(Date.parse(t)).toBeGreaterThan(Date.parse(first.execution.started_at));
  }, 120_000);

  it.each([
    ['the last', 'task-002', /tasks\/task-002\/record\.json is missing, but task-002 was closed/],
    ['an earlier', 'task-001', /tasks\/task-001\/record\.json is missing.*task-00[12]/s],
  ])(
    'a resume after %s record was deleted is refused and rewrites nothing',
    async (_which, id, message) => {
      const dir = copyOf(`deleted-${id}`);
      rmSync(join(dir, 'tasks', id, 'record.json'));
      const before = taskFiles(dir);
      await expect(runSequence({ ...OPTS, out: dir, resume: true })).rejects.toThrow(message);
      expect(taskFiles(dir)).toEqual(before);
      expect(existsSync(join(dir, '.navharness', 'lock'))).toBe(false);
    },
    60_000,
  );

  it.each([false, true])(
    'task records without a run state are refused (resume: %s), nothing rewritten',
    async (resume) => {
      const dir = copyOf(`no-state-${resume}`);
      rmSync(join(dir, '.navharness', 'run-state.json'));
      const before = taskFiles(dir);
      await expect(runSequence({ ...OPTS, out: dir, resume })).rejects.toThrow(/has task records but no run state \(\.navharness\/run-state\.json\)/);
      expect(taskFiles(dir)).toEqual(before);
    },
    60_000,
  );
});

describe('one process per run directory', () => {
  it('a run directory locked by a live process is refused, naming the holder; the lock is released after', async () => {
    const dir = copyOf('locked');
    const lock = lockDirectory(dir, 'run');
    try {
      await expect(runSequence({ ...OPTS, out: dir, resume: true })).rejects.toThrow(new RegExp(`in use by another navharness run \\(pid ${process.pid}`));
    } finally {
      lock.release();
    }
    const houseLock = lockDirectory(join(dir, 'house'), 'run (house memory)');
    try {
      await expect(runSequence({ ...OPTS, out: dir, resume: true })).rejects.toThrow(/house.*in use by another navharness run \(house memory\)/);
      expect(existsSync(join(dir, '.navharness', 'lock'))).toBe(false); // the run dir's lock was given back
    } finally {
      houseLock.release();
    }
  }, 60_000);

  it('two processes started on one new run directory: one runs, the other is refused', async () => {
    const out = join(base, 'race');
    const start = () =>
      new Promise<{ code: number | null; stderr: string }>((done) => {
        const c = spawn(TSX, [CLI, 'run', ...FLAGS, '--out', out], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
        let stderr = '';
        c.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
        c.once('exit', (code) => done({ code, stderr }));
      });
    const results = await Promise.all([start(), start()]);
    const ok = results.filter((r) => r.code === 0);
    const refused = results.filter((r) => r.code !== 0);
    expect(ok, results.map((r) => r.stderr).join('\n---\n')).toHaveLength(1);
    // the loser met either the lock (both started together) or the finished run (it started late)
    expect(refused[0].stderr).toMatch(/in use by another navharness run|already holds a run/);
    const m = JSON.parse(readFileSync(join(out, 'metrics.json'), 'utf8'));
    expect(m.tasks).toBe(2);
    expect(m.execution.resumes).toBe(0);
  }, 240_000);
});

const PNG_SIG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('every file read back on --resume is checked and named', () => {
  const cases: [string, string, string | Buffer, RegExp][] = [
    ['a binary house note', 'house/rooms.md', Buffer.from([0, 1, 2, 0xff, 0xfe, 0]), /house\/rooms\.md is not UTF-8 text.*expected a house note/],
    ['an oversized house note', 'house/overview.md', 'x'.repeat(7000), /house\/overview\.md holds 7,000 characters; expected/],
    ['a verdict-final.json that is not JSON', 'tasks/task-002/verdict-final.json', '{"verdict": "com', /tasks\/task-002\/verdict-final\.json is not JSON/],
    [
      'a verdict-final.json with a bad field',
      'tasks/task-002/verdict-final.json',
      '{"verdict":"maybe","evidence":"","searched_places":[],"confidence":2,"check":"final","steps_at_check":1}',
      /tasks\/task-002\/verdict-final\.json is malformed: verdict.*confidence/s,
    ],
    ['a place graph that is not JSON', 'places/graph.json', 'not json', /places\/graph\.json is not JSON/],
    [
      'a usage file with a negative count',
      'eval/usage-task-001.json',
      '{"task_id":"task-001","actor":{"uncachedInput":-5,"cachedInput":0,"output":0},"judge":{"uncachedInput":0,"cachedInput":0,"output":0},"wakeup":{"uncachedInput":0,"cachedInput":0,"output":0},"compaction":{"uncachedInput":0,"cachedInput":0,"output":0}}',
      /eval\/usage-task-001\.json is malformed: actor\.uncachedInput/,
    ],
    ['a usage file that is not JSON', 'eval/usage-task-002.json', '{', /eval\/usage-task-002\.json is not JSON/],
    [
      'a pose-after with 1e999',
      'eval/pose-after-task-002.json',
      '{"position":[1e999,0,0],"yaw":0}',
      /eval\/pose-after-task-002\.json is malformed: position\.0/,
    ],
    [
      'a truncated place-view PNG',
      '.navharness/navigator/task-002/place-0-view-0.png',
      PNG_SIG,
      /\.navharness\/navigator\/task-002\/place-0-view-0\.png is not a readable PNG.*expected the \d+×\d+ place view/,
    ],
    [
      'an evaluation record with an unknown failure class',
      'eval/task-001.json',
      '{"task_id":"task-001","success":false,"spl":0,"distance_to_goal":3,"shortest_path":4,"path_length":1,"failure":"gremlins"}',
      /eval\/task-001\.json.*unknown failure class 'gremlins'/,
    ],
  ];

  it.each(cases)(
    '%s is refused, named, and nothing is written',
    async (name, rel, content, message) => {
      const dir = copyOf(`corrupt-${name.replace(/\W+/g, '-')}`);
      writeFileSync(join(dir, rel), content);
      const before = taskFiles(dir);
      const metrics = readFileSync(join(dir, 'metrics.json'), 'utf8');
      await expect(runSequence({ ...OPTS, out: dir, resume: true })).rejects.toThrow(message);
      expect(taskFiles(dir)).toEqual(before);
      expect(readFileSync(join(dir, 'metrics.json'), 'utf8')).toBe(metrics);
    },
    60_000,
  );
});
