/**
 * `navharness ate <groundtruth> <estimate> [--align se3|sim3] [--delta n] [--plot out.svg] [--json]`:
 * ATE after SE(3) or Sim(3) Umeyama alignment and RPE over `delta` frames, with evo's statistics
 * (evo-style nearest-timestamp matching); `--plot` draws both trajectories from above and the error
 * over time into one SVG.
 */
import { existsSync, statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import type { Command } from 'commander';
import { SUMMARIES } from './summaries.js';
import { z } from 'zod';
import type { AteResult, RpeResult } from '../eval/trajectory-errors.js';
import { parseFlags, readInput } from './options.js';

const isFile = (p: string) => existsSync(p) && statSync(p).isFile();

export const AteFlagsSchema = z.object({
  groundtruth: z.string().refine(isFile, { message: 'file not found (expected a TUM trajectory file)' }),
  estimate: z.string().refine(isFile, { message: 'file not found (expected a TUM trajectory file)' }),
  maxDt: z.coerce
    .number({ message: 'must be a number of seconds' })
    .positive({ message: 'must be positive' })
    .max(1, { message: 'must be at most 1 s' })
    .default(0.01),
  align: z.enum(['se3', 'sim3'], { message: "expected 'se3' (rigid) or 'sim3' (rigid with scale, for monocular estimates)" }).default('se3'),
  delta: z.coerce
    .number({ message: 'must be a whole number of frames' })
    .int({ message: 'must be a whole number of frames' })
    .min(1, { message: 'must be at least 1 frame' })
    .default(1),
  plot: z
    .string()
    .regex(/\.svg$/i, { message: 'expected a file name ending in .svg' })
    .refine((p) => existsSync(dirname(resolve(p))) && statSync(dirname(resolve(p))).isDirectory(), { message: 'its folder does not exist; create it first' })
    .optional(),
  plane: z
    .enum(['auto', 'xy', 'xz', 'yz'], { message: "expected 'auto' (drop the axis the reference spreads least along), 'xy', 'xz' or 'yz'" })
    .default('auto'),
  json: z.boolean().default(false),
});

const round = (x: number) => Number(x.toPrecision(6));
const roundAll = <T extends Record<string, number>>(o: T): T => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, round(v)])) as T;

function summary(a: AteResult, r: RpeResult | null, align: string, plot: string | undefined) {
  return {
    rmse_m: a.rmse_m,
    mean_m: a.mean_m,
    max_m: a.max_m,
    pairs: a.pairs,
    align,
    scale: a.scale,
    ate_m: roundAll({ ...a.stats }),
    rpe_delta: r?.delta ?? null,
    rpe_pairs: r?.pairs ?? 0,
    rpe_trans_rmse_m: r?.trans_rmse_m ?? null,
    rpe_rot_rmse_deg: r?.rot_rmse_deg ?? null,
    rpe_trans_m: r ? roundAll({ ...r.trans }) : null,
    rpe_rot_deg: r ? roundAll({ ...r.rot_deg }) : null,
    plot: plot ?? null,
  };
}

function printText(s: ReturnType<typeof summary>): void {
  const f = (x: number) => x.toFixed(5);
  const line = (name: string, st: Record<string, number>, unit: string) =>
    `${name}  rmse ${f(st.rmse)} ${unit}  mean ${f(st.mean)}  median ${f(st.median)}  std ${f(st.std)}  min ${f(st.min)}  max ${f(st.max)}`;
  console.log(`ATE RMSE ${f(s.rmse_m)} m over ${s.pairs} pairs (${s.align} alignment${s.align === 'sim3' ? `, scale ${s.scale.toFixed(5)}` : ''})`);
  console.log(line('ATE (m)      ', s.ate_m, 'm'));
  if (s.rpe_trans_m && s.rpe_rot_deg) {
    console.log(line(`RPE trans (m), delta ${s.rpe_delta}`, s.rpe_trans_m, 'm'));
    console.log(line(`RPE rot (deg), delta ${s.rpe_delta}`, s.rpe_rot_deg, 'deg'));
  } else console.log(`RPE: fewer than ${(s.rpe_delta ?? 1) + 1} associated poses for delta ${s.rpe_delta}`);
  if (s.plot) console.log(`plot written to ${s.plot}`);
}

export function registerAte(program: Command): void {
  program
    .command('ate')
    .description(SUMMARIES.ate)
    .argument('<groundtruth>', 'reference trajectory (TUM format)')
    .argument('<estimate>', 'estimated trajectory (TUM format)')
    .option('--max-dt <s>', 'largest timestamp difference of a pair', '0.01')
    .option('--align <kind>', 'se3 (rigid) or sim3 (rigid with scale)', 'se3')
    .option('--delta <frames>', 'RPE over pairs this many associated frames apart', '1')
    .option('--plot <file.svg>', 'write the aligned trajectories (top view) and the error over time as SVG')
    .option('--plane <axes>', 'top-view axes of the plot: auto, xy, xz or yz', 'auto')
    .option('--json', 'print JSON', false)
    .action(async (groundtruth: string, estimate: string, flags: Record<string, unknown>) => {
      const f = parseFlags(AteFlagsSchema, { ...flags, groundtruth, estimate }, 'ate', { groundtruth: '<groundtruth>', estimate: '<estimate>' });
      // the scoring is loaded when it runs, not for --help, and only it: not the eval layer's runners
      const { ate, rpe, readTumTrajectory } = await import('../eval/trajectory-errors.js');
      const ref = readInput('ate', () => readTumTrajectory(f.groundtruth));
      const est = readInput('ate', () => readTumTrajectory(f.estimate));
      const a = readInput('ate', () => ate(ref, est, { maxDt: f.maxDt, align: f.align }));
      const r = a.pairs > f.delta ? rpe(ref, est, f.delta, { maxDt: f.maxDt, scale: a.scale }) : null;
      if (f.plot) {
        // the plot needs vega (an optional dependency): loaded only with --plot
        const { renderAtePlot } = await import('../report/ate-plot.js');
        const { atomicWriteFile } = await import('../memory/index.js');
        atomicWriteFile(f.plot, await renderAtePlot(a, { plane: f.plane, alignLabel: f.align === 'sim3' ? 'Sim(3)' : 'SE(3)', name: basename(f.estimate) }));
      }
      const s = summary(a, r, f.align, f.plot);
      if (f.json) console.log(JSON.stringify(s));
      else printText(s);
    });
}
