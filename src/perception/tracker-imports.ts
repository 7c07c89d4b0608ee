/**
 * What build/tracker.wasm imports from its host: memory-growth notices (views are re-created lazily,
 * so nothing to do), WASI's exit (an abort inside the module, thrown as an error) and WASI's clock,
 * which the tracker reads to time its stages (nt_stage_times).
 */
export function trackerImports(memory: () => WebAssembly.Memory, abort: (code: number) => never): WebAssembly.Imports {
  return {
    env: { emscripten_notify_memory_growth: () => undefined },
    wasi_snapshot_preview1: {
      proc_exit: abort,
      // (clock id, precision, where to write the time in nanoseconds) -> errno; every clock reads the
      // monotonic one: the tracker asks only for intervals
      clock_time_get: (_id: number, _precision: bigint, out: number) => {
        new DataView(memory().buffer).setBigUint64(out, BigInt(Math.round(performance.now() * 1e6)), true);
        return 0;
      },
    },
  };
}
