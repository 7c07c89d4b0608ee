/**
 * A lifelong tour through the CLI in a child process (`vln --tours --harness lifelong`, the scripted
 * agent, one house, two instructions, small budgets), SIGKILLed as soon as its first task is committed
 * and resumed with --resume: the ledger holds each task once, the first task's record and scores are
 * unchanged, and metrics.json counts both instructions.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateDataset } from '../../src/sim/episodes/dataset.js';

const ROOT = resolve(__dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const CLI = join(ROOT, 'src/cli.ts');
const dir = mkdtempSync(join(tmpdir(), 'nh-tour-kill-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('navharness vln --tours --harness lifelong (offline, scripted agent)', () => {
  it('survives SIGKILL after its first task: --resume replays no closed task', async () => {
    const eps = join(dir, 'eps.json');
    writeFileSync(eps, JSON.stringify(await generateDataset({ kind: 'instruction', houses: 1, perHouse: 2, seed: 11 })));
    const out = join(dir, 'out');
    const args = [
      CLI,
      'vln',
      '--episodes',
      eps,
      '--agent',
      'scripted',
      '--tours',
      '--harness',
      'lifelong',
      '--pose',
      'ground-truth',
      '--budget',
      '40',
      '--turn-budget',
      '16',
      '--out',
      out,
      '--json',
    ];
    const tour = join(out, 'tours/tour-001');
    const committed = () => existsSync(join(tour, '.navharness/closed/task-001.json'));
    // its own process group: tsx runs the CLI in a child process, which a SIGKILL of tsx alone would orphan
    const child = spawn(TSX, args, { cwd: ROOT, stdio: 'ignore', detached: true });
    await new Promise<void>((done, fail) => {
      const timer = setInterval(() => {
        if (!committed()) return;
        clearInterval(timer);
        process.kill(-child.pid!, 'SIGKILL');
        done();
      }, 10);
      child.on('exit', () => {
        clearInterval(timer);
        if (committed()) done();
        else fail(new Error('the tour ended before its first task was committed'));
      });
    });
    for (let i = 0; i < 500; i++) {
      try {
        process.kill(-child.pid!, 0);
      } catch {
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(existsSync(join(out, 'metrics.json'))).toBe(false);
    const kept = ['tasks/task-001/record.json', 'eval/task-001.json', 'eval/vln-task-001.json'].map((p) => [p, readFileSync(join(tour, p), 'utf8')] as const);
    // the same command without --resume is refused, naming the flag
    const refused = spawnSync(TSX, args, { cwd: ROOT, encoding: 'utf8' });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/already holds tours; pass --resume/);
    const resumed = spawnSync(TSX, [...args, '--resume'], { cwd: ROOT, encoding: 'utf8' });
    expect(resumed.status, resumed.stderr).toBe(0);
    const ledger = readFileSync(join(tour, 'ledger.md'), 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('- task-'))
      .map((l) => l.split(' · ')[0].slice(2));
    expect(ledger).toEqual(['task-001', 'task-002']);
    for (const [p, text] of kept) expect(readFileSync(join(tour, p), 'utf8')).toBe(text);
    const metrics = JSON.parse(resumed.stdout);
    expect(metrics.episodes).toBe(2);
    expect(metrics.harness_metrics.tasks).toBe(2);
  }, 600_000);
});
