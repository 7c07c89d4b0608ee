/** Reads a run directory, renders the plots and writes the self-contained report page. */
import { join, resolve } from 'node:path';
import { PricesSchema, type Prices } from '../eval/index.js';
import { atomicWriteFile } from '../memory/index.js';
import { summarize, type RunSummary } from './aggregate.js';
import { costPerTaskSpec, renderSvg, successByPositionSpec, tokensPerTaskSpec, trajectorySpec } from './charts.js';
import { renderHtml, type ReportPlots } from './html.js';
import { readRun, type RunData } from './read-run.js';
import { readReplay } from './read-replay.js';
import { replaySection } from './replay-html.js';

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

export async function renderPlots(run: RunData, summary: RunSummary): Promise<ReportPlots> {
  const trajectories = new Map<string, string>();
  for (const t of run.tasks) if (t.trajectory && t.trajectory.points.length > 0) trajectories.set(t.id, await renderSvg(trajectorySpec(t.trajectory)));
  return {
    successByPosition: await renderSvg(successByPositionSpec(summary.tasks)),
    tokensPerTask: await renderSvg(tokensPerTaskSpec(summary.tasks)),
    costPerTask: await renderSvg(costPerTaskSpec(summary.tasks)),
    trajectories,
    replays: new Map(run.tasks.map((t) => [t.id, replaySection(t.id, readReplay(run.dir, t.id))])),
  };
}

export async function writeReport(runDir: string, opts: ReportOptions = {}): Promise<WrittenReport> {
  const dir = resolve(runDir);
  const run = readRun(dir);
  const summary = summarize(run, PricesSchema.parse(opts.prices ?? {}));
  const plots = await renderPlots(run, summary);
  const file = join(resolve(opts.out ?? join(dir, 'report')), 'index.html');
  atomicWriteFile(file, renderHtml(run, summary, plots, opts.now ?? new Date()));
  return { file, run, summary };
}
