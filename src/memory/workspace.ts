/**
 * The run workspace with its mounted house directory, and the file access a session gets through
 * list_files / read_file / write_file. Every call returns a value; bad paths, forbidden writes and
 * oversized content come back as errors a model can act on, never as exceptions.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve as resolveAbs } from 'node:path';
import { z } from 'zod';
import { atomicWriteFile, removeStaleTemps, type AtomicWriteHooks } from './atomic.js';
import { HOUSE_MOUNT } from './layout.js';
import { resolvePath, type ResolvedPath, type Roots } from './paths.js';
import { canRead, canWrite, isHarnessPrivate, type Role } from './permissions.js';
import { scrubCoordinates, scrubDeep } from './scrub.js';
import { RecoveryNoteSchema, formatZodError } from './schemas.js';

/** A read returns at most this many characters (no offset parameter: a longer file gives its prefix). */
export const READ_LIMIT_CHARS = 20_000;
/** A write stores at most this many characters. */
export const WRITE_LIMIT_CHARS = 6_000;
const LIST_LIMIT = 500;

export type FileResult<T> = ({ ok: true } & T) | { ok: false; error: string };

export interface ReadOk {
  path: string;
  text: string;
  truncated: boolean;
  totalChars: number;
}
export interface WriteOk {
  path: string;
  storedChars: number;
  truncated: boolean;
  submittedChars: number;
  /** coordinate-like expressions replaced before storing */
  scrubbed: number;
}
export interface ListOk {
  files: string[];
  truncated: boolean;
}

export const WorkspaceOptionsSchema = z.object({
  runDir: z.string().min(1, 'runDir must name a directory'),
  houseDir: z.string().min(1, 'houseDir must name a directory'),
});
export type WorkspaceOptions = z.infer<typeof WorkspaceOptionsSchema>;

function cutAt(text: string, limit: number): string {
  if (text.length <= limit) return text;
  let cut = text.slice(0, limit);
  // Never leave half a surrogate pair at the end.
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  return cut;
}

/** Filesystem failures (a directory in the way, permissions, a full disk) become error values. */
function tryWrite(p: ResolvedPath, text: string): { ok: false; error: string } | null {
  try {
    atomicWriteFile(p.abs, text);
    return null;
  } catch (err) {
    return { ok: false, error: `could not write '${p.display}': ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}` };
  }
}

export class Workspace {
  readonly roots: Roots;

  private constructor(roots: Roots) {
    this.roots = roots;
  }

  /**
   * Opens (creating if needed) a run workspace and its house directory. The house directory lives
   * outside the run workspace (persistent storage) or exactly at `<runDir>/house`; any other nesting
   * would make one file reachable under two permission regimes, so it is refused.
   */
  static open(options: WorkspaceOptions): Workspace {
    const parsed = WorkspaceOptionsSchema.safeParse(options);
    if (!parsed.success) throw new Error(`bad workspace options: ${formatZodError(parsed.error)}`);
    const opts = parsed.data;
    mkdirSync(opts.runDir, { recursive: true });
    mkdirSync(opts.houseDir, { recursive: true });
    const run = realpathSync(resolveAbs(opts.runDir));
    const house = realpathSync(resolveAbs(opts.houseDir));
    const under = (child: string, parent: string): string | null => {
      const r = relative(parent, child);
      return r.startsWith('..') || isAbsolute(r) ? null : r;
    };
    const houseInRun = under(house, run);
    if (houseInRun !== null && houseInRun !== HOUSE_MOUNT) {
      throw new Error(`house directory '${house}' must be outside the run workspace or exactly '${join(run, HOUSE_MOUNT)}'`);
    }
    if (under(run, house) !== null) throw new Error(`run workspace '${run}' must not lie inside the house directory '${house}'`);
    removeStaleTemps(run);
    removeStaleTemps(house);
    return new Workspace({ run, house });
  }

  resolve(input: unknown): FileResult<{ path: ResolvedPath }> {
    return resolvePath(this.roots, input);
  }

  /** Session-facing file access for one role. */
  access(role: Role): FileAccess {
    return new FileAccess(this, role);
  }

  /** Raw text of a path (no limits, no permission check): for the harness's own use. */
  readRaw(path: string): string | null {
    const r = this.resolve(path);
    if (!r.ok) throw new Error(r.error);
    if (!existsSync(r.path.abs) || !statSync(r.path.abs).isFile()) return null;
    return readFileSync(r.path.abs, 'utf8');
  }

  exists(path: string): boolean {
    const r = this.resolve(path);
    return r.ok && existsSync(r.path.abs);
  }

  /** Atomic write on behalf of a role, with the role's permission check (harness-side, no scrubbing). */
  writeOwned(role: Role, path: string, content: string | Uint8Array, hooks?: AtomicWriteHooks): void {
    const r = this.resolve(path);
    if (!r.ok) throw new Error(r.error);
    const d = canWrite(role, r.path);
    if (!d.ok) throw new Error(d.error);
    atomicWriteFile(r.path.abs, content, hooks);
  }
}

export class FileAccess {
  constructor(
    readonly workspace: Workspace,
    readonly role: Role,
  ) {}

