/**
 * Issue 38: `--quiet` and `--log-level <error|warn|info|debug>` on the long-running commands, declared
 * once (src/commands/log-flags.ts). Progress and diagnostics go to stderr and follow the level;
 * stdout (the results, `--json`) is the same at every level.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { skipReason, TEDDY } from '../../bench/support/shared-data.js';
import { logOf } from '../../src/commands/log-flags.js';
import { main } from '../../src/commands/main.js';

const ROOT = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'log-level-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const written = (f: Parameters<typeof logOf>[0]): string[] => {
  const lines: string[] = [];
  const log = logOf(f, (l) => lines.push(l));
  log.error('e');
  log.warn('w');
  log.info('i');
  log.debug('d');
  return lines;
};

describe('the log level', () => {
  it('writes the lines at and above the level: info by default, errors only with --quiet', () => {
    expect(written({})).toEqual(['e', 'w', 'i']);
    expect(written({ logLevel: 'debug' })).toEqual(['e', 'w', 'i', 'd']);
    expect(written({ logLevel: 'warn' })).toEqual(['e', 'w']);
    expect(written({ quiet: true })).toEqual(['e']);
    expect(written({ quiet: true, logLevel: 'error' })).toEqual(['e']);
    expect(() => logOf({ quiet: true, logLevel: 'debug' })).toThrow(/--quiet is --log-level error; it contradicts --log-level debug/);
  });

  it.each([
    ['run', '--house', 'seed:7', '--agent', 'scripted', '--out', 'never-written'],
    ['eval', '--houses', '0', '--agent', 'scripted', '--out', 'never-written'],
    ['deploy', '--house', 'seed:7', '--runs', '1', '--agent', 'scripted', '--out', 'never-written'],
    ['worker', '--queue', 'redis://127.0.0.1:1'],
  ])('%s refuses a level it does not know, naming the accepted ones (exit 2)', async (...args) => {
    const err: string[] = [];
    const code = await main(['node', 'navharness', ...args, '--log-level', 'loud'], { err: (t) => err.push(t) });
    expect(code).toBe(2);
    expect(err.join('\n')).toMatch(/--log-level: --log-level is one of error, warn, info, debug/);
  });

  it('run --json prints the same JSON at every level; debug adds the turns on stderr, --quiet writes nothing there', () => {
    const run = (out: string, ...level: string[]) =>
      spawnSync(
        join(ROOT, 'node_modules/.bin/tsx'),
        [
          join(ROOT, 'src/cli.ts'),
          'run',
          '--house',
          'seed:7',
          '--agent',
          'scripted',
          '--max-goals',
          '1',
          '--step-budget',
          '15',
          '--turn-budget',
          '3',
          '--no-consolidation',
          '--json',
          '--out',
          join(dir, out),
          ...level,
        ],
        { cwd: ROOT, encoding: 'utf8', timeout: 240_000 },
      );
    const debug = run('debug', '--log-level', 'debug');
    const quiet = run('quiet', '--quiet');
    expect(debug.status, debug.stderr).toBe(0);
    expect(quiet.status, quiet.stderr).toBe(0);
    const metrics = (s: string) => {
      const lines = s.trim().split('\n');
      expect(lines).toHaveLength(1);
      const m = JSON.parse(lines[0]) as Record<string, unknown>;
      return { tasks: m.tasks, s_SR: m.s_SR, SPL: m.SPL, settings: m.settings };
    };
    expect(metrics(debug.stdout)).toEqual(metrics(quiet.stdout));
    expect(debug.stderr).toMatch(/run seed:7: task-001 turn 1, \d+ tool calls/);
    expect(quiet.stderr).toBe('');
  }, 300_000);

  it.skipIf(!TEDDY)(
    `slam on a terminal: the progress line at the default level, none with --quiet (${TEDDY ? 'teddy' : skipReason('tum_fr3_teddy_100')})`,
    async () => {
      const stderrOf = async (...level: string[]): Promise<string> => {
        const written: string[] = [];
        const was = process.stderr.isTTY;
        process.stderr.isTTY = true;
        const spy = vi.spyOn(process.stderr, 'write').mockImplementation((s: string | Uint8Array) => (written.push(String(s)), true));
        const log = vi.spyOn(console, 'log').mockImplementation(() => {});
        try {
          const code = await main([
            'node',
            'navharness',
            'slam',
            TEDDY!,
            '--intrinsics',
            '535.4,539.2,320.1,247.6',
            '--out',
            join(dir, `slam-${level.length}.txt`),
            '--max-frames',
            '25',
            ...level,
          ]);
          expect(code).toBe(0);
        } finally {
          spy.mockRestore();
          log.mockRestore();
          process.stderr.isTTY = was;
        }
        return written.join('');
      };
      expect(await stderrOf()).toMatch(/\rframe 25\/25 /);
      expect(await stderrOf('--quiet')).toBe('');
    },
    120_000,
  );
});
