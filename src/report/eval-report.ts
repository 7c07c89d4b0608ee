/**
 * The report of an `eval` directory (`navharness eval --out DIR`: one run directory per house and
 * the pooled metrics.json): each run's own report in a sub-folder, and an index page with the pooled
 * scores (s-SR over all goals, e-SR over sequences) and one row per run linking to its report. A run
 * that cannot be read (a worker that failed before closing a task) is listed with the reason.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { failureSummary, metricsOf, PricesSchema, RunMetricsSchema, type Prices, type RunMetrics } from '../eval/index.js';
import { atomicWriteFile, LEDGER_FILE } from '../memory/index.js';
import { taskRowsOf } from './aggregate.js';
import { ReportAssets } from './assets.js';
import { byPositionSpec, renderSvg } from './charts.js';
import { runScoresSpec } from './eval-plots.js';
import { card, CSS, esc, pct } from './html.js';
import { RunReadError } from './read-run.js';
import { writeReport, type WrittenReport } from './write-report.js';

const EvalMetricsSchema = RunMetricsSchema.extend({ runs: z.array(z.object({ house: z.number(), error: z.string().nullable() })).optional() });

/** A folder holding run directories (sub-folders with a ledger) and no ledger of its own. */
export function isEvalDirectory(dir: string): boolean {
  if (!existsSync(dir) || !statSync(dir).isDirectory() || existsSync(join(dir, LEDGER_FILE))) return false;
  return runFolders(dir).length > 0;
}

/** The run folders of an eval directory, in house order. */
export function runFolders(dir: string): string[] {
  const seedOf = (n: string) => Number(/^seed-(\d+)$/.exec(n)?.[1] ?? Infinity);
  return (
    readdirSync(dir, { withFileTypes: true })
      // a queued eval links its runs in (DIR/seed-H → the worker's run directory): links to folders count
      .filter(
        (e) =>
          (e.isDirectory() || (e.isSymbolicLink() && existsSync(join(dir, e.name)) && statSync(join(dir, e.name)).isDirectory())) &&
          e.name !== 'report' &&
          existsSync(join(dir, e.name, LEDGER_FILE)),
      )
      .map((e) => e.name)
      .sort((a, b) => seedOf(a) - seedOf(b) || a.localeCompare(b))
  );
}

export interface EvalRunEntry {
  name: string;
  report: WrittenReport | null;
  error: string | null;
}

export interface WrittenEvalReport {
  file: string;
  runs: EvalRunEntry[];
  metrics: RunMetrics | null;
  metricsSource: string;
}

export interface EvalReportOptions {
  out?: string;
  prices?: Partial<Prices>;
  now?: Date;
}

