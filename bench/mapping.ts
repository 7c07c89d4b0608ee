/**
 * Mapping throughput per frame: the whole integrate (back-projection + classification + marking +
 * endpoint de-duplication + ray carving) in navcore.wasm against the plain TypeScript reference,
 * measured in the same run, at 640×480 and 320×240 (teddy frames with every other pixel).
 * The headline figures use what a navigator gets by default ('auto': each frame's rows split over two
 * threads when the machine has two or more cores); the `_1t` figures use one thread.
 * `_shadows_1t`: one thread with column shadows (MapParams.shadows, as the whole-floor re-integration
 * from keyframes maps), in the same steady state, where most cells a frame would free are known.
 * The reference is timed without them.
 *
 * `BENCH_MAPPING_BASELINE=<navcore.wasm>`: the same one-thread tasks with that module too (a build of
 * another commit, e.g. `git show main:build/navcore.wasm > /tmp/main-navcore.wasm`), taken in turn
 * with the others: `baseline_ratio_640_1t` is this build's median over that one's.
 * `--profile`: after the medians, each part of a one-thread 640 frame (support/mapping-profile.ts),
 * as the median per frame (`profile_<part>_ms`, and `profile_shadows_<part>_ms` with column shadows).
 */
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { autoThreads, Navcore } from '../src/wasm/navcore.js';
import { OccupancyMap } from '../src/mapping/occupancy-map.js';
import { ReferenceMapper } from './reference/mapper-ref.js';
import type { BenchOptions, BenchResult } from './run.js';
import { median, medians } from './stats.js';
import { halveSet, loadFrames, type FrameSet } from './frames.js';
import { MAPPING_PARTS, MappingProfile, type MappingPart } from './support/mapping-profile.js';

const MAPPER_EXPORTS = ['classifyScratchFloats', 'classifyRows', 'markCells', 'carveRays', 'freeSeen'];
const ACCEPTED = 'the path of a navcore .wasm built from another commit, e.g. git show main:build/navcore.wasm > /tmp/main-navcore.wasm';
const BaselineSchema = z
  .string()
  .refine((p) => p.endsWith('.wasm') && existsSync(p), { message: `is not an existing .wasm file; give ${ACCEPTED}` })
  .transform((p, ctx) => {
    const bytes = new Uint8Array(readFileSync(p));
    let names: string[] = [];
    try {
      names = WebAssembly.Module.exports(new WebAssembly.Module(bytes)).map((e) => e.name);
    } catch {
      // not WebAssembly: reported below
    }
    const missing = MAPPER_EXPORTS.filter((n) => !names.includes(n));
    if (missing.length) ctx.addIssue({ code: 'custom', message: `is not a navcore module (no ${missing.join(', ')}); give ${ACCEPTED}` });
    return bytes;
  })
  .optional();

/** The baseline module BENCH_MAPPING_BASELINE names, if any; a bad one ends the run with exit 2. */
function baselineBytes(): Uint8Array | undefined {
  const value = process.env.BENCH_MAPPING_BASELINE || undefined;
  const r = BaselineSchema.safeParse(value);
  if (r.success) return r.data;
  console.error(`bench mapping: BENCH_MAPPING_BASELINE=${value} ${r.error.issues.map((i) => i.message).join('; ')}`);
  process.exit(2);
}

interface TaskOptions {
  zeroCopy?: boolean;
  threads?: 1 | 2;
  shadows?: boolean;
  /** another build of navcore.wasm */
  bytes?: Uint8Array;
  /** wraps the core the map uses (the profile's timers) */
  view?: (core: Navcore) => Navcore;
}

/** A map primed with every frame (growth done: steady state), cycling through the frames. */
async function wasmTask(set: FrameSet, o: TaskOptions = {}): Promise<() => void> {
  const { zeroCopy = true, threads = 1, shadows = false } = o;
  const core = await Navcore.load({ threads, bytes: o.bytes });
  cores.push(core);
  const map = new OccupancyMap(o.view ? o.view(core) : core, set.frame, { shadows });
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

/** The median time of each part per frame over `n` frames of a one-thread 640 map, and of the whole frame. */
async function profile(set: FrameSet, shadows: boolean, n: number): Promise<Record<MappingPart | 'frame', number>> {
  let p: MappingProfile | null = null;
  const frame = await wasmTask(set, { shadows, view: (core) => (p = new MappingProfile(core)).core });
  const parts = Object.fromEntries([...MAPPING_PARTS, 'frame'].map((k) => [k, [] as number[]]));
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    frame();
    const ms = performance.now() - t0;
    parts.frame.push(ms);
    const got = p!.take(ms);
    for (const k of MAPPING_PARTS) parts[k].push(got[k]);
  }
  return Object.fromEntries(Object.entries(parts).map(([k, xs]) => [k, median(xs)])) as Record<MappingPart | 'frame', number>;
}

export async function run(opts: BenchOptions): Promise<BenchResult> {
  const baseline = baselineBytes();
  // what a navigator gets by default here: two threads with two or more cores
  const threads = await autoThreads();
  const set640 = loadFrames(opts.quick ? 8 : 24);
  const set320 = halveSet(set640);
  opts.log(
    `mapping: ${set640.frames.length} frames from ${set640.source}, ${set640.intrinsics.width}×${set640.intrinsics.height} and ${set320.intrinsics.width}×${set320.intrinsics.height}`,
  );

  const ref = new ReferenceMapper(set640.frame, set640.floorUp);
  for (const f of set640.frames) ref.integrate(f.depth, set640.intrinsics, f.pose);
  let k = 0;
  const m = await medians(
    {
      wasm_640: await wasmTask(set640),
      wasm_320: await wasmTask(set320),
      ...(threads === 2 ? { wasm_640_2t: await wasmTask(set640, { threads: 2 }), wasm_320_2t: await wasmTask(set320, { threads: 2 }) } : {}),
      wasm_640_shadows: await wasmTask(set640, { shadows: true }),
      wasm_copy_640: await wasmTask(set640, { zeroCopy: false, threads }),
      wasm_copy_320: await wasmTask(set320, { zeroCopy: false, threads }),
      ...(baseline
        ? { baseline_640: await wasmTask(set640, { bytes: baseline }), baseline_640_shadows: await wasmTask(set640, { bytes: baseline, shadows: true }) }
        : {}),
      ts_640: () => {
        const f = set640.frames[k++ % set640.frames.length];
        ref.integrate(f.depth, set640.intrinsics, f.pose);
      },
    },
    { time: opts.quick ? 300 : 1500, iterations: 30 },
  );
  const summary: BenchResult['summary'] = {};
  if (baseline) {
    summary.baseline_ratio_640_1t = +(m.wasm_640 / m.baseline_640).toFixed(3);
    summary.baseline_ratio_640_shadows_1t = +(m.wasm_640_shadows / m.baseline_640_shadows).toFixed(3);
  }
  if (opts.profile) {
    for (const shadows of [false, true]) {
      const r = await profile(set640, shadows, opts.quick ? 100 : 600);
      for (const [part, ms] of Object.entries(r)) summary[`profile${shadows ? '_shadows' : ''}_${part}_ms`] = +ms.toFixed(4);
    }
  }
  await Promise.all(cores.splice(0).map((c) => c.dispose()));
  const m640 = threads === 2 ? m.wasm_640_2t : m.wasm_640,
    m320 = threads === 2 ? m.wasm_320_2t : m.wasm_320;
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
      ...summary,
    },
  };
}
