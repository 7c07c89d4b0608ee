/**
 * The report of a deployment directory (`navharness deploy --out DIR`): each run's own report in a
 * sub-folder, and an index with s-SR and SPL plotted against the run index (does the house memory
 * help later runs?), the known cells each run started with and whether it relocalised.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TopLevelSpec } from 'vega-lite';
import { type DeploymentMetrics, DeploymentMetricsSchema, type DeployRunRow, PricesSchema, type Prices, runDirName } from '../eval/index.js';
import { atomicWriteFile } from '../memory/index.js';
import { renderSvg } from './charts.js';
import { card, CSS, esc, pct } from './html.js';
import { RunReadError } from './read-run.js';
import { writeReport } from './write-report.js';

/** A folder written by `navharness deploy`: a metrics.json of kind 'deployment'. */
export function isDeployDirectory(dir: string): boolean {
  const file = join(dir, 'metrics.json');
  if (!existsSync(file)) return false;
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { kind?: unknown })?.kind === 'deployment';
  } catch {
    return false;
  }
}

function readMetrics(dir: string): DeploymentMetrics {
  const r = DeploymentMetricsSchema.safeParse(JSON.parse(readFileSync(join(dir, 'metrics.json'), 'utf8')));
  if (!r.success)
    throw new RunReadError('metrics.json', `not the metrics of a deployment: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return r.data;
}

/** s-SR and SPL of each run against its index in the deployment. */
export function runIndexSpec(rows: readonly DeployRunRow[]): TopLevelSpec {
  const values = rows.flatMap((r) => [
    { run: r.run, score: 's-SR', value: r.s_SR },
    { run: r.run, score: 'SPL', value: r.SPL },
  ]);
  return {
    title: 's-SR and SPL by run index',
    width: Math.max(260, 60 * rows.length),
    height: 200,
    data: { values },
    mark: { type: 'line', point: true },
    encoding: {
      x: { field: 'run', type: 'ordinal', title: 'run in the deployment', axis: { labelAngle: 0 } },
      y: { field: 'value', type: 'quantitative', title: 'score', scale: { domain: [0, 1] } },
      color: { field: 'score', type: 'nominal', title: 'score', scale: { domain: ['s-SR', 'SPL'], range: ['#2563eb', '#f59e0b'] } },
    },
  };
}

const num = (x: number | null): string => (x === null ? '–' : x.toFixed(3));

/** The grids the run left to the memory against the true map (evaluation only): free precision / obstacle recall. */
const savedGrid = (r: DeployRunRow): string => (r.saved_grid ? `${num(r.saved_grid.free_precision)} / ${num(r.saved_grid.obstacle_recall)}` : '–');

function row(r: DeployRunRow, linked: boolean): string {
  const name = runDirName(r.run);
  const late = typeof r.late_relocalisation_task === 'number' ? `no, later (task ${r.late_relocalisation_task})` : 'no';
  const error = typeof r.relocalisation_error_m === 'number' ? ` (${r.relocalisation_error_m.toFixed(2)} m off)` : '';
  const reloc = r.relocalised === null ? '–' : (r.relocalised ? 'yes' : late) + (r.relocalised || r.late_relocalisation_task ? error : '');
  const refused = r.refused_join_errors_m?.length ? `; ${r.refused_join_errors_m.length} look-alike join(s) refused` : '';
  return `<tr><td>${linked ? `<a href="${esc(name)}/index.html">${esc(name)}</a>` : esc(name)}</td><td class="num">${r.sequence}</td><td class="num">${r.tasks}</td><td class="num">${pct(r.s_SR)}</td><td class="num">${r.SPL.toFixed(3)}</td><td class="num">${pct(r.e_SR)}</td><td class="num">${r.known_cells_at_start}</td><td>${reloc}${refused}</td><td class="num">${savedGrid(r)}</td></tr>`;
}

function indexHtml(dir: string, m: DeploymentMetrics, plot: string, linked: Set<number>, now: Date): string {
  const mem = m.memory;
  const cards = `<div class="cards">${card('runs', String(m.per_run.length), `${m.all_runs.tasks} goals`)}${card('s-SR, runs 2..K', m.later_runs.s_SR === null ? '–' : pct(m.later_runs.s_SR))}${card('SPL, runs 2..K', num(m.later_runs.SPL))}${card('s-SR, run 1', m.per_run[0] ? pct(m.per_run[0].s_SR) : '–')}${card('relocalised', `${m.relocalised_runs} of ${Math.max(0, m.per_run.length - 1)}`, 'runs after the first')}</div>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,">
<title>NavHarness deployment report — ${esc(dir)}</title><style>${CSS}</style></head>
<body><main>
<h1>NavHarness deployment report</h1>
<p class="muted">${esc(dir)} · house ${esc(m.house)} · saved maps ${mem.saved_maps ? 'on' : 'off'}, consolidation ${mem.consolidation ? 'on' : 'off'}, policy ${esc(mem.policy)}</p>
${cards}
<figure>${plot}</figure>
<table class="index"><thead><tr><th>run</th><th>sequence</th><th>tasks</th><th>s-SR</th><th>SPL</th><th>e-SR</th><th>known cells at start</th><th>relocalised</th><th>saved grid: free precision / obstacle recall</th></tr></thead><tbody>
${m.per_run.map((r) => row(r, linked.has(r.run))).join('\n')}
</tbody></table>
<footer>Written by navharness report at ${esc(now.toISOString())}. Each run's page is in its own folder beside this one.</footer>
</main></body></html>
`;
}

export interface WrittenDeployReport {
  file: string;
  metrics: DeploymentMetrics;
  /** runs whose page could not be written, with the reason */
  unreadable: { run: number; error: string }[];
}

export async function writeDeployReport(deployDir: string, opts: { out?: string; prices?: Partial<Prices>; now?: Date } = {}): Promise<WrittenDeployReport> {
  const dir = resolve(deployDir);
  const out = resolve(opts.out ?? join(dir, 'report'));
  const prices = PricesSchema.parse(opts.prices ?? {});
  const m = readMetrics(dir);
  const linked = new Set<number>();
  const unreadable: { run: number; error: string }[] = [];
  for (const r of m.per_run) {
    const name = runDirName(r.run);
    try {
      await writeReport(join(dir, name), { out: join(out, name), prices, now: opts.now });
      linked.add(r.run);
    } catch (e) {
      if (!(e instanceof RunReadError)) throw e;
      unreadable.push({ run: r.run, error: e.message });
    }
  }
  const plot = await renderSvg(runIndexSpec(m.per_run));
  const file = join(out, 'index.html');
  atomicWriteFile(file, indexHtml(dir, m, plot, linked, opts.now ?? new Date()));
  return { file, metrics: m, unreadable };
}
