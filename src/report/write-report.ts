/**
 * Reads a run directory, renders the plots and writes the report: index.html and its pictures in
 * files/ beside it (the folder is self-contained).
 */
import { join, resolve } from 'node:path';
import { PricesSchema, type Prices, pricesGiven } from '../eval/index.js';
import { atomicWriteFile } from '../memory/index.js';
import { summarize, type RunSummary } from './aggregate.js';
import { atePlotSpec } from './ate-plot.js';
import { ReportAssets } from './assets.js';
import { costPerTaskSpec, renderSvg, successByPositionSpec, tokensPerTaskSpec, trajectorySpec } from './charts.js';
import { renderHtml, type ReportPlots } from './html.js';
import { readRun, type RunData } from './read-run.js';
import { readReplay } from './read-replay.js';
import { replaySection, thinSteps } from './replay-html.js';
import { readTaskAte } from './task-ate.js';

export interface ReportOptions {
  /** output folder; default RUN_DIR/report */
  out?: string;
  prices?: Partial<Prices>;
  now?: Date;
}

export interface WrittenReport {
  file: string;
  run: RunData;
  summary: RunSummary;
}

const PLOT_POINTS = 400;
const thinned = <T>(xs: readonly T[]): T[] => thinSteps(xs.length, PLOT_POINTS).map((i) => xs[i]);

/** Renders every plot of the page into `assets` (files beside it); the page links them. */
export async function renderPlots(run: RunData, summary: RunSummary, assets: ReportAssets): Promise<ReportPlots> {
  const trajectories = new Map<string, string>();
  const ates: ReportPlots['ates'] = new Map();
  for (const t of run.tasks) {
    if (t.trajectory && t.trajectory.points.length > 0) trajectories.set(t.id, assets.svg(await renderSvg(trajectorySpec(t.trajectory)), `${t.id}-true-path`));
    const a = readTaskAte(run.dir, t.id);
    // the plot draws at most PLOT_POINTS pairs (a long task has thousands); the statistics are over all
    if (a)
      ates.set(t.id, {
        ...a,
        plot: assets.svg(
          await renderSvg(atePlotSpec({ ...a.ate, series: thinned(a.ate.series) }, { alignLabel: 'SE(3)', name: t.id, plane: 'xz' })),
          `${t.id}-ate`,
        ),
      });
  }
  return {
    successByPosition: assets.svg(await renderSvg(successByPositionSpec(summary.tasks)), 'success-by-position'),
    tokensPerTask: assets.svg(await renderSvg(tokensPerTaskSpec(summary.tasks)), 'tokens-per-task'),
    costPerTask: pricesGiven(summary.prices) ? assets.svg(await renderSvg(costPerTaskSpec(summary.tasks)), 'cost-per-task') : null,
    trajectories,
    ates,
    replays: new Map(run.tasks.map((t) => [t.id, replaySection(t.id, readReplay(run.dir, t.id), assets)])),
  };
}

export async function writeReport(runDir: string, opts: ReportOptions = {}): Promise<WrittenReport> {
  const dir = resolve(runDir);
  const run = readRun(dir);
  const summary = summarize(run, PricesSchema.parse(opts.prices ?? {}));
  const out = resolve(opts.out ?? join(dir, 'report'));
  const assets = new ReportAssets(out, dir);
  const plots = await renderPlots(run, summary, assets);
  const file = join(out, 'index.html');
  // the page last: a report folder with a page has every picture the page links
  atomicWriteFile(file, renderHtml(run, summary, plots, assets, opts.now ?? new Date()));
  return { file, run, summary };
}
