/**
 * The navigator's memory on disk, so that `--resume` continues with the map and the places the run
 * had built: one folder per closed task under `.navharness/navigator/`, in the files of
 * navigator-files.ts (the index written last: a folder without it is ignored). Only the newest two
 * snapshots are kept.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { NavigatorMemory } from '../navigator/index.js';
import { STATE_DIR, taskIndexOf } from './layout.js';
import { NAVIGATOR_INDEX, readNavigatorFiles, writeNavigatorFiles } from './navigator-files.js';
import type { Workspace } from './workspace.js';

const ROOT = `${STATE_DIR}/navigator`;
const KEEP = 2;
const snapshotDir = (taskId: string) => `${ROOT}/${taskId}`;

/** Writes the memory after task `taskId`; older snapshots beyond the newest two are removed. */
export function saveNavigatorMemory(ws: Workspace, taskId: string, m: NavigatorMemory): void {
  const dir = snapshotDir(taskId);
  writeNavigatorFiles(m, (name, data) => ws.writeOwned({ kind: 'orchestrator' }, `${dir}/${name}`, data));
  prune(ws);
}

/** The memory saved after task `taskId`, or null when none was saved; malformed files are errors. */
export function loadNavigatorMemory(ws: Workspace, taskId: string): NavigatorMemory | null {
  const dir = snapshotDir(taskId);
  return readNavigatorFiles((name) => {
    const res = ws.resolve(`${dir}/${name}`);
    if (!res.ok || !existsSync(res.path.abs)) return null;
    return readFileSync(res.path.abs);
  }, dir);
}

function prune(ws: Workspace): void {
  const res = ws.resolve(ROOT);
  if (!res.ok || !existsSync(res.path.abs)) return;
  const complete = readdirSync(res.path.abs)
    .filter((d) => taskIndexOf(d) !== null && existsSync(join(res.path.abs, d, NAVIGATOR_INDEX)))
    .sort((a, b) => taskIndexOf(a)! - taskIndexOf(b)!);
  for (const d of complete.slice(0, Math.max(0, complete.length - KEEP))) rmSync(join(res.path.abs, d), { recursive: true, force: true });
}
