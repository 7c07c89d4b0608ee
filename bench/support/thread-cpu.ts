/**
 * The main thread's CPU time, ms: Linux's scheduler statistics of the thread (nanoseconds on a CPU),
 * where a navigator step's work runs, and the time it waited for a core (`threadWaitClock`). The
 * process's CPU time (process.cpuUsage, the fallback elsewhere) also counts the engine's background threads: compiling a code path first met late in a tour (a first
 * loop closure) or collecting garbage there added up to 100 ms to a frame that itself took 10.
 *
 * The file is read through one descriptor into one buffer. `readFileSync` of a /proc file (size 0)
 * allocates a fresh 64 KiB buffer per call; read a few times per frame, that was ~2 MB of external
 * memory per action, more than the navigator's own frames, and the engine's collections it set off
 * (a full mark-compact every second or two, finished inside whatever call was running) were the
 * lifelong tours' worst frames.
 */
import { existsSync, openSync, readSync } from 'node:fs';

/** Nanoseconds in the decimal number at the start of `buf[0, n)` (the schedstat file's first field). */
export function leadingInteger(buf: Uint8Array, n: number): number {
  let v = 0;
  for (let i = 0; i < n; i++) {
    const c = buf[i];
    if (c < 48 || c > 57) break;
    v = v * 10 + (c - 48);
  }
  return v;
}

/** The decimal number after the first space of `buf[0, n)` (the schedstat file's second field), 0 when there is none. */
export function secondInteger(buf: Uint8Array, n: number): number {
  const space = buf.subarray(0, n).indexOf(32);
  return space < 0 ? 0 : leadingInteger(buf.subarray(space + 1), n - space - 1);
}

const SCHEDSTAT = `/proc/self/task/${process.pid}/schedstat`;

/** A clock of one schedstat field of the main thread, ms, read through one descriptor into one buffer. */
function schedstatClock(field: (buf: Uint8Array, n: number) => number): () => number {
  const fd = openSync(SCHEDSTAT, 'r');
  const buf = Buffer.alloc(96);
  return () => field(buf, readSync(fd, buf, 0, buf.length, 0)) / 1e6;
}

/** A clock of the calling thread's CPU time in ms that allocates nothing per reading; the process's CPU time where Linux's per-thread statistics are missing. */
export function threadCpuClock(): () => number {
  if (!existsSync(SCHEDSTAT)) {
    return () => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1000;
    };
  }
  return schedstatClock(leadingInteger);
}

/**
 * A clock of the time the main thread was ready to run but waited for a core (the scheduler's run-queue
 * wait, schedstat's second field), ms: what other processes' load takes from a frame's wall time. Null
 * where Linux's per-thread statistics are missing.
 */
export function threadWaitClock(): (() => number) | null {
  return existsSync(SCHEDSTAT) ? schedstatClock(secondInteger) : null;
}
