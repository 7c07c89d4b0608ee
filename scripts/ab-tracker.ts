/**
 * Evaluation-only: two tracker.wasm builds on the TUM teddy frames, run alternately in one process so
 * that a loaded machine slows both alike (issue 41). For each build and size: the median over frames of
 * each frame's fastest wall and CPU time over --runs runs, the tracker's stage split (mean per frame,
 * from the run whose stages took least), and whether every frame's status and pose agree to the last
 * bit with build A's (a speed-up must not move a result).
 *   npx tsx scripts/ab-tracker.ts --a base/tracker.wasm --b build/tracker.wasm [--runs 5] [--sizes 640,320]
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { TUM_FR3_INTRINSICS } from '../src/body/tum.js';
import { loadTumImages } from '../src/eval/run-slam.js';
import { scaled } from '../src/geometry/intrinsics.js';
import type { RgbdImage } from '../src/image/index.js';
import { Tracker } from '../src/perception/index.js';
import type { StageTimes } from '../src/perception/tracker-abi.js';
import { median } from '../bench/stats.js';
import { halveRgbd } from '../bench/support/rgbd.js';

const FlagsSchema = z.object({
  a: z.string().min(1, 'build A: a tracker.wasm path'),
  b: z.string().min(1, 'build B: a tracker.wasm path'),
  runs: z.coerce.number().int().min(1).default(5),
  sizes: z
    .string()
    .default('640,320')
    .transform((s) => s.split(',').map((v) => z.enum(['640', '320']).parse(v.trim()))),
});

interface Run {
  frameMs: number[];
  cpuMs: number[];
  stages: StageTimes;
  /** per frame: status and the pose's 16 numbers, as text holding every bit */
  trace: string[];
}

async function trackOnce(bytes: Uint8Array, images: RgbdImage[], times: number[], size: '640' | '320'): Promise<Run> {
  const k = size === '640' ? TUM_FR3_INTRINSICS : scaled(TUM_FR3_INTRINSICS, 0.5);
  const tracker = await Tracker.create({ numFeatures: 1000, intrinsics: k, depthScale: 1 / 5000 }, { bytes });
  const run: Run = { frameMs: [], cpuMs: [], stages: {} as StageTimes, trace: [] };
  try {
    images.forEach((img, i) => {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const r = tracker.track({ width: img.width, height: img.height, rgb: img.rgb, depth: img.depth, timestamp: times[i] });
      run.frameMs.push(performance.now() - t0);
      const c = process.cpuUsage(c0);
      run.cpuMs.push((c.user + c.system) / 1000);
      run.trace.push(`${r.status} ${r.pose ? Array.from(r.pose, (v) => v.toString()).join(' ') : '-'}`);
    });
    run.stages = tracker.stageTimes();
  } finally {
    tracker.dispose();
  }
  return run;
}

const stageSum = (s: StageTimes) => Object.values(s).reduce((a, b) => a + b, 0);

interface Best {
  frameMs: number[];
  cpuMs: number[];
  stages: StageTimes;
  trace: string[];
  sameAsFirst: boolean;
}

function fold(best: Best | undefined, r: Run): Best {
  if (!best) return { frameMs: [...r.frameMs], cpuMs: [...r.cpuMs], stages: r.stages, trace: r.trace, sameAsFirst: true };
  r.frameMs.forEach((t, i) => (best.frameMs[i] = Math.min(best.frameMs[i], t)));
  r.cpuMs.forEach((t, i) => (best.cpuMs[i] = Math.min(best.cpuMs[i], t)));
  if (stageSum(r.stages) < stageSum(best.stages)) best.stages = r.stages;
  best.sameAsFirst &&= r.trace.join('\n') === best.trace.join('\n');
  return best;
}

function report(size: string, a: Best, b: Best): void {
  const frames = a.trace.length;
  const firstDiff = a.trace.findIndex((t, i) => t !== b.trace[i]);
  const row = (name: string, r: Best) => ({
    build: name,
    median_ms: +median(r.frameMs).toFixed(3),
    cpu_median_ms: +median(r.cpuMs).toFixed(3),
    ...Object.fromEntries(Object.entries(r.stages).map(([k, v]) => [k, +(v / frames).toFixed(3)])),
  });
  console.log(`\n${size}: ${frames} frames`);
  console.table([row('A', a), row('B', b)]);
  console.log(
    `${size}: B/A median ${(median(b.frameMs) / median(a.frameMs)).toFixed(3)}, cpu ${(median(b.cpuMs) / median(a.cpuMs)).toFixed(3)}; ` +
      `runs deterministic A ${a.sameAsFirst} B ${b.sameAsFirst}; ` +
      (firstDiff < 0 ? 'every status and pose bit-identical' : `FIRST DIFFERENCE at frame ${firstDiff}:\nA ${a.trace[firstDiff]}\nB ${b.trace[firstDiff]}`),
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { a: { type: 'string' }, b: { type: 'string' }, runs: { type: 'string' }, sizes: { type: 'string' } } });
  const flags = FlagsSchema.parse(values);
  const dir = join(resolve(process.env.NAVHARNESS_SHARED_DATA ?? resolve(import.meta.dirname, '../../shared/data')), 'tum_fr3_teddy_100');
  if (!existsSync(dir)) throw new Error(`no teddy frames at ${dir} (set NAVHARNESS_SHARED_DATA)`);
  const { refs, images } = loadTumImages(dir);
  const times = refs.map((r) => r.rgbTime);
  const builds = [new Uint8Array(readFileSync(flags.a)), new Uint8Array(readFileSync(flags.b))];
  for (const size of flags.sizes) {
    const frames = size === '640' ? images : images.map(halveRgbd);
    const best: (Best | undefined)[] = [undefined, undefined];
    for (let r = 0; r < flags.runs; r++) {
      // alternate which build goes first so that neither always meets a warmer machine
      const order = r % 2 === 0 ? [0, 1] : [1, 0];
      for (const i of order) best[i] = fold(best[i], await trackOnce(builds[i], frames, times, size));
    }
    report(size, best[0]!, best[1]!);
  }
}

await main();
