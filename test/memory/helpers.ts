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
