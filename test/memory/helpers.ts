import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Workspace } from '../../src/memory/index.js';

/** A fresh temp area with a run workspace and a separate house directory. */
export function tempWorkspace(): { base: string; ws: Workspace; cleanup: () => void } {
  const base = mkdtempSync(join(tmpdir(), 'navharness-mem-'));
  const ws = Workspace.open({ runDir: join(base, 'run'), houseDir: join(base, 'houses', 'h1') });
  return { base, ws, cleanup: () => rmSync(base, { recursive: true, force: true }) };
}

const CHILD = join(import.meta.dirname, 'fixtures', 'crash-writer.ts');

/** Runs the crash fixture in a child process, which must die by SIGKILL at its planned point. */
export function runCrashChild(args: string[]): void {
  const r = spawnSync(process.execPath, ['--import', 'tsx', CHILD, ...args], { encoding: 'utf8', timeout: 30_000 });
  if (r.signal !== 'SIGKILL') throw new Error(`child did not crash as planned: status ${r.status}, stderr ${r.stderr}`);
}
