import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEMP_MARKER, Workspace, atomicWriteFile, removeStaleTemps } from '../../src/memory/index.js';
import { runCrashChild } from './helpers.js';

describe('atomic writes', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'navharness-atomic-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('replaces content and leaves no temp file', () => {
    const p = join(dir, 'a', 'f.txt');
    atomicWriteFile(p, 'one');
    atomicWriteFile(p, 'two');
    expect(readFileSync(p, 'utf8')).toBe('two');
    expect(readdirSync(join(dir, 'a'))).toEqual(['f.txt']);
  });

  it('a failure between temp write and rename keeps the old content', () => {
    const p = join(dir, 'f.txt');
    writeFileSync(p, 'old');
    expect(() =>
      atomicWriteFile(p, 'new', {
        beforeRename: (temp) => {
          expect(readFileSync(temp, 'utf8')).toBe('new'); // the new bytes were durable in the temp file
          throw new Error('simulated crash');
        },
      }),
    ).toThrow('simulated crash');
    expect(readFileSync(p, 'utf8')).toBe('old');
  });

  it('a process killed between temp write and rename leaves the old content; the next open clears the temp', () => {
    const runDir = join(dir, 'run');
    const houseDir = join(dir, 'house-store');
    const ws = Workspace.open({ runDir, houseDir });
    ws.writeOwned({ kind: 'orchestrator' }, 'ledger.md', 'OLD LEDGER');
    runCrashChild(['atomic-before-rename', runDir, houseDir]);
    expect(readFileSync(join(ws.roots.run, 'ledger.md'), 'utf8')).toBe('OLD LEDGER');
    const stale = readdirSync(ws.roots.run).filter((n) => n.startsWith(TEMP_MARKER));
    expect(stale.length).toBe(1); // the crash left its temp file behind…
    expect(ws.access({ kind: 'consolidation' }).list().ok && ws.access({ kind: 'consolidation' }).list()).toMatchObject({ files: ['ledger.md'] });
    Workspace.open({ runDir, houseDir }); // …and reopening removes it
    expect(readdirSync(ws.roots.run).filter((n) => n.startsWith(TEMP_MARKER))).toEqual([]);
    expect(removeStaleTemps(ws.roots.run)).toEqual([]);
    expect(existsSync(join(ws.roots.run, 'ledger.md'))).toBe(true);
  });
});
