/**
 * Atomic file replacement for every file the harness owns: write a temp file beside the target,
 * fsync it, rename it over the target, fsync the directory. A crash at any point leaves either the
 * old content or the new content, never a torn file; a crash before the rename leaves a stray temp
 * file, which `removeStaleTemps` clears on the next open.
 */
import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Temp files carry this marker so that listings and stale-temp cleanup can recognise them. */
export const TEMP_MARKER = '.navharness-tmp-';

export interface AtomicWriteHooks {
  /** Called after the temp file is durable and before the rename (tests simulate a crash here). */
  beforeRename?: (tempPath: string) => void;
}

let counter = 0;

function fsyncDir(dir: string): void {
  // Directory fsync makes the rename itself durable; some filesystems refuse it, which is harmless.
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    /* not supported here */
  }
}

export function atomicWriteFile(path: string, data: string | Uint8Array, hooks: AtomicWriteHooks = {}): void {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true });
  const temp = join(dir, `${TEMP_MARKER}${process.pid}-${Date.now()}-${counter++}-${basename(path)}`);
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const fd = openSync(temp, 'w', 0o644);
  try {
    let off = 0;
    while (off < bytes.length) off += writeSync(fd, bytes, off, bytes.length - off);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    hooks.beforeRename?.(temp);
    renameSync(temp, path);
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
  fsyncDir(dir);
}

/** Removes temp files left by a crash between temp write and rename, recursively under `root`. */
export function removeStaleTemps(root: string): string[] {
  const removed: string[] = [];
  const walk = (dir: string): void => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.startsWith(TEMP_MARKER)) {
        rmSync(p, { force: true });
        removed.push(p);
      }
    }
  };
  walk(root);
  return removed;
}
