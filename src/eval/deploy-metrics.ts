/**
 * The metrics of a deployment: per run (by run index) s-SR, SPL and e-SR, the known cells the run
 * started with (area reused from the house memory) and whether it relocalised in the saved map; and
 * over the deployment, the task-weighted means of all runs and of the runs after the first (the ones
 * a house memory can help).
 */
import { z } from 'zod';
import { poolSplits, type SeenSplit, SeenSplitSchema } from './seen-before.js';

export const DeployRunRowSchema = z.strictObject({
  run: z.number().int().positive(),
  sequence: z.number().int().nonnegative(),
  tasks: z.number().int().nonnegative(),
  s_SR: z.number(),
  SPL: z.number(),
  e_SR: z.number(),
  known_cells_at_start: z.number().int().nonnegative(),
  relocalised: z.boolean().nullable(),
  /** the task during which a run whose start turn did not relocalise relocalised later (absent in older files) */
  late_relocalisation_task: z.number().int().positive().nullable().optional(),
  /** evaluation only: metres between the relocalised pose (start turn or late join) and the truth (absent in older files) */
  relocalisation_error_m: z.number().nonnegative().nullable().optional(),
  /** evaluation only: the errors against the truth of joins the navigator refuted as look-alike places (null: not measured; absent in older files) */
  refused_join_errors_m: z.array(z.number().nonnegative().nullable()).optional(),
  /** evaluation only: the run's tasks split by whether an earlier run saw the goal (absent in older files) */
  seen_split: SeenSplitSchema.nullable().optional(),
  /** evaluation only: the grids this run left to the house memory against the true map, every floor pooled (absent without saved maps, or in older files) */
  /** evaluation only, a run that joined the saved map (start turn or late): the saved map's own error where it joined and the join against the saved map (absent in older files) */
  join_drift: z
    .strictObject({ saved_map_error_m: z.number().nonnegative(), join_vs_saved_map_m: z.number().nonnegative(), frames: z.number().int().positive() })
    .nullable()
    .optional(),
  saved_grid: z.strictObject({ free_precision: z.number().nullable(), obstacle_recall: z.number().nullable() }).nullable().optional(),
});
export type DeployRunRow = z.infer<typeof DeployRunRowSchema>;

const MeansSchema = z.strictObject({
  runs: z.number().int().nonnegative(),
  tasks: z.number().int().nonnegative(),
  s_SR: z.number().nullable(),
  SPL: z.number().nullable(),
  e_SR: z.number().nullable(),
});

export const DeploymentMetricsSchema = z.strictObject({
  kind: z.literal('deployment'),
  deployment: z.string(),
  house: z.string(),
  memory: z.strictObject({ saved_maps: z.boolean(), consolidation: z.boolean(), policy: z.string() }),
  per_run: z.array(DeployRunRowSchema),
  all_runs: MeansSchema,
  /** runs 2..K: the runs that start from a house memory */
  later_runs: MeansSchema,
  /** runs 2..K split by whether an earlier run saw the goal, task-weighted (absent in older files) */
  later_runs_seen_split: SeenSplitSchema.nullable().optional(),
  relocalised_runs: z.number().int().nonnegative(),
  /** runs whose start turn did not relocalise but a later frame did (absent in older files) */
  late_relocalised_runs: z.number().int().nonnegative().optional(),
  execution: z.strictObject({ started_at: z.string(), resumed_at: z.array(z.string()) }),
});
export type DeploymentMetrics = z.infer<typeof DeploymentMetricsSchema>;

function means(rows: DeployRunRow[]): z.infer<typeof MeansSchema> {
  const tasks = rows.reduce((n, r) => n + r.tasks, 0);
  const w = (f: (r: DeployRunRow) => number): number | null => (tasks === 0 ? null : rows.reduce((s, r) => s + f(r) * r.tasks, 0) / tasks);
  return { runs: rows.length, tasks, s_SR: w((r) => r.s_SR), SPL: w((r) => r.SPL), e_SR: w((r) => r.e_SR) };
}

export function deploymentMetrics(
  deployment: string,
  house: string,
  rows: DeployRunRow[],
  memory: { savedMaps: boolean; consolidation: boolean; policy: string },
  execution: { started_at: string; resumed_at: string[] },
): DeploymentMetrics {
  return DeploymentMetricsSchema.parse({
    kind: 'deployment',
    deployment,
    house,
    memory: { saved_maps: memory.savedMaps, consolidation: memory.consolidation, policy: memory.policy },
    per_run: rows,
    all_runs: means(rows),
    later_runs: means(rows.slice(1)),
    later_runs_seen_split: poolSplits(rows.slice(1).map((r) => r.seen_split ?? null)),
    relocalised_runs: rows.filter((r) => r.relocalised === true).length,
    late_relocalised_runs: rows.filter((r) => typeof r.late_relocalisation_task === 'number').length,
    execution,
  });
}
