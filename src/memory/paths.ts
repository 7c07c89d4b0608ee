/**
 * Path resolution confined to the run workspace and its mounted house directory. Every path a
 * session names passes through `resolvePath`: `..` segments, absolute paths outside both roots and
 * symlinks that lead outside are rejected with a message, never followed.
 */
import { lstatSync, realpathSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import { HOUSE_MOUNT } from './layout.js';

export type Root = 'run' | 'house';

export interface Roots {
  /** realpath of the run workspace */
  run: string;
  /** realpath of the mounted house directory */
  house: string;
}

export interface ResolvedPath {
  root: Root;
  /** POSIX path relative to its root ('' for the root itself) */
  rel: string;
  /** the path as sessions see it: 'ledger.md', 'house/rooms.md' */
  display: string;
  /** absolute path on disk */
  abs: string;
  /**
   * POSIX path, relative to the same root, of where the path really leads once symbolic links are
   * followed; equal to `rel` without links. Permission checks look at both, so a link named
   * 'notes' that points at 'eval' does not make evaluation files readable.
   */
  realRel: string;
}

export type Resolution = { ok: true; path: ResolvedPath } | { ok: false; error: string };

const MAX_PATH_CHARS = 512;

function inside(child: string, parent: string): boolean {
  const r = relative(parent, child);
  return r === '' || (!r.startsWith('..') && !isAbsolute(r));
}

/**
 * realpath of the deepest existing ancestor joined with the not-yet-existing remainder. Existence is
 * tested with lstat, so a dangling symlink counts as existing and its realpath fails (refused) instead
 * of being treated as a fresh name that a later mkdir or write could follow out of the root.
 */
function realpathAllowingMissing(abs: string): string {
  const tail: string[] = [];
  let cur = abs;
  for (;;) {
    try {
      lstatSync(cur);
      break;
    } catch {
      const parts = cur.split(sep);
      tail.unshift(parts.pop() as string);
      cur = parts.join(sep) || sep;
    }
  }
  return join(realpathSync(cur), ...tail);
}

function display(root: Root, rel: string): string {
  if (root === 'run') return rel;
  return rel === '' ? HOUSE_MOUNT : `${HOUSE_MOUNT}/${rel}`;
}

export function resolvePath(roots: Roots, input: unknown): Resolution {
  if (typeof input !== 'string') return { ok: false, error: `path must be a string, got ${typeof input}` };
  const raw = input.trim();
  if (raw.length > MAX_PATH_CHARS) return { ok: false, error: `path is longer than ${MAX_PATH_CHARS} characters` };
  if (raw.includes('\0')) return { ok: false, error: 'path contains a NUL byte' };
  if (raw.includes('\\')) return { ok: false, error: `path '${raw}' contains '\\'; use '/' as the separator` };
  const segments = raw.split('/');
  if (segments.includes('..')) {
    return { ok: false, error: `path '${raw}' contains '..'; paths must stay inside the run workspace or house/` };
  }

  let root: Root;
  let rel: string;
  if (isAbsolute(raw)) {
    // An absolute path is accepted only when it names something inside one of the two roots.
    if (inside(raw, roots.house)) {
      root = 'house';
      rel = relative(roots.house, raw);
    } else if (inside(raw, roots.run)) {
      root = 'run';
      rel = relative(roots.run, raw);
    } else {
      return { ok: false, error: `absolute path '${raw}' is outside the run workspace and the house directory` };
    }
  } else {
    const clean = segments.filter((s) => s !== '' && s !== '.');
    if (clean[0] === HOUSE_MOUNT) {
      root = 'house';
      rel = clean.slice(1).join('/');
    } else {
      root = 'run';
      rel = clean.join('/');
    }
  }
  rel = rel.split(sep).join('/');
  const base = roots[root];
  const abs = rel === '' ? base : join(base, ...rel.split('/'));
  // Symlinks are resolved on disk: the real target must still lie inside the same root.
  let real: string;
  try {
    real = realpathAllowingMissing(abs);
  } catch (err) {
    return { ok: false, error: `cannot resolve '${raw}': ${(err as Error).message}` };
  }
  if (!inside(real, base)) {
    return { ok: false, error: `path '${raw}' leads outside the ${root === 'run' ? 'run workspace' : 'house directory'} through a symbolic link` };
  }
  const realRel = relative(base, real).split(sep).join('/');
  return { ok: true, path: { root, rel, display: display(root, rel), abs, realRel } };
}
