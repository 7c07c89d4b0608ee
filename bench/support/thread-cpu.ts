/**
 * The main thread's CPU time, ms: Linux's scheduler statistics of the thread (nanoseconds on a CPU),
 * where a navigator step's work runs. The process's CPU time (process.cpuUsage, the fallback elsewhere)
 * also counts the engine's background threads: compiling a code path first met late in a tour (a first
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

/** A clock of the calling thread's CPU time in ms that allocates nothing per reading; the process's CPU time where Linux's per-thread statistics are missing. */
export function threadCpuClock(): () => number {
  const path = `/proc/self/task/${process.pid}/schedstat`;
  if (!existsSync(path)) {
    return () => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1000;
    };
  }
  const fd = openSync(path, 'r');
  const buf = Buffer.alloc(96);
  return () => leadingInteger(buf, readSync(fd, buf, 0, buf.length, 0)) / 1e6;
}
