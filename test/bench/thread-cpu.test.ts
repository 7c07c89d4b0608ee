import { describe, expect, it } from 'vitest';
import { leadingInteger, secondInteger, threadCpuClock, threadWaitClock } from '../../bench/support/thread-cpu.js';

const bytes = (s: string) => new TextEncoder().encode(s);

describe("the main thread's CPU clock (bench lifelong)", () => {
  it("reads the schedstat file's first field, nanoseconds, up to the first space", () => {
    const b = bytes('8123456789012 40512 733\n');
    expect(leadingInteger(b, b.length)).toBe(8123456789012);
    // only the bytes read count
    expect(leadingInteger(b, 4)).toBe(8123);
    expect(leadingInteger(bytes(''), 0)).toBe(0);
  });

  it('reads the second field (the run-queue wait, nanoseconds), 0 when there is none', () => {
    const b = bytes('8123456789012 40512 733\n');
    expect(secondInteger(b, b.length)).toBe(40512);
    expect(secondInteger(b, 17)).toBe(405);
    expect(secondInteger(bytes('8123'), 4)).toBe(0);
  });

  it('gives a wait clock that never runs backwards, where Linux has one', () => {
    const wait = threadWaitClock();
    if (!wait) return;
    let last = wait();
    for (let i = 0; i < 1000; i++) {
      const t = wait();
      expect(t).toBeGreaterThanOrEqual(last);
      last = t;
    }
  });

  it('advances with the work of this thread, by no more than the whole process used meanwhile', () => {
    const clock = threadCpuClock();
    const c0 = clock(),
      p0 = process.cpuUsage(),
      w0 = performance.now();
    let x = 0;
    // spin until the clock has counted 20 ms (a loaded machine gives the thread a share of the wall time)
    while (clock() - c0 < 20 && performance.now() - w0 < 20000) x += Math.sqrt(x + 1);
    const thread = clock() - c0,
      p = process.cpuUsage(p0);
    expect(x).toBeGreaterThan(0);
    expect(thread).toBeGreaterThanOrEqual(20);
    expect(thread).toBeLessThanOrEqual((p.user + p.system) / 1000 + 5);
    // and never runs backwards
    let last = clock();
    for (let i = 0; i < 1000; i++) {
      const t = clock();
      expect(t).toBeGreaterThanOrEqual(last);
      last = t;
    }
  });
});
