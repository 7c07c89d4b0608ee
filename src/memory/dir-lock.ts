/**
 * An exclusive lock on a directory (a run directory, a house-memory directory) that a crashed process
 * cannot leave stuck. The lock is the file `.navharness/lock`, created whole and atomically: its
 * content is written to a private temp file, which is then hard-linked to the lock name (link fails
 * when the name exists, on every POSIX filesystem). The content names the holder — pid, host, the
 * process's start time — so a lock whose process is gone (or whose pid now belongs to a different
 * process started later) is stale and is taken over. Another live holder is refused with a message
 * naming it. Threads of one process share a pid, so they are told apart by a per-lock token.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, rmdirSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { STATE_DIR } from './layout.js';

export const LOCK_FILE = `${STATE_DIR}/lock`;

const LockSchema = z.strictObject({
  pid: z.number().int().positive(),
  host: z.string(),
  /** the holder's start time as the kernel counts it (clock ticks after boot); null off Linux */
  process_start: z.string().nullable(),
  token: z.string(),
  acquired_at: z.string(),
  purpose: z.string(),
});
type LockInfo = z.infer<typeof LockSchema>;

/** The kernel's start time of a process (field 22 of /proc/PID/stat), or null where unavailable. */
export function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name (field 2) may hold spaces and parentheses: count fields after its last ')'
    const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return after[19] ?? null;
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Why a recorded holder no longer holds the lock, or null when it still may. */
function staleReason(info: LockInfo): string | null {
  if (info.host !== hostname()) return null; // another machine's process: cannot be checked, so it holds
  if (!alive(info.pid)) return `process ${info.pid} is gone`;
  const start = processStart(info.pid);
  if (info.process_start !== null && start !== null && start !== info.process_start) return `pid ${info.pid} now belongs to another process`;
  return null;
}

export interface DirLock {
  readonly path: string;
  /** removes the lock if this holder still owns it; safe to call twice */
  release(): void;
}

const held = new Set<DirLock>();
let exitHook = false;

/** Locks still held when the process exits normally are released (a crash leaves a stale lock). */
function releaseAllOnExit(): void {
  if (exitHook) return;
  exitHook = true;
  process.on('exit', () => {
    for (const l of [...held]) l.release();
  });
}

function readLock(path: string): { info: LockInfo | null; raw: string | null } {
  let raw: string;
  try {
    raw = readFileSync(path, 'utf8');
  } catch {
    return { info: null, raw: null };
  }
  try {
    const r = LockSchema.safeParse(JSON.parse(raw));
    return { info: r.success ? r.data : null, raw };
  } catch {
    return { info: null, raw };
  }
}

function writeTemp(path: string, text: string): void {
  const fd = openSync(path, 'wx', 0o644);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Takes the lock of `dir` for `purpose` ("run", "house memory"), or throws naming the holder. A stale
 * lock is moved aside under a unique name (only one contender's rename can move a given file) and the
 * moved file is checked to be the stale one before the lock is taken.
 */
/** Writes the lock's text to its temporary file in the state folder, which a release may remove meanwhile. */
function writeLockTemp(stateDir: string, temp: string, text: string): void {
  for (let n = 0; ; n++) {
    mkdirSync(stateDir, { recursive: true });
    try {
      writeTemp(temp, text);
      return;
    } catch (err) {
      // another holder's release removed the empty folder between our mkdir and our write
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || n >= 2) throw err;
    }
  }
}

export function lockDirectory(dir: string, purpose: string): DirLock {
  const path = join(dir, LOCK_FILE);
  const stateDir = join(dir, STATE_DIR);
  const info: LockInfo = {
    pid: process.pid,
    host: hostname(),
    process_start: processStart(process.pid),
    token: randomBytes(12).toString('hex'),
    acquired_at: new Date().toISOString(),
    purpose,
  };
  const text = JSON.stringify(info) + '\n';
  const temp = `${path}.${info.token}.new`;
  writeLockTemp(stateDir, temp, text);
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        linkSync(temp, path);
        const lock: DirLock = {
          path,
          release() {
            if (!held.delete(lock)) return;
            if (readLock(path).info?.token === info.token) rmSync(path, { force: true });
            // a folder that held only the lock (a house directory's) goes too, leaving the directory as found
            try {
              rmdirSync(stateDir);
            } catch {
              /* not empty: run state or another contender's temp file */
            }
          },
        };
        held.add(lock);
        releaseAllOnExit();
        return lock;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const cur = readLock(path);
      if (cur.raw === null) continue; // released meanwhile: try again
      if (cur.info === null) {
        throw new Error(
          `${path} exists but is not a lock this program wrote (expected JSON with pid, host, process_start, token); if no navharness process uses ${dir}, delete it`,
        );
      }
      const why = staleReason(cur.info);
      if (why === null) {
        const h = cur.info;
        throw new Error(
          `${dir} is in use by another navharness ${h.purpose} (pid ${h.pid} on ${h.host}, since ${h.acquired_at}); wait for it to end or choose another directory`,
        );
      }
      const aside = `${path}.stale-${info.token}`;
      try {
        renameSync(path, aside);
      } catch {
        continue; // another contender moved it first
      }
      const moved = readLock(aside);
      if (moved.raw !== cur.raw) {
        // a fresh lock was taken between our read and our rename: put it back and report the holder
        try {
          linkSync(aside, path);
        } finally {
          rmSync(aside, { force: true });
        }
        continue;
      }
      rmSync(aside, { force: true });
    }
    throw new Error(`${dir}: could not take the lock ${path} after three tries (another process keeps taking it)`);
  } finally {
    rmSync(temp, { force: true });
  }
}
