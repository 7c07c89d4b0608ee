/** `navharness ate <groundtruth> <estimate> [--json]`: ATE RMSE after SE(3) alignment (evo-style matching). */
import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { z } from 'zod';
import { ate, rpe, readTumTrajectory } from '../eval/index.js';
import { parseFlags } from './options.js';

export const AteFlagsSchema = z.object({
  groundtruth: z.string().refine(existsSync, { message: 'file not found' }),
  estimate: z.string().refine(existsSync, { message: 'file not found' }),
  maxDt: z.coerce.number({ message: 'must be a number' }).positive().max(1, { message: 'must be at most 1 s' }).default(0.01),
  json: z.boolean().default(false),
});

export function registerAte(program: Command): void {
  program
    .command('ate')
    .description('absolute trajectory error: translation RMSE after SE(3) alignment of two TUM trajectories')
    .argument('<groundtruth>', 'reference trajectory (TUM format)')
    .argument('<estimate>', 'estimated trajectory (TUM format)')
    .option('--max-dt <s>', 'largest timestamp difference of a pair', '0.01')
    .option('--json', 'print JSON', false)
    .action((groundtruth: string, estimate: string, flags: Record<string, unknown>) => {
      const f = parseFlags(AteFlagsSchema, { ...flags, groundtruth, estimate }, 'ate', { groundtruth: '<groundtruth>', estimate: '<estimate>' });
      const ref = readTumTrajectory(f.groundtruth), est = readTumTrajectory(f.estimate);
      const a = ate(ref, est, f.maxDt);
      const r = a.pairs > 1 ? rpe(ref, est, 1, f.maxDt) : null;
      const out = { rmse_m: a.rmse_m, mean_m: a.mean_m, max_m: a.max_m, pairs: a.pairs, rpe_trans_rmse_m: r?.trans_rmse_m ?? null, rpe_rot_rmse_deg: r?.rot_rmse_deg ?? null };
      if (f.json) console.log(JSON.stringify(out));
      else console.log(`ATE RMSE ${a.rmse_m.toFixed(5)} m over ${a.pairs} pairs (mean ${a.mean_m.toFixed(5)}, max ${a.max_m.toFixed(5)})`);
    });
}
