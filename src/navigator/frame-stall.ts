/**
 * How long a navigator frame stalls on following loop closures and rebuilding (loop-rebuild.ts), and on
 * whatever a caller runs through `time` in the same frame (the lifelong bench times the tracker's call
 * so), by a wall clock and two optional ones. On a shared machine a frame's wall time is its own work
 * (the thread on a core) plus the time the thread was ready but other processes held the cores (the
 * scheduler's run-queue wait, Linux schedstat) plus the time it was blocked: on 2 cores at load 10 a
 * frame of 14 ms CPU took 416 ms wall (7:aliasing's live tour). The wait clock lets the stall be read
 * without the run-queue wait: the frame as it would have run had a core been free whenever it was ready.
 */

/** The slowest frames so far (ms; 0 for a clock not given). */
export interface FrameStallStats {
  /** the most wall time one frame's timed work took */
  maxFrameMs: number;
  /**
   * with a `cpuClock`: the most time one frame's work took by that clock (the most CPU any frame needed,
   * which other processes' load does not stretch), and that clock's time of the frame of `maxFrameMs`
   */
  maxFrameCpuMs: number;
  slowestFrameCpuMs: number;
  /**
   * with a `waitClock` (the time the thread waited for a core): the most wall time less that wait one
   * frame took, and the wait within the frame of `maxFrameMs`
   */
  maxFrameUnqueuedMs: number;
  slowestFrameWaitMs: number;
}

export interface FrameStallClocks {
  /** the clock `maxFrameMs` is read with, ms (default performance.now: wall time) */
  clock?: () => number;
  /** a second clock each frame's work is also read with, ms (the lifelong bench: the main thread's CPU time) */
  cpuClock?: () => number;
  /** the calling thread's time ready to run but not running, ms (the lifelong bench: schedstat's run-queue wait) */
  waitClock?: () => number;
}

export const noFrameStall = (): FrameStallStats => ({ maxFrameMs: 0, maxFrameCpuMs: 0, slowestFrameCpuMs: 0, maxFrameUnqueuedMs: 0, slowestFrameWaitMs: 0 });

export class FrameStall {
  private readonly now: () => number;
  private readonly cpuNow: (() => number) | null;
  private readonly waitNow: (() => number) | null;
  /** the current frame's work so far, by each clock, ms */
  private ms = 0;
  private cpuMs = 0;
  private waitMs = 0;

  constructor(
    readonly stats: FrameStallStats,
    clocks: FrameStallClocks = {},
  ) {
    this.now = clocks.clock ?? (() => performance.now());
    this.cpuNow = clocks.cpuClock ?? null;
    this.waitNow = clocks.waitClock ?? null;
  }

  /** A new frame: its time starts from zero. */
  begin(): void {
    this.ms = this.cpuMs = this.waitMs = 0;
  }

  /** Runs `work`, adding its time by every clock to the current frame's. */
  time(work: () => void): void {
    const t0 = this.now(),
      c0 = this.cpuNow?.() ?? 0,
      w0 = this.waitNow?.() ?? 0;
    try {
      work();
    } finally {
      this.ms += this.now() - t0;
      if (this.cpuNow) this.cpuMs += this.cpuNow() - c0;
      if (this.waitNow) this.waitMs += this.waitNow() - w0;
      this.note();
    }
  }

  private note(): void {
    const s = this.stats;
    if (this.ms > s.maxFrameMs) {
      s.maxFrameMs = this.ms;
      s.slowestFrameCpuMs = this.cpuMs;
      s.slowestFrameWaitMs = this.waitMs;
    }
    if (this.cpuMs > s.maxFrameCpuMs) s.maxFrameCpuMs = this.cpuMs;
    if (this.waitNow && this.ms - this.waitMs > s.maxFrameUnqueuedMs) s.maxFrameUnqueuedMs = this.ms - this.waitMs;
  }
}
