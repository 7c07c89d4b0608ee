/**
 * Whether the tracker's results depend on its heap layout (issue 41; a helper, not a suite): the same
 * frames tracked once as they are and once with blocks of scattered sizes allocated and half of them
 * freed before every frame, so that keyframes and landmarks land at other addresses and in another
 * relative order. Used by scripts/heap-layout-check.ts and test/perception/tracker-heap-layout.test.ts.
 */
import { ownFrame, type BodyFrame } from '../../src/body/body.js';
import { SimBody } from '../../src/body/sim-body.js';
import { loadHouse } from '../../src/sim/load-house.js';
import { Tracker, type TrackerOptions } from '../../src/perception/index.js';
import type { Allocator } from '../../src/wasm/memory.js';
import { navigatorTrackerOptions } from '../../src/world/pose-sources.js';
import { loopTour } from './loop-tour.js';

/** Allocates blocks of pseudo-random sizes and frees every other one, leaving holes of many sizes. */
export function scatterHeap(heap: Allocator, seed: number, kept: number[]): void {
  let s = seed >>> 0;
  const next = () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0);
  const blocks: number[] = [];
  for (let i = 0; i < 24; i++) blocks.push(heap.alloc(16 + (next() % 6000)));
  blocks.forEach((p, i) => (i % 2 === 0 ? heap.free(p) : kept.push(p)));
}

/** Per frame: the status and the pose's 16 numbers as text holding every bit. */
export async function trackTrace(frames: BodyFrame[], options: TrackerOptions, bytes: Uint8Array | undefined, scatter: boolean): Promise<string[]> {
  const tracker = await Tracker.create(options, bytes ? { bytes } : {});
  // element access: the façade keeps its allocator private, and only this check disturbs it
  const heap = tracker['heap'] as Allocator;
  const kept: number[] = [];
  const out: string[] = [];
  try {
    frames.forEach((f, i) => {
      if (scatter) scatterHeap(heap, 7 + i, kept);
      const r = tracker.track(f);
      out.push(`${r.status} ${r.pose ? Array.from(r.pose, (v) => v.toString()).join(' ') : '-'}`);
    });
  } finally {
    tracker.dispose();
  }
  return out;
}

export interface HeapLayoutResult {
  frames: number;
  /** frames without a pose in the plain run */
  lost: number;
  /** the first frame whose status or pose differs in any bit, -1 when none */
  firstDifference: number;
  plain: string;
  scattered: string;
}

/** Drives a lap through the house's ground floor (loop-tour.ts) and tracks it both ways with the navigator's settings. */
export async function heapLayoutCheck(house: number, maxFrames: number, bytes?: Uint8Array): Promise<HeapLayoutResult> {
  const body = await SimBody.create(await loadHouse({ kind: 'procedural', seed: house }));
  const frames: BodyFrame[] = [];
  let options: TrackerOptions;
  try {
    for await (const s of loopTour(body, 1e9, 1, maxFrames, true)) frames.push(ownFrame(s.frame));
    options = navigatorTrackerOptions(body);
  } finally {
    body.renderer.dispose();
    body.navmesh.destroy();
  }
  const plain = await trackTrace(frames, options, bytes, false);
  const scattered = await trackTrace(frames, options, bytes, true);
  const first = scattered.findIndex((t, i) => t !== plain[i]);
  return {
    frames: frames.length,
    lost: plain.filter((t) => !t.startsWith('ok')).length,
    firstDifference: first,
    plain: first < 0 ? '' : plain[first],
    scattered: first < 0 ? '' : scattered[first],
  };
}
