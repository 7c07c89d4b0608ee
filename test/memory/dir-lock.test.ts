/**
 * Issue 19 item 1: the directory lock. One holder at a time (threads of one process included); a lock
 * left by a process that died (SIGKILL) or whose pid now names another process is stale and taken
 * over; a file at the lock's name that this program did not write is refused, not deleted.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOCK_FILE, lockDirectory } from '../../src/memory/index.js';
import { processStart } from '../../src/memory/dir-lock.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'dir-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const lockInfo = () => JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'));

function plantLock(pid: number, processStartValue: string | null): void {
  mkdirSync(join(dir, '.navharness'), { recursive: true });
  writeFileSync(
    join(dir, LOCK_FILE),
    JSON.stringify({ pid, host: hostname(), process_start: processStartValue, token: 'old', acquired_at: '2026-01-01T00:00:00.000Z', purpose: 'run' }),
  );
}

describe('lockDirectory', () => {
  it('gives the lock to one holder at a time and back after release', () => {
    const a = lockDirectory(dir, 'run');
    expect(lockInfo()).toMatchObject({ pid: process.pid, purpose: 'run' });
    expect(() => lockDirectory(dir, 'run')).toThrow(new RegExp(`in use by another navharness run \\(pid ${process.pid} on ${hostname()}, since `));
    a.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    const b = lockDirectory(dir, 'run');
    a.release(); // a second release of an old holder does not remove the new holder's lock
    expect(existsSync(join(dir, LOCK_FILE))).toBe(true);
    b.release();
  });

  it('takes over a lock whose process was killed (nothing stays stuck after a crash)', () => {
    // a child process takes the lock and is killed before it can release it
    const child = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import('${join(import.meta.dirname, '../../src/memory/dir-lock.ts')}').then((m) => { m.lockDirectory(${JSON.stringify(dir)}, 'run'); process.kill(process.pid, 'SIGKILL'); })`,
      ],
      { encoding: 'utf8', timeout: 30_000 },
    );
    expect(child.signal).toBe('SIGKILL');
    const left = lockInfo();
    expect(left.pid).toBe(child.pid);
    const l = lockDirectory(dir, 'run');
    expect(lockInfo().pid).toBe(process.pid);
    l.release();
  });

  it('takes over a lock whose pid now belongs to a process started later (pid reuse)', () => {
    if (processStart(process.pid) === null) return; // no /proc: start times cannot be compared here
    plantLock(process.pid, '1');
    const l = lockDirectory(dir, 'run');
    expect(lockInfo().token).not.toBe('old');
    l.release();
  });

  it('keeps a lock whose holder is alive with the same start time', () => {
    plantLock(process.pid, processStart(process.pid));
    expect(() => lockDirectory(dir, 'run')).toThrow(/in use by another navharness run/);
    expect(lockInfo().token).toBe('old');
  });

  it('refuses, and keeps, a file at the lock name that is not a lock', () => {
    mkdirSync(join(dir, '.navharness'), { recursive: true });
    writeFileSync(join(dir, LOCK_FILE), 'hello');
    expect(() => lockDirectory(dir, 'run')).toThrow(/\.navharness\/lock exists but is not a lock this program wrote \(expected JSON with pid/);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe('hello');
  });

  it('leaves the directory as it found it: no temp file, no empty .navharness folder', () => {
    const l = lockDirectory(dir, 'run');
    expect(() => lockDirectory(dir, 'run')).toThrow();
    expect(readdirSync(join(dir, '.navharness'))).toEqual(['lock']);
    l.release();
    expect(readdirSync(dir)).toEqual([]);
    // a folder holding more than the lock (a run directory's state) stays
    mkdirSync(join(dir, '.navharness'));
    writeFileSync(join(dir, '.navharness', 'run-state.json'), '{}');
    lockDirectory(dir, 'run').release();
    expect(readdirSync(join(dir, '.navharness'))).toEqual(['run-state.json']);
  });
});
