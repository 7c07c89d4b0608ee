/**
 * The report of a `navharness vln` output folder (metrics.json, episodes.json, decisions.jsonl): the
 * configuration's scores (SR, SPL, nDTW, NE, OSR), tokens per episode, one row per episode, and the
 * input tokens accumulating over the decisions of each episode (the context growth that goal
 * compression is meant to cut), and per episode the agent's and the reference path over the
 * navigator's map (or, without a map, over each other). Every file is validated; a malformed one is named.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TopLevelSpec } from 'vega-lite';
import { z } from 'zod';
import { atomicWriteFile, LEDGER_FILE } from '../memory/index.js';
import { ReportAssets } from './assets.js';
import { renderSvg } from './charts.js';
import { episodeScoresSpec } from './eval-plots.js';
import { esc } from './escape.js';
import { card, CSS, pct } from './html.js';
import { RunReadError } from './read-run.js';

const num = z.number();
const VlnMetricsSchema = z.looseObject({
  config: z.string(),
  agent: z.string(),
  episodes: z.number().int().nonnegative(),
  stop_rate: num,
  NE: num,
  OSR: num,
  SR: num,
  SPL: num,
  nDTW: num,
  total_tokens: num,
  decisions_per_episode: num,
  actions_per_episode: num,
  goals_verified_per_episode: num,
  token_counts: z.string(),
  // a run of tours (vln --tours): the tours' scores
  tours: z.optional(
    z.object({
      count: z.number().int().nonnegative(),
      tour_success_rate: num,
      per_tour: z.array(
        z.looseObject({ tour: z.string(), episodes: z.number().int().nonnegative(), SR: num, SPL: num, NE: num, nDTW: num, success: z.boolean() }),
      ),
    }),
  ),
});
const OutcomeSchema = z.looseObject({
  id: z.string(),
  scores: z.looseObject({ ne: num, sr: num, osr: num, spl: num, ndtw: num, pathLength: num }),
  stopped: z.boolean(),
  endReason: z.string(),
  actions: z.number().int().nonnegative(),
  goals: z.looseObject({ set: num, verified: num, revisions: num, compressions: num }),
  tokens: z.looseObject({ decisions: num, totalTokens: num }),
  // absent in folders written before the paths were kept
  paths: z.optional(z.object({ agent: z.array(z.tuple([num, num, num])).max(1_000_000), reference: z.array(z.tuple([num, num, num])).max(1_000_000) })),
  map: z.optional(z.string().regex(/^maps\/episode-\d{4,}\.png$/, 'a file maps/episode-NNNN.png of the folder')),
});
const DecisionSchema = z.looseObject({
  episode: z.string(),
  decision: z.number().int().positive(),
  role: z.string(),
  inputTokens: num,
  cumulativeInputTokens: num,
});

type Outcome = z.infer<typeof OutcomeSchema>;
type Decision = z.infer<typeof DecisionSchema>;

/** A folder written by `navharness vln`: episodes.json and metrics.json, and no run ledger. */
export function isVlnDirectory(dir: string): boolean {
  return (
    existsSync(dir) &&
    statSync(dir).isDirectory() &&
    existsSync(join(dir, 'episodes.json')) &&
    existsSync(join(dir, 'metrics.json')) &&
    !existsSync(join(dir, LEDGER_FILE))
  );
}

function parse<T extends z.ZodType>(dir: string, rel: string, schema: T, text?: string): z.infer<T> {
  let raw: unknown;
  try {
    raw = JSON.parse(text ?? readFileSync(join(dir, rel), 'utf8'));
  } catch (e) {
    throw new RunReadError(rel, `not valid JSON (${(e as Error).message})`);
  }
  const r = schema.safeParse(raw);
  if (!r.success)
    throw new RunReadError(
      rel,
      `unexpected content: ${r.error.issues
        .slice(0, 4)
        .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
        .join('; ')}`,
    );
  return r.data;
}

