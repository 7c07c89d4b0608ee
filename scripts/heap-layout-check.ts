/**
 * Evaluation-only (issue 41): does the tracker give the same poses whatever its heap layout? Drives the
 * body a lap through a house's ground floor (bench/support/loop-tour.ts), keeps the frames, then tracks
 * them twice with the navigator's tracker settings: once as is, once with blocks of scattered sizes
 * allocated and half of them freed before every frame, so that keyframes and landmarks land at other
 * addresses and in another order. Prints the first frame whose status or pose differs in any bit.
 *   npx tsx scripts/heap-layout-check.ts --house 0 --frames 400 [--wasm build/tracker.wasm]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { SimBody } from '../src/body/sim-body.js';
import { ownFrame, type BodyFrame } from '../src/body/body.js';
import { loadHouse } from '../src/sim/load-house.js';
import { Tracker, type TrackerOptions } from '../src/perception/index.js';
import type { Allocator } from '../src/wasm/memory.js';
import { navigatorTrackerOptions } from '../src/world/pose-sources.js';
import { loopTour } from '../bench/support/loop-tour.js';

const FlagsSchema = z.object({
  house: z.coerce.number().int().min(0).default(0),
  frames: z.coerce.number().int().min(2).default(400),
  wasm: z.string().optional(),
});

/** Allocates blocks of pseudo-random sizes and frees every other one, leaving holes of many sizes. */
export function scatterHeap(heap: Allocator, seed: number, kept: number[]): void {
  let s = seed >>> 0;
  const next = () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0);
  const blocks: number[] = [];
  for (let i = 0; i < 24; i++) blocks.push(heap.alloc(16 + (next() % 6000)));
  blocks.forEach((p, i) => (i % 2 === 0 ? heap.free(p) : kept.push(p)));
}

async function trace(frames: BodyFrame[], options: TrackerOptions, bytes: Uint8Array | undefined, perturb: boolean): Promise<string[]> {
  const tracker = await Tracker.create(options, bytes ? { bytes } : {});
  // element access: the façade keeps its allocator private, and only this check disturbs it
  const heap = tracker['heap'] as Allocator;
  const kept: number[] = [];
  const out: string[] = [];
  try {
    frames.forEach((f, i) => {
      if (perturb) scatterHeap(heap, 7 + i, kept);
      const r = tracker.track(f);
      out.push(`${r.status} ${r.pose ? Array.from(r.pose, (v) => v.toString()).join(' ') : '-'}`);
    });
  } finally {
    tracker.dispose();
  }
  return out;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { house: { type: 'string' }, frames: { type: 'string' }, wasm: { type: 'string' } } });
  const flags = FlagsSchema.parse(values);
  const body = await SimBody.create(await loadHouse({ kind: 'procedural', seed: flags.house }));
  const frames: BodyFrame[] = [];
  try {
    for await (const s of loopTour(body, 1e9, 1, flags.frames, true)) frames.push(ownFrame(s.frame));
  } finally {
    body.renderer.dispose();
    body.navmesh.destroy();
  }
  const options = navigatorTrackerOptions(body);
  const bytes = flags.wasm ? new Uint8Array(readFileSync(flags.wasm)) : undefined;
  const plain = await trace(frames, options, bytes, false);
  const moved = await trace(frames, options, bytes, true);
  const first = moved.findIndex((t, i) => t !== plain[i]);
  const lost = plain.filter((t) => !t.startsWith('ok')).length;
  console.log(
    `house ${flags.house}, ${frames.length} frames (${lost} without a pose): ` +
      (first < 0 ? 'every status and pose bit-identical' : `FIRST DIFFERENCE at frame ${first}\n  plain ${plain[first]}\n  moved ${moved[first]}`),
  );
  if (first >= 0) process.exitCode = 1;
}

await main();