  read(input: unknown): FileResult<ReadOk> {
    const r = this.workspace.resolve(input);
    if (!r.ok) return r;
    const p = r.path;
    const d = canRead(this.role, p);
    if (!d.ok) return d;
    if (!existsSync(p.abs)) return { ok: false, error: `'${p.display}' does not exist; list_files shows what is available` };
    if (statSync(p.abs).isDirectory()) return { ok: false, error: `'${p.display}' is a directory; use list_files to see its files` };
    let buf: Buffer;
    try {
      buf = readFileSync(p.abs);
    } catch (err) {
      return { ok: false, error: `could not read '${p.display}': ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}` };
    }
    const text = new TextDecoder('utf-8', { fatal: false }).decode(buf);
    if (text.includes('\uFFFD') && buf.includes(0)) return { ok: false, error: `'${p.display}' is a binary file and cannot be read as text` };
    const shown = cutAt(text, READ_LIMIT_CHARS);
    return { ok: true, path: p.display, text: shown, truncated: shown.length < text.length, totalChars: text.length };
  }

  list(input: unknown = ''): FileResult<ListOk> {
    const dir = input === undefined || input === null || input === '' ? null : input;
    const targets: ResolvedPath[] = [];
    if (dir === null) {
      const run = this.workspace.resolve('.');
      const house = this.workspace.resolve(HOUSE_MOUNT);
      if (run.ok) targets.push(run.path);
      if (house.ok) targets.push(house.path);
    } else {
      const r = this.workspace.resolve(dir);
      if (!r.ok) return r;
      const d = canRead(this.role, r.path);
      if (!d.ok) return d;
      if (!existsSync(r.path.abs)) return { ok: false, error: `'${r.path.display}' does not exist` };
      targets.push(r.path);
    }
    const files: string[] = [];
    let truncated = false;
    const visit = (p: ResolvedPath): void => {
      if (files.length >= LIST_LIMIT) {
        truncated = true;
        return;
      }
      if (!canRead(this.role, p).ok || isHarnessPrivate(p)) return;
      let st;
      try {
        st = statSync(p.abs);
      } catch {
        return;
      }
      if (st.isFile()) {
        files.push(p.display);
        return;
      }
      if (!st.isDirectory()) return;
      for (const name of readdirSync(p.abs).sort()) {
        // The run root's own 'house' entry (if the house dir is mounted there physically) is listed via the house root.
        if (p.root === 'run' && p.rel === '' && name === HOUSE_MOUNT) continue;
        const child = this.workspace.resolve(p.display === '' ? name : `${p.display}/${name}`);
        if (child.ok) visit(child.path);
      }
    };
    for (const t of targets) visit(t);
    return { ok: true, files, truncated };
  }

  write(input: unknown, content: unknown): FileResult<WriteOk> {
    if (typeof content !== 'string') return { ok: false, error: `content must be a string, got ${typeof content}` };
    const r = this.workspace.resolve(input);
    if (!r.ok) return r;
    const p = r.path;
    const d = canWrite(this.role, p);
    if (!d.ok) return d;
    if (existsSync(p.abs) && statSync(p.abs).isDirectory()) return { ok: false, error: `'${p.display}' is a directory` };
    // the structured note is JSON; a summary note (recovery-N.md) is prose like a handover
    if (this.role.kind === 'actor' && p.display === this.role.recoveryNote && p.display.endsWith('.json')) return this.writeRecoveryNote(p, content);
    const scrubbed = this.role.kind === 'orchestrator' ? { text: content, replaced: 0 } : scrubCoordinates(content);
    const stored = cutAt(scrubbed.text, WRITE_LIMIT_CHARS);
    const failed = tryWrite(p, stored);
    if (failed) return failed;
    return {
      ok: true,
      path: p.display,
      storedChars: stored.length,
      truncated: stored.length < scrubbed.text.length,
      submittedChars: content.length,
      scrubbed: scrubbed.replaced,
    };
  }

  /**
   * Recovery notes are JSON validated against the note schema. A JSON document cut in the middle is
   * no longer JSON, so an oversized note is refused (nothing stored) with the size to aim for.
   */
  private writeRecoveryNote(p: ResolvedPath, content: string): FileResult<WriteOk> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(content);
    } catch (err) {
      return { ok: false, error: `the recovery note must be JSON: ${(err as Error).message}` };
    }
    const v = RecoveryNoteSchema.safeParse(parsed);
    if (!v.success) return { ok: false, error: `the recovery note does not match the expected fields: ${formatZodError(v.error)}` };
    const s = scrubDeep(v.data);
    const text = JSON.stringify(s.value, null, 2);
    if (text.length > WRITE_LIMIT_CHARS) {
      return {
        ok: false,
        error: `the recovery note is ${text.length} characters once formatted; the limit is ${WRITE_LIMIT_CHARS}: shorten it and write it again`,
      };
    }
    const failed = tryWrite(p, text);
    if (failed) return failed;
    return { ok: true, path: p.display, storedChars: text.length, truncated: false, submittedChars: content.length, scrubbed: s.replaced };
  }
}