function readDecisions(dir: string): Decision[] {
  const file = join(dir, 'decisions.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((l, i) => ({ l: l.trim(), i }))
    .filter(({ l }) => l.length > 0)
    .map(({ l, i }) => parse(dir, `decisions.jsonl:${i + 1}`, DecisionSchema, l));
}

function tokensSpec(decisions: readonly Decision[]): TopLevelSpec {
  const episodes = new Set(decisions.map((d) => d.episode)).size;
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
    title: {
      text: 'Input tokens over the decisions of each episode',
      subtitle: 'cumulative, cached included; the slope is the context size per request, which a compression lowers',
      anchor: 'start',
      fontSize: 14,
    },
    width: 520,
    height: 240,
    data: { values: decisions.map((d) => ({ episode: d.episode, decision: d.decision, tokens: d.cumulativeInputTokens })) },
    mark: { type: 'line', point: episodes <= 12, strokeWidth: 1.5 },
    encoding: {
      x: { field: 'decision', type: 'quantitative', title: 'decision (model request) in the episode' },
      y: { field: 'tokens', type: 'quantitative', title: 'cumulative input tokens', axis: { format: '~s' } },
      color: { field: 'episode', type: 'nominal', title: 'episode', legend: episodes <= 12 ? {} : null },
      detail: { field: 'episode', type: 'nominal' },
    },
  };
}

/** The two paths seen from above (sim x and z, one metre the same length on both axes), for an episode without a map. */
function pathsSpec(paths: NonNullable<Outcome['paths']>): TopLevelSpec {
  const values = [
    ...paths.reference.map((p, i) => ({ path: 'reference', i, x: p[0], z: p[2] })),
    ...paths.agent.map((p, i) => ({ path: 'agent', i, x: p[0], z: p[2] })),
  ];
  const xs = values.map((v) => v.x),
    zs = values.map((v) => v.z);
  const span = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...zs) - Math.min(...zs), 1);
  const size = (d: number) => Math.round((260 * Math.max(d, 1)) / span);
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
    width: size(Math.max(...xs) - Math.min(...xs)),
    height: size(Math.max(...zs) - Math.min(...zs)),
    data: { values },
    mark: { type: 'line', strokeWidth: 1.5 },
    encoding: {
      x: { field: 'x', type: 'quantitative', title: 'x (m)', scale: { zero: false } },
      y: { field: 'z', type: 'quantitative', title: 'z (m)', scale: { zero: false } },
      color: { field: 'path', type: 'nominal', title: null, scale: { domain: ['reference', 'agent'], range: ['#1e6eeb', '#f59e0b'] } },
      order: { field: 'i', type: 'quantitative' },
    },
  };
}

async function pathFigure(dir: string, o: Outcome, assets: ReportAssets): Promise<string> {
  const caption = (what: string) => `<figcaption class="small">${esc(o.id)}: ${what}</figcaption>`;
  if (o.map && existsSync(join(dir, o.map))) {
    return `<figure><img src="${esc(assets.file(join(dir, o.map)))}" alt="paths of ${esc(o.id)} over the map">${caption('dark blue the reference path, ending in a dot at the goal; light blue the agent’s path; red arrow where it ended; over the navigator’s map')}</figure>`;
  }
  if (o.paths && o.paths.agent.length && o.paths.reference.length) {
    return `<figure><img src="${esc(assets.svg(await renderSvg(pathsSpec(o.paths)), 'paths'))}" alt="paths of ${esc(o.id)}">${caption(o.map ? `the reference and the agent’s path (${esc(o.map)} is missing)` : 'the reference and the agent’s path (no map was kept)')}</figure>`;
  }
  return `<p class="muted small">${esc(o.id)}: episodes.json keeps no paths for this episode (written before they were kept).</p>`;
}

function toursTable(t: z.infer<typeof VlnMetricsSchema>['tours']): string {
  if (!t) return '';
  const rows = t.per_tour.map(
    (x) =>
      `<tr><td>${esc(x.tour)}</td><td class="num">${x.episodes}</td><td class="num">${pct(x.SR)}</td><td class="num">${x.SPL.toFixed(3)}</td><td class="num">${x.NE.toFixed(2)}</td><td class="num">${x.nDTW.toFixed(3)}</td><td>${x.success ? '<span class="ok">every instruction</span>' : '<span class="bad">not all</span>'}</td></tr>`,
  );
  return `<h2 style="margin-top:18px">Tours</h2><p class="muted">${t.count} tours; every instruction reached in ${pct(t.tour_success_rate)} of them. Each instruction is scored from its own start; a tour's row holds the means over its instructions.</p>
<table class="index"><thead><tr><th>tour</th><th>instructions</th><th>SR</th><th>SPL</th><th>NE (m)</th><th>nDTW</th><th>reached</th></tr></thead><tbody>${rows.join('\n')}</tbody></table>`;
}

