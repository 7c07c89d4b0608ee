/**
 * `navharness vln --tours --harness lifelong`: every tour (a house's instructions, vln-tour.ts's
 * `toursByHouse`) as one lifelong run in OUT/tours/tour-NNN/ (tour-lifelong.ts), then OUT/metrics.json
 * with the VLN-CE means per instruction (SR, SPL, NE, nDTW, …), the tours' scores as `vln --tours`
 * reports them, and the harness's own metrics over the tours as sequences (s-SR, e-SR with their
 * intervals, success by position, ledger accuracy, tokens). Each tour folder resumes on its own.
 */
import { join, resolve } from 'node:path';
import { atomicWriteFile } from '../memory/index.js';
import { PricesSchema } from './cost.js';
import { metricsOf, type RunMetrics, type TaskRow } from './run-metrics.js';
import { type LifelongTourOptions, runLifelongTour } from './tour-lifelong.js';
import type { TourTaskScores } from './tour-scores.js';
import { type Tour, type TourScores, tourScores } from './vln-tour.js';
import { mean } from './vln-run.js';

export interface LifelongToursMetrics {
  harness: 'lifelong';
  agent: string;
  policy: string;
  pose: string;
  episodes: number;
  /** share of instructions closed with a claim (the agent's STOP) */
  stop_rate: number;
  /** mean over instructions with a route from their end to the goal; null when none had one */
  NE: number | null;
  OSR: number;
  SR: number;
  SPL: number;
  nDTW: number;
  sDTW: number;
  tours: { count: number; tour_success_rate: number; per_tour: TourScores[] };
  /** the harness's metrics with each tour as one sequence (s_SR is SR above, e_SR the tours fully reached) */
  harness_metrics: RunMetrics;
}

export interface LifelongToursRun {
  metrics: LifelongToursMetrics;
  /** per instruction, tours in order */
  tasks: (TourTaskScores & { tour: string })[];
  files: { metrics: string; episodes: string };
  closedNow: number;
}

export const tourDir = (out: string, n: number): string => join(resolve(out), 'tours', `tour-${String(n).padStart(3, '0')}`);

/** Runs (or continues, with `resume`) every tour, then writes OUT/metrics.json and OUT/episodes.json. */
export async function runLifelongTours(
  tours: readonly Tour[],
  o: Omit<LifelongTourOptions, 'out'> & { out: string; onTour?: (done: number, total: number) => void },
): Promise<LifelongToursRun> {
  const tasks: LifelongToursRun['tasks'] = [];
  const rows: TaskRow[][] = [];
  const per: TourScores[] = [];
  let closedNow = 0;
  for (const [i, t] of tours.entries()) {
    const r = await runLifelongTour(t.episodes, { ...o, out: tourDir(o.out, i + 1) });
    closedNow += r.closedNow;
    rows.push(r.rows);
    per.push(tourScores(t.id, r.tasks));
    tasks.push(...r.tasks.map((s) => ({ ...s, tour: t.id })));
    o.onTour?.(i + 1, tours.length);
  }
  const m = (f: (t: TourTaskScores) => number) => mean(tasks.map(f));
  const ne = tasks.map((t) => t.ne).filter((d): d is number => d !== null);
  const metrics: LifelongToursMetrics = {
    harness: 'lifelong',
    agent: o.agent,
    policy: o.harness.policy,
    pose: o.harness.poseSource,
    episodes: tasks.length,
    stop_rate: m((t) => (t.stopped ? 1 : 0)),
    NE: ne.length ? mean(ne) : null,
    OSR: m((t) => t.osr),
    SR: m((t) => t.sr),
    SPL: m((t) => t.spl),
    nDTW: m((t) => t.ndtw),
    sDTW: m((t) => t.sdtw),
    tours: { count: per.length, tour_success_rate: mean(per.map((t) => (t.success ? 1 : 0))), per_tour: per },
    harness_metrics: metricsOf(rows, PricesSchema.parse({})),
  };
  const files = { metrics: join(resolve(o.out), 'metrics.json'), episodes: join(resolve(o.out), 'episodes.json') };
  atomicWriteFile(files.metrics, JSON.stringify(metrics, null, 2) + '\n');
  atomicWriteFile(files.episodes, JSON.stringify(tasks, null, 2) + '\n');
  return { metrics, tasks, files, closedNow };
}
