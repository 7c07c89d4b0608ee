/**
 * How LoopRebuild times a navigator frame's stall (the lifelong bench's max_step_stall_ms and
 * max_step_stall_cpu_ms): the frame's share of a rebuild and whatever runs through `timed` in the same
 * frame add up, a new frame starts from zero, and with a second (CPU) clock the most any frame took by
 * that clock is kept apart from that clock's time of the frame slowest by the first; with a third (the
 * thread's run-queue wait) the most wall time less that wait any frame took.
 */
import { describe, expect, it } from 'vitest';
import { LoopRebuild } from '../../src/navigator/loop-rebuild.js';
import type { FloorMapper } from '../../src/mapping/index.js';

const INTRINSICS = { width: 64, height: 48, fx: 50, fy: 50, cx: 32, cy: 24 };

describe('LoopRebuild frame timing', () => {
  it('sums a frame’s work by both clocks and keeps the slowest frame’s CPU apart from the most CPU', () => {
    let wall = 0,
      cpu = 0;
    // no rebuild is under way, so the mapper is never called
    const rb = new LoopRebuild({} as FloorMapper, INTRINSICS, { clock: () => wall, cpuClock: () => cpu });
    const work = (w: number, c: number) => () => {
      wall += w;
      cpu += c;
    };
    // frame 1: two pieces of work, 30 + 20 ms wall, 25 + 15 ms CPU
    rb.stepFrame();
    rb.timed(work(30, 25));
    rb.timed(work(20, 15));
    expect(rb.stats.maxFrameMs).toBe(50);
    expect(rb.stats.maxFrameCpuMs).toBe(40);
    // frame 2: the slowest by wall (the process waited), little CPU
    rb.stepFrame();
    rb.timed(work(80, 10));
    // frame 3: the most CPU, less wall than frame 2
    rb.stepFrame();
    rb.timed(work(60, 55));
    expect(rb.stats.maxFrameMs).toBe(80);
    expect(rb.stats.slowestFrameCpuMs).toBe(10);
    expect(rb.stats.maxFrameCpuMs).toBe(55);
  });

  it('reads the stall without the run-queue wait by a third clock', () => {
    let wall = 0,
      cpu = 0,
      wait = 0;
    const rb = new LoopRebuild({} as FloorMapper, INTRINSICS, { clock: () => wall, cpuClock: () => cpu, waitClock: () => wait });
    const work = (w: number, c: number, q: number) => () => {
      wall += w;
      cpu += c;
      wait += q;
    };
    // frame 1: 300 ms wall of which 280 ms waiting for a core (a loaded machine)
    rb.stepFrame();
    rb.timed(work(300, 15, 280));
    // frame 2: less wall, but 60 ms of it neither on a core nor waiting for one (blocked)
    rb.stepFrame();
    rb.timed(work(50, 10, 0));
    rb.timed(work(40, 20, 10));
    expect(rb.stats.maxFrameMs).toBe(300);
    expect(rb.stats.slowestFrameCpuMs).toBe(15);
    expect(rb.stats.slowestFrameWaitMs).toBe(280);
    expect(rb.stats.maxFrameUnqueuedMs).toBe(80);
    expect(rb.stats.maxFrameCpuMs).toBe(30);
  });

  it('without a CPU clock reports none', () => {
    let wall = 0;
    const rb = new LoopRebuild({} as FloorMapper, INTRINSICS, { clock: () => wall });
    rb.stepFrame();
    rb.timed(() => {
      wall += 12;
    });
    expect(rb.stats.maxFrameMs).toBe(12);
    expect(rb.stats.maxFrameCpuMs).toBe(0);
    expect(rb.stats.slowestFrameCpuMs).toBe(0);
    expect(rb.stats.maxFrameUnqueuedMs).toBe(0);
  });
});
