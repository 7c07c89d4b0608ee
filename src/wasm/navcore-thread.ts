/**
 * A second thread running navcore kernels over the same shared linear memory (Node worker_threads).
 *
 * The worker instantiates the same compiled module on the same `WebAssembly.Memory`, so it reads the
 * frame and writes its results where the main thread's views already point: nothing is copied or
 * serialised. Calls are handed over through a small control block in that memory with Atomics
 * (no message round trip per call): `post` starts a kernel on the worker, the caller does its own
 * share of the work, and `join` waits for the worker's result.
 */

import { isNode, nodeBuiltin } from './load.js';

/** Kernels the worker may run, by index in the control block. */
export const THREAD_KERNELS = ['classifyRows'] as const;
export type ThreadKernel = (typeof THREAD_KERNELS)[number];

// Control block layout (i32 slots).
const SEQ = 0; // bumped by the caller per posted call
const DONE = 1; // set by the worker to the sequence number it finished
const KERNEL = 2;
const NARGS = 3;
const ARGS = 4; // up to MAX_ARGS arguments
const MAX_ARGS = 12;
const RESULT = ARGS + MAX_ARGS;
const FAILED = RESULT + 1;
export const CONTROL_SLOTS = FAILED + 1;

/** How long `join` spins before it sleeps. */
const JOIN_SPIN_MS = 0.2;
/** How long `join` waits before it declares the worker dead. */
const JOIN_TIMEOUT_MS = 10_000;

// Runs inside the worker (CommonJS eval script): wait for a call, run it, publish the result.
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const { module, memory, control, kernels } = workerData;
const instance = new WebAssembly.Instance(module, { env: { memory, abort() { throw new Error('navcore abort'); } } });
const fns = kernels.map((k) => instance.exports[k]);
const c = new Int32Array(memory.buffer, control, ${CONTROL_SLOTS});
let seen = 0;
for (;;) {
  Atomics.wait(c, ${SEQ}, seen);
  const seq = Atomics.load(c, ${SEQ});
  if (seq === seen) continue;
  seen = seq;
  if (seq < 0) break;
  const args = [];
  for (let i = 0; i < c[${NARGS}]; i++) args.push(c[${ARGS} + i]);
  try {
    c[${RESULT}] = fns[c[${KERNEL}]](...args);
    c[${FAILED}] = 0;
  } catch (err) {
    c[${FAILED}] = 1;
  }
  Atomics.store(c, ${DONE}, seq);
  Atomics.notify(c, ${DONE});
}
`;

interface WorkerLike {
  unref(): void;
  terminate(): Promise<number>;
  on(event: 'error', cb: (err: Error) => void): void;
}

export class NavcoreThread {
  private seq = 0;
  private pending = false;
  private failure: Error | null = null;
  private stopped = false;

  private constructor(
    private readonly worker: WorkerLike,
    private readonly control: Int32Array,
  ) {
    worker.on('error', (err) => {
      this.failure = err;
    });
  }

  /**
   * Starts the worker on `memory` (shared) running `module`; `control` is the byte offset of
   * CONTROL_SLOTS zeroed i32 inside that memory. Node only: elsewhere it throws.
   */
  static async start(module: WebAssembly.Module, memory: WebAssembly.Memory, control: number): Promise<NavcoreThread> {
    if (!(memory.buffer instanceof SharedArrayBuffer)) throw new Error('a navcore thread needs a shared WebAssembly.Memory');
    if (!isNode) throw new Error('navcore threads run on Node worker_threads; in a browser use one thread');
    const { Worker } = await nodeBuiltin<typeof import('node:worker_threads')>('node:worker_threads');
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { module, memory, control, kernels: [...THREAD_KERNELS] } });
    // an idle helper must not keep the process alive
    worker.unref();
    return new NavcoreThread(worker, new Int32Array(memory.buffer, control, CONTROL_SLOTS));
  }

  /** False once the worker has failed or been stopped: callers then do the work themselves. */
  get usable(): boolean {
    return !this.stopped && this.failure === null;
  }

  /** Starts `kernel(...args)` on the worker; at most one call is in flight. */
  post(kernel: ThreadKernel, args: number[]): void {
    if (this.stopped) throw new Error('navcore thread: post() after stop()');
    if (this.failure) throw new Error(`navcore thread failed: ${this.failure.message}`);
    if (this.pending) throw new Error('navcore thread: post() while a call is in flight; join() it first');
    if (args.length > MAX_ARGS) throw new Error(`navcore thread: at most ${MAX_ARGS} arguments, got ${args.length}`);
    const c = this.control;
    c[KERNEL] = THREAD_KERNELS.indexOf(kernel);
    c[NARGS] = args.length;
    for (let i = 0; i < args.length; i++) c[ARGS + i] = args[i];
    this.seq = this.seq === 0x7fffffff ? 1 : this.seq + 1;
    this.pending = true;
    Atomics.store(c, SEQ, this.seq);
    Atomics.notify(c, SEQ);
  }

  /** Waits for the call in flight and returns its result. */
  join(): number {
    if (!this.pending) throw new Error('navcore thread: join() without a posted call');
    const c = this.control;
    // The helper usually finishes within microseconds of the caller's own share: spin briefly
    // before sleeping, since a futex wake-up costs tens of microseconds on a virtual machine.
    const spinUntil = performance.now() + JOIN_SPIN_MS;
    while (Atomics.load(c, DONE) !== this.seq && performance.now() < spinUntil && !this.failure);
    const deadline = Date.now() + JOIN_TIMEOUT_MS;
    for (;;) {
      const done = Atomics.load(c, DONE);
      if (done === this.seq) break;
      if (this.failure) break;
      if (Date.now() > deadline) {
        this.pending = false;
        // a helper that hangs once is not trusted again: callers fall back to one thread
        this.failure = new Error(`no answer within ${JOIN_TIMEOUT_MS} ms`);
        throw new Error(`navcore thread did not answer within ${JOIN_TIMEOUT_MS} ms`);
      }
      Atomics.wait(c, DONE, done, 50);
    }
    this.pending = false;
    if (this.failure) throw new Error(`navcore thread failed: ${this.failure.message}`);
    if (c[FAILED]) throw new Error(`navcore thread: ${THREAD_KERNELS[c[KERNEL]]} trapped`);
    return c[RESULT];
  }

  /** Stops the worker. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    Atomics.store(this.control, SEQ, -1);
    Atomics.notify(this.control, SEQ);
    await this.worker.terminate();
  }
}