function episodeRow(o: Outcome): string {
  const s = o.scores;
  const ok = s.sr >= 1 ? '<span class="ok">success</span>' : '<span class="bad">failure</span>';
  return `<tr><td>${esc(o.id)}</td><td>${ok}</td><td class="num">${s.ne.toFixed(2)}</td><td class="num">${s.spl.toFixed(2)}</td><td class="num">${s.ndtw.toFixed(2)}</td><td class="num">${o.actions}</td><td class="num">${o.goals.verified}/${o.goals.set}</td><td class="num">${o.goals.compressions}</td><td class="num">${o.tokens.decisions}</td><td class="num">${Math.round(o.tokens.totalTokens).toLocaleString('en-US')}</td><td>${esc(o.endReason)}</td></tr>`;
}

export interface WrittenVlnReport {
  file: string;
  episodes: number;
}

export async function writeVlnReport(vlnDir: string, opts: { out?: string; now?: Date } = {}): Promise<WrittenVlnReport> {
  const dir = resolve(vlnDir);
  const m = parse(dir, 'metrics.json', VlnMetricsSchema);
  const outcomes = parse(dir, 'episodes.json', z.array(OutcomeSchema));
  const decisions = readDecisions(dir);
  const out = resolve(opts.out ?? join(dir, 'report'));
  const assets = new ReportAssets(out, dir);
  const tokens = decisions.length
    ? `<img src="${esc(assets.svg(await renderSvg(tokensSpec(decisions)), 'input-tokens'))}" alt="input tokens over the decisions">`
    : '<p class="muted">No decisions.jsonl: no token plot.</p>';
  const points = outcomes.map((o) => ({ id: o.id, ne: o.scores.ne, ndtw: o.scores.ndtw, success: o.scores.sr >= 1 }));
  const episodes = outcomes.length
    ? `<img src="${esc(assets.svg(await renderSvg(episodeScoresSpec(points)), 'episodes'))}" alt="navigation error against nDTW per episode">`
    : '';
  const plot = `<div class="plots">${episodes}${tokens}</div>`;
  const figures: string[] = [];
  for (const o of outcomes) figures.push(await pathFigure(dir, o, assets));
  const cards = [
    card('SR', pct(m.SR), 'within 3 m of the goal at the end'),
    card('SPL', m.SPL.toFixed(3), 'success weighted by path length'),
    card('nDTW', m.nDTW.toFixed(3), 'path fidelity to the reference'),
    card('NE', `${m.NE.toFixed(2)} m`, 'navigation error'),
    card('OSR', pct(m.OSR), 'oracle success'),
    card('ended by STOP', pct(m.stop_rate), `${m.episodes} episodes`),
    card('tokens / episode', Math.round(m.total_tokens).toLocaleString('en-US'), m.token_counts),
    card(
      'decisions / episode',
      m.decisions_per_episode.toFixed(1),
      `${m.actions_per_episode.toFixed(1)} actions, ${m.goals_verified_per_episode.toFixed(1)} verified goals`,
    ),
  ].join('');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,">
<title>NavHarness VLN report — ${esc(dir)}</title><style>${CSS}</style></head>
<body><main>
<h1>NavHarness VLN report</h1>
<p class="muted">${esc(dir)} · configuration <b>${esc(m.config)}</b> · agent ${esc(m.agent)}</p>
<div class="cards">${cards}</div>
${plot}
<table class="index"><thead><tr><th>episode</th><th>outcome</th><th>NE (m)</th><th>SPL</th><th>nDTW</th><th>actions</th><th>goals verified</th><th>compressions</th><th>decisions</th><th>tokens</th><th>ended by</th></tr></thead><tbody>
${outcomes.map(episodeRow).join('\n')}
</tbody></table>
${toursTable(m.tours)}
<h2 style="margin-top:18px">Paths</h2>
<div class="plots">${figures.join('\n')}</div>
<footer>Written by navharness report at ${esc((opts.now ?? new Date()).toISOString())}.</footer>
</main></body></html>
`;
  const file = join(out, 'index.html');
  atomicWriteFile(file, html);
  return { file, episodes: outcomes.length };
}
