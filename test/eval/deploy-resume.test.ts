/**
 * A deployment through the CLI in a child process (the scripted agent, two runs of two goals, small
 * budgets), SIGKILLed twice — once during its first run, once between runs (right after the first
 * run was committed to the house memory) — and resumed each time. At the end every run's ledger holds
 * its two tasks once, the house memory records each run once with its ledger and handovers archived,
 * a record closed before a kill is unchanged, and the second run started on the saved grids.
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

const FLAGS = [
  '--house',
  'seed:7',
  '--sequence',
  '1',
  '--runs',
  '2',
  '--agent',
  'scripted',
  '--max-goals',
  '2',
  '--step-budget',
  '20',
  '--turn-budget',
  '8',
  '--json',
];

function ledgerIds(runDir: string): string[] {
  return readFileSync(join(runDir, 'ledger.md'), 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('- task-'))
    .map((l) => l.split(' · ')[0].slice(2));
}

const generation = (hm: string): number =>
  existsSync(join(hm, 'house-memory.json')) ? JSON.parse(readFileSync(join(hm, 'house-memory.json'), 'utf8')).generation : 0;

/** Starts the deployment and SIGKILLs its process group as soon as `when()` holds; fails if it ended first. */
async function killWhen(out: string, resume: boolean, when: () => boolean): Promise<void> {
  // its own process group: tsx runs the CLI in a child process, which a SIGKILL of tsx alone would orphan
  const child = spawn(TSX, [CLI, 'deploy', ...FLAGS, '--out', out, ...(resume ? ['--resume'] : [])], { cwd: ROOT, stdio: 'ignore', detached: true });
  await new Promise<void>((done, fail) => {
    const timer = setInterval(() => {
      if (when()) {
        clearInterval(timer);
        process.kill(-child.pid!, 'SIGKILL');
        done();
      }
    }, 10);
    child.on('exit', () => {
      clearInterval(timer);
      if (!when()) fail(new Error('the deployment ended before the kill point'));
      else done();
    });
  });
  if (child.exitCode === null && child.signalCode === null) await new Promise((r) => child.once('exit', r));
  // tsx's exit is not the CLI's: wait until no process of the group is left (the lock names a live pid until then)
  for (let i = 0; i < 500; i++) {
    try {
      process.kill(-child.pid!, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('navharness deploy (offline, scripted agent)', () => {
  it('survives SIGKILL during a run and between runs: --resume loses and duplicates nothing, house memory included', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'deploy-kill-')), 'dep');
    dirs.push(out);
    const hm = join(out, 'house-memory');
    const first = join(out, 'run-001', 'tasks', 'task-001', 'record.json');

    await killWhen(out, false, () => existsSync(first));
    expect(existsSync(join(out, 'run-001', 'metrics.json'))).toBe(false);
    expect(generation(hm)).toBe(0);
    const before = readFileSync(first, 'utf8');

    await killWhen(out, true, () => generation(hm) >= 1);
    expect(existsSync(join(out, 'metrics.json'))).toBe(false);
    expect(existsSync(join(out, 'run-002', 'metrics.json'))).toBe(false);

    const r = spawnSync(TSX, [CLI, 'deploy', ...FLAGS, '--out', out, '--resume'], { cwd: ROOT, encoding: 'utf8', timeout: 400_000 });
    expect(r.status, r.stderr).toBe(0);
    const m = JSON.parse(r.stdout.trim().split('\n').pop() as string);
    expect(m.per_run.map((x: { run: number; tasks: number }) => [x.run, x.tasks])).toEqual([
      [1, 2],
      [2, 2],
    ]);
    for (const k of ['s_SR', 'SPL', 'e_SR']) expect(typeof m.per_run[1][k]).toBe('number');
    expect(m.per_run[0].known_cells_at_start).toBe(0);
    expect(m.per_run[1].known_cells_at_start).toBeGreaterThan(0);
    expect(typeof m.per_run[1].relocalised).toBe('boolean');
    expect(m.execution.resumed_at).toHaveLength(2);

    expect(readFileSync(first, 'utf8')).toBe(before);
    for (const run of ['run-001', 'run-002']) expect(ledgerIds(join(out, run))).toEqual(['task-001', 'task-002']);
    const manifest = JSON.parse(readFileSync(join(hm, 'house-memory.json'), 'utf8'));
    expect(manifest.generation).toBe(2);
    expect(manifest.runs.map((x: { name: string; index: number }) => [x.name, x.index])).toEqual([
      ['run-001', 1],
      ['run-002', 2],
    ]);
    expect(readdirSync(hm).filter((f) => f.startsWith('gen-'))).toEqual(['gen-000002']);
    const archive = join(hm, 'gen-000002', 'archive');
    expect(readdirSync(archive)).toEqual(['run-001', 'run-002']);
    for (const run of ['run-001', 'run-002']) {
      expect(readFileSync(join(archive, run, 'ledger.md'), 'utf8')).toBe(readFileSync(join(out, run, 'ledger.md'), 'utf8'));
    }
    expect(readdirSync(join(archive, 'run-002', 'tasks'))).toEqual(['task-001', 'task-002']);
    expect(readFileSync(join(archive, 'run-002', 'tasks', 'task-002', 'handover.md'), 'utf8')).toBe(
      readFileSync(join(out, 'run-002', 'tasks', 'task-002', 'handover.md'), 'utf8'),
    );
    expect(readdirSync(join(hm, 'gen-000002', 'notes')).sort()).toEqual(['index.md', 'overview.md', 'rooms.md', 'skills.md']);
    expect(existsSync(join(hm, 'gen-000002', 'maps', 'pose-map.bin'))).toBe(true);
    // the second run's sessions could read the first run's archived ledger in their house folder
    expect(readFileSync(join(out, 'run-002', 'house', 'archive', 'run-001', 'ledger.md'), 'utf8')).toBe(
      readFileSync(join(out, 'run-001', 'ledger.md'), 'utf8'),
    );
    // no lock is left behind
    expect(existsSync(join(hm, '.navharness', 'lock'))).toBe(false);
  }, 900_000);

  it('--no-saved-maps --no-consolidation: the next run starts with an empty map and the memory keeps no maps', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'deploy-nomaps-')), 'dep');
    dirs.push(out);
    const flags = [
      '--house',
      'seed:7',
      '--sequence',
      '1',
      '--runs',
      '2',
      '--agent',
      'scripted',
      '--max-goals',
      '1',
      '--step-budget',
      '10',
      '--turn-budget',
      '5',
      '--json',
    ];
    const r = spawnSync(TSX, [CLI, 'deploy', ...flags, '--out', out, '--no-saved-maps', '--no-consolidation'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 400_000,
    });
    expect(r.status, r.stderr).toBe(0);
    const m = JSON.parse(r.stdout.trim().split('\n').pop() as string);
    expect(m.memory).toEqual({ saved_maps: false, consolidation: false, policy: 'navharness' });
    expect(m.per_run.map((x: { known_cells_at_start: number; relocalised: boolean | null }) => [x.known_cells_at_start, x.relocalised])).toEqual([
      [0, null],
      [0, null],
    ]);
    const hm = join(out, 'house-memory');
    const manifest = JSON.parse(readFileSync(join(hm, 'house-memory.json'), 'utf8'));
    expect(manifest.runs.map((x: { saved_maps: boolean; consolidated: boolean }) => [x.saved_maps, x.consolidated])).toEqual([
      [false, false],
      [false, false],
    ]);
    expect(existsSync(join(hm, 'gen-000002', 'maps'))).toBe(false);
    expect(existsSync(join(hm, 'gen-000002', 'notes'))).toBe(false);
    expect(readdirSync(join(hm, 'gen-000002', 'archive'))).toEqual(['run-001', 'run-002']);
  }, 600_000);
});
