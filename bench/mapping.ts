/**
 * Mapping throughput per frame: the whole integrate (back-projection + classification + marking +
 * endpoint de-duplication + ray carving) in navcore.wasm against the plain TypeScript reference,
 * measured in the same run, at 640×480 and 320×240 (teddy frames with every other pixel).
 * The headline figures use what a navigator gets by default ('auto': each frame's rows split over two
 * threads when the machine has two or more cores); the `_1t` figures use one thread.
 * `_shadows_1t`: one thread with column shadows (MapParams.shadows, as the whole-floor re-integration
 * from keyframes maps), in the same steady state, where most cells a frame would free are known.
 * The reference is timed without them.
 */
import { autoThreads, Navcore } from '../src/wasm/navcore.js';
import { OccupancyMap } from '../src/mapping/occupancy-map.js';
import { ReferenceMapper } from './reference/mapper-ref.js';
import type { BenchOptions, BenchResult } from './run.js';
import { medians } from './stats.js';
import { halveSet, loadFrames, type FrameSet } from './frames.js';

/** A map primed with every frame (growth done: steady state), cycling through the frames. */
async function wasmTask(set: FrameSet, zeroCopy: boolean, threads: 1 | 2 = 1, shadows = false): Promise<() => void> {
  const map = new OccupancyMap(await Navcore.load({ threads }), set.frame, { shadows });
  cores.push(map.core);
  const layer = map.openFloor(set.floorUp);
  const K = set.intrinsics;
  for (const f of set.frames) map.integrate({ intrinsics: K, depth: f.depth }, f.pose, layer);
  let i = 0;
  if (!zeroCopy) {
    // depth handed over as a JS Float32Array: includes the copy into linear memory
    return () => {
      const f = set.frames[i++ % set.frames.length];
      map.integrate({ intrinsics: K, depth: f.depth }, f.pose, layer);
    };
  }
  // depth already in linear memory (where a renderer or decoder writes it): one buffer per frame
  const inputs = set.frames.map((f) => {
    const block = map.core.block<Float32Array>(Float32Array, f.depth.length);
    block.view().set(f.depth);
    return block;
  });
  return () => {
    const k = i++ % set.frames.length;
    map.integrate({ intrinsics: K, depth: inputs[k].view() }, set.frames[k].pose, layer);
  };
}

const cores: Navcore[] = [];

export async function run(opts: BenchOptions): Promise<BenchResult> {
  // what a navigator gets by default here: two threads with two or more cores
  const threads = await autoThreads();
  const set640 = loadFrames(opts.quick ? 8 : 24);
  const set320 = halveSet(set640);
  opts.log(`mapping: ${set640.frames.length} frames from ${set640.source}, ${set640.intrinsics.width}×${set640.intrinsics.height} and ${set320.intrinsics.width}×${set320.intrinsics.height}`);

  const ref = new ReferenceMapper(set640.frame, set640.floorUp);
  for (const f of set640.frames) ref.integrate(f.depth, set640.intrinsics, f.pose);
  let k = 0;
  const m = await medians(
    {
      wasm_640: await wasmTask(set640, true),
      wasm_320: await wasmTask(set320, true),
      ...(threads === 2 ? { wasm_640_2t: await wasmTask(set640, true, 2), wasm_320_2t: await wasmTask(set320, true, 2) } : {}),
      wasm_640_shadows: await wasmTask(set640, true, 1, true),
      wasm_copy_640: await wasmTask(set640, false, threads),
      wasm_copy_320: await wasmTask(set320, false, threads),
      ts_640: () => {
        const f = set640.frames[k++ % set640.frames.length];
        ref.integrate(f.depth, set640.intrinsics, f.pose);
      },
    },
    { time: opts.quick ? 300 : 1500, iterations: 30 },
  );
  await Promise.all(cores.splice(0).map((c) => c.dispose()));
  const m640 = threads === 2 ? m.wasm_640_2t : m.wasm_640, m320 = threads === 2 ? m.wasm_320_2t : m.wasm_320;
  const table = Object.entries(m).map(([task, ms]) => ({ task, median_ms: +ms.toFixed(4), speedup_vs_ts_640: +(m.ts_640 / ms).toFixed(2) }));
  return {
    table,
    summary: {
      frames: set640.source,
      threads,
      median_ms_640: +m640.toFixed(4),
      median_ms_320: +m320.toFixed(4),
      median_ms_640_1t: +m.wasm_640.toFixed(4),
      median_ms_320_1t: +m.wasm_320.toFixed(4),
      median_ms_640_shadows_1t: +m.wasm_640_shadows.toFixed(4),
      median_ms_640_with_copy: +m.wasm_copy_640.toFixed(4),
      median_ms_320_with_copy: +m.wasm_copy_320.toFixed(4),
      ts_median_ms_640: +m.ts_640.toFixed(4),
      speedup_vs_ts_640: +(m.ts_640 / m640).toFixed(2),
      speedup_vs_ts_640_1t: +(m.ts_640 / m.wasm_640).toFixed(2),
    },
  };
}