function pooledMetrics(dir: string, runs: EvalRunEntry[], prices: Prices): { metrics: RunMetrics | null; source: string } {
  const file = join(dir, 'metrics.json');
  if (existsSync(file)) {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'));
    } catch (e) {
      throw new RunReadError('metrics.json', `not valid JSON (${(e as Error).message})`);
    }
    const r = EvalMetricsSchema.safeParse(raw);
    if (!r.success) throw new RunReadError('metrics.json', `unexpected content: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    const { runs: _runs, ...m } = r.data;
    return { metrics: m, source: "the eval's metrics.json" };
  }
  const rows = runs.map((r) => (r.report ? taskRowsOf(r.report.run) : null));
  if (rows.length === 0 || rows.some((x) => x === null))
    return { metrics: null, source: 'unavailable: no metrics.json, and a run is unreadable or lacks evaluation files' };
  return {
    metrics: metricsOf(
      rows.filter((x) => x !== null),
      prices,
    ),
    source: "recomputed from the runs' task files",
  };
}

function runRow(r: EvalRunEntry): string {
  if (!r.report) return `<tr><td>${esc(r.name)}</td><td colspan="6" class="bad">not readable: ${esc(r.error ?? '')}</td></tr>`;
  const s = r.report.summary,
    t = s.tasks;
  const ok = t.filter((x) => x.success === true).length;
  const m = s.metrics;
  const statuses = Object.entries(t.reduce<Record<string, number>>((a, x) => ((a[x.status] = (a[x.status] ?? 0) + 1), a), {}))
    .map(([k, v]) => `${v} ${k}`)
    .join(', ');
  return `<tr><td><a href="${esc(r.name)}/index.html">${esc(r.name)}</a></td><td class="num">${t.length}</td><td class="num">${ok}</td><td class="num">${m ? pct(m.s_SR) : '–'}</td><td class="num">${m ? m.SPL.toFixed(3) : '–'}</td><td class="num">${m ? pct(m.accuracy) : '–'}</td><td class="small">${esc(statuses)}</td></tr>`;
}

/** A score's 95 % interval as a card's note adds it. */
const ci = (i: [number, number] | null | undefined, f: (x: number) => string): string =>
  i ? `; 95 % interval ${f(i[0])} … ${f(i[1])} (bootstrap over sequences)` : '';

/** The scores-by-run plot beside the index page; none when no run could be read. */
async function runScoresPlot(runs: EvalRunEntry[], pooled: RunMetrics | null, assets: ReportAssets): Promise<string> {
  const rows = runs.flatMap((r) => (r.report?.summary.metrics ? [{ run: r.name, sSR: r.report.summary.metrics.s_SR, SPL: r.report.summary.metrics.SPL }] : []));
  if (rows.length === 0) return '';
  const url = assets.svg(await renderSvg(runScoresSpec(rows, pooled ? { sSR: pooled.s_SR, SPL: pooled.SPL } : null)), 'scores-by-run');
  return `<img src="${esc(url)}" alt="s-SR and SPL by run">`;
}

/** The pooled success-by-position plot, when the metrics carry by_position. */
async function positionPlot(m: RunMetrics | null, assets: ReportAssets): Promise<string> {
  if (!m?.by_position?.length) return '';
  const url = assets.svg(await renderSvg(byPositionSpec([{ name: 'all sequences', rows: m.by_position }])), 'success-by-position');
  return `<img src="${esc(url)}" alt="success by task position over the sequences">`;
}

function indexHtml(dir: string, runs: EvalRunEntry[], pooled: { metrics: RunMetrics | null; source: string }, plot: string, now: Date): string {
  const m = pooled.metrics;
  const cards = m
    ? `<div class="cards">${card('s-SR', pct(m.s_SR), `share of all goals reached${ci(m.s_SR_ci95, pct)}`)}${card('e-SR', pct(m.e_SR), `share of sequences fully reached${ci(m.e_SR_ci95, pct)}`)}${card('SPL', m.SPL.toFixed(3), `over all goals${ci(m.SPL_ci95, (x) => x.toFixed(3))}`)}${card('ledger accuracy', pct(m.accuracy), 'ledger agrees with the evaluator')}${card('sequences', String(m.sequences), `${m.tasks} goals`)}${m.failures ? card('failures', String(Object.values(m.failures).reduce((a, n) => a + n, 0)), failureSummary(m.failures)) : ''}</div>`
    : '<p class="warn">Pooled scores unavailable.</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,">
<title>NavHarness eval report — ${esc(dir)}</title><style>${CSS}</style></head>
<body><main>
<h1>NavHarness eval report</h1>
<p class="muted">${esc(dir)} · ${runs.length} run(s)</p>
${cards}
<p class="muted small">Pooled scores: ${esc(pooled.source)}.</p>
${plot}
<table class="index"><thead><tr><th>run</th><th>tasks</th><th>successes</th><th>s-SR</th><th>SPL</th><th>accuracy</th><th>ledger</th></tr></thead><tbody>
${runs.map(runRow).join('\n')}
</tbody></table>
<footer>Written by navharness report at ${esc(now.toISOString())}. Each run's page is in its own folder beside this one.</footer>
</main></body></html>
`;
}

export async function writeEvalReport(evalDir: string, opts: EvalReportOptions = {}): Promise<WrittenEvalReport> {
  const dir = resolve(evalDir);
  const out = resolve(opts.out ?? join(dir, 'report'));
  const prices = PricesSchema.parse(opts.prices ?? {});
  const runs: EvalRunEntry[] = [];
  for (const name of runFolders(dir)) {
    try {
      runs.push({ name, report: await writeReport(join(dir, name), { out: join(out, name), prices, now: opts.now }), error: null });
    } catch (e) {
      if (!(e instanceof RunReadError)) throw e;
      runs.push({ name, report: null, error: e.message });
    }
  }
  const pooled = pooledMetrics(dir, runs, prices);
  const assets = new ReportAssets(out, dir);
  const plots = (await runScoresPlot(runs, pooled.metrics, assets)) + (await positionPlot(pooled.metrics, assets));
  const plot = plots ? `<div class="plots">${plots}</div>` : '';
  const file = join(out, 'index.html');
  atomicWriteFile(file, indexHtml(dir, runs, pooled, plot, opts.now ?? new Date()));
  return { file, runs, metrics: pooled.metrics, metricsSource: pooled.source };
}
