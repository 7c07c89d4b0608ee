/**
 * The tracker's results must not depend on where its objects land in linear memory. Keyframes kept in
 * maps ordered by address made the covisibility iteration (pose-graph edges, ties between equally
 * covisible keyframes) follow the allocator's layout, so a change to one scratch buffer's size moved
 * the simulator's trajectories (issue 41). House 0's lap with the navigator's settings (loop closing
 * on), tracked with and without a scattered heap: main a7105ce first differed at frame 1161.
 * HEAP_LAYOUT_WASM points the test at another build of tracker.wasm.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { heapLayoutCheck } from '../../bench/support/heap-layout.js';

describe('tracker results and heap layout (simulator)', () => {
  it('tracks the same frames to the same bits whatever the heap layout', async () => {
    const path = process.env.HEAP_LAYOUT_WASM;
    const r = await heapLayoutCheck(0, 1200, path ? new Uint8Array(readFileSync(path)) : undefined);
    expect(r.frames).toBe(1200);
    expect(r.firstDifference < 0 ? 'identical' : `first difference at frame ${r.firstDifference}:\n${r.plain}\n${r.scattered}`).toBe('identical');
  }, 600_000);
});
