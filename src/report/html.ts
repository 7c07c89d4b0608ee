/**
 * The report page: one HTML file with inline CSS, its pictures and plots in files/ beside it
 * (relative links), so the folder opens from disk or from any static server alike.
 */
import type { RunSummary, TaskSummary } from './aggregate.js';
import type { ReportAssets } from './assets.js';
import type { RunData, TaskData } from './read-run.js';
import type { StoredVerdict } from '../memory/index.js';
import { failureSummary, pricesGiven } from '../eval/index.js';
import { markdownHtml } from './markdown.js';
import { REPLAY_SCRIPT } from './replay-html.js';
import { esc } from './escape.js';
import type { TaskAte } from './task-ate.js';

/** The plots as URLs of files beside the page. */
export interface ReportPlots {
  successByPosition: string;
  tokensPerTask: string;
  /** null without prices: the page names the model instead of drawing zeros */
  costPerTask: string | null;
  /** per task id; absent when the run left no trajectory file */
  trajectories: Map<string, string>;
  /** per task id with its ATE plot; absent when the run left no pair of TUM files with three paired poses */
  ates: Map<string, TaskAte & { plot: string }>;
  /** per task id: the replay's HTML (a note when the run kept no replay) */
  replays: Map<string, string>;
}

export { esc };

export const pct = (x: number): string => `${(100 * x).toFixed(1)} %`;
const int = (n: number): string => n.toLocaleString('en-US');
const usd = (x: number): string => `$${x.toFixed(x < 1 ? 4 : 2)}`;

const STATUS_TEXT: Record<string, string> = {
  complete: 'certified complete',
  incomplete: 'certified incomplete',
  unknown: 'certified unknown',
  claimed: 'claimed',
  stop: 'stopped',
};

function badge(status: string): string {
  return `<span class="badge st-${esc(status)}">${esc(STATUS_TEXT[status] ?? status)}</span>`;
}

function outcome(s: boolean | null): string {
  if (s === null) return '<span class="muted">not evaluated</span>';
  return s ? '<span class="ok">success</span>' : '<span class="bad">failure</span>';
}

export function card(label: string, value: string, note = ''): string {
  return `<div class="card"><div class="label">${esc(label)}</div><div class="value">${value}</div>${note ? `<div class="note">${esc(note)}</div>` : ''}</div>`;
}

function scores(s: RunSummary): string {
  const m = s.metrics;
  if (!m) return `<p class="warn">Scores unavailable: metrics.json is missing and some tasks have no evaluation file.</p>`;
  const statuses = Object.entries(m.statuses)
    .map(([k, v]) => `${v} ${STATUS_TEXT[k] ?? k}`)
    .join(', ');
  const approx = m.token_source === 'estimate' ? '≈ ' : '';
  const peak = m.peak_prompt_tokens_mean ?? null;
  return `<div class="cards">
${card('s-SR', pct(m.s_SR), 'share of goals reached')}
${card('e-SR', pct(m.e_SR), 'share of sequences fully reached')}
${card('SPL', m.SPL.toFixed(3), 'success weighted by path length')}
${card('ledger accuracy', pct(m.accuracy), 'ledger status agrees with the evaluator')}
${card('tasks', int(m.tasks), statuses)}
${failuresCard(m.failures)}
${card('tokens', approx + int(m.input_tokens + m.cached_tokens + m.output_tokens), `${approx}${int(m.input_tokens)} uncached in · ${approx}${int(m.cached_tokens)} cached in · ${approx}${int(m.output_tokens)} out${tokenNote(m.token_source)}`)}
${card('mean peak prompt', peak === null ? '–' : approx + int(Math.round(peak)), 'largest acting-session prompt per task, averaged over tasks')}
${costCard(s)}
</div>
<p class="muted small">Scores: ${esc(s.metricsSource)}; success definition: ${esc(m.success_definition ?? 'not recorded (a run from before both definitions were offered)')}${m.judge_stop_views === 1 ? '; judge saw one stop view (single-view intervention)' : ''}. C_K = Σ (p_u·U_k + p_c·V_k) over the navigation input of each task (acting session and its compaction); judge, wake-up and consolidation are reported beside it.</p>`;
}

function tokenNote(source: string | null | undefined): string {
  if (source === 'estimate') return ' (estimates: 4 characters per token and a fixed cost per image, not a provider count)';
  return source === 'provider' ? ' (provider counts)' : '';
}

/** Cost at the report's prices: none without prices (an estimate is no bill), C_K and the auxiliary cost beside it. */
function costCard(s: RunSummary): string {
  const p = s.prices;
  if (!pricesGiven(p)) return card('cost', '–', 'no prices given (set --price-input, --price-cached, --price-output)');
  const approx = s.metrics?.token_source === 'estimate' ? '≈ ' : '';
  const nav = s.tasks.reduce((a, t) => a + (t.costInput ?? 0), 0);
  const aux = s.tasks.reduce((a, t) => a + (t.costAuxiliary ?? 0), 0);
  const out = s.tasks.reduce((a, t) => a + (t.costOutput ?? 0), 0);
  return card(
    'navigation cost C_K',
    approx + usd(nav),
    `beside it: auxiliary input ${approx}${usd(aux)} (judge, wake-up) · output ${approx}${usd(out)}; at ${usd(p.uncachedInput)} / ${usd(p.cachedInput)} / ${usd(p.output)} per million uncached / cached / output tokens`,
  );
}

/** In place of the cost plot when no price was given: a plot of zeros would read as a free run. */
function noPrices(run: RunData): string {
  const model = run.state?.config.agent ?? 'the model (no run state records it)';
  return `<p class="plot-note">Cost per task: no prices known for ${esc(model)}. Give them to <code>navharness report</code> with --price-input, --price-cached and --price-output (USD per million tokens).</p>`;
}

/** Failed tasks by evaluation's primary class (absent in runs written before the taxonomy). */
function failuresCard(failures: Record<string, number> | undefined): string {
  if (!failures) return '';
  const total = Object.values(failures).reduce((a, n) => a + n, 0);
  return card('failures', int(total), failureSummary(failures));
}

function config(run: RunData): string {
  const st = run.state;
  if (!st) return '<p class="muted small">No run state (.navharness/run-state.json): configuration unknown.</p>';
  const c = st.config;
  const h = c.harness;
  const items: [string, string][] = [
    ['house', c.house],
    ['sequence', String(c.sequence)],
    ['agent', c.agent],
    ['judge', c.judge],
    ['policy', h.policy],
    ['pose', h.poseSource],
    ['budgets', `${h.stepBudget} steps · ${h.turnBudget} turns per task`],
    ['progress', `${run.tasks.length} of ${st.total_tasks} tasks closed${st.finished ? ', run finished' : ', run not finished'}`],
  ];
  return `<dl class="config">${items.map(([k, v]) => `<div><dt>${esc(k)}</dt><dd>${esc(v)}</dd></div>`).join('')}</dl>`;
}

/** ATE and drift of a task, as the table and the task's facts show them. */
export function ateText(a: TaskAte | undefined): string {
  if (!a) return 'no tracking error (the run kept no estimated and true trajectories)';
  const drift = a.driftShare === null ? '' : ` (${(100 * a.driftShare).toFixed(1)} % of ${a.pathM.toFixed(1)} m)`;
  return `ATE ${a.ate.stats.rmse.toFixed(3)} m rmse over ${a.ate.pairs} poses (SE(3) aligned) · drift at the end ${a.driftM.toFixed(2)} m${drift}`;
}

function taskTable(tasks: readonly TaskSummary[], data: readonly TaskData[], plots: ReportPlots): string {
  const rows = tasks.map((t, i) => {
    const d = data[i];
    const approx = d.usage?.token_source === 'estimate' ? '≈ ' : '';
    const tokens = t.usage ? approx + int(t.usage.uncachedInput + t.usage.cachedInput + t.usage.output) : '–';
    const peak = t.peakPromptTokens === null ? '–' : approx + int(t.peakPromptTokens);
    const a = plots.ates.get(t.id);
    const ateCells = a
      ? `<td class="num">${a.ate.stats.rmse.toFixed(3)}</td><td class="num">${a.driftShare === null ? '–' : `${(100 * a.driftShare).toFixed(1)} %`}</td>`
      : '<td class="num">–</td><td class="num">–</td>';
    return `<tr><td><a href="#${esc(t.id)}">${t.position}</a></td><td class="goalcell">${esc(t.goal)}</td><td>${badge(t.status)}</td><td>${outcome(t.success)}${t.failure ? ` <span class="muted small">${esc(t.failure.replace(/-/g, ' '))}</span>` : ''}</td><td class="num">${t.spl === null ? '–' : t.spl.toFixed(2)}</td>${ateCells}<td class="num">${d.record.steps}</td><td class="num">${d.record.model_turns}</td><td class="num">${tokens}</td><td class="num">${peak}</td></tr>`;
  });
  return `<table class="index"><thead><tr><th>#</th><th>goal</th><th>ledger</th><th>evaluator</th><th>SPL</th><th>ATE (m)</th><th>drift</th><th>steps</th><th>turns</th><th>tokens</th><th>peak prompt</th></tr></thead><tbody>${rows.join('\n')}</tbody></table>`;
}

function verdictBlock(title: string, v: StoredVerdict | null): string {
  if (!v) return `<div class="verdict none"><h4>${esc(title)}</h4><p class="muted">none (no check ran)</p></div>`;
  const places = v.searched_places.length ? `<p class="small"><b>searched:</b> ${v.searched_places.map(esc).join(' · ')}</p>` : '';
  return `<div class="verdict v-${esc(v.verdict)}"><h4>${esc(title)}: <span class="vv">${esc(v.verdict)}</span> <span class="conf">confidence ${v.confidence.toFixed(2)}</span></h4>
<p>${esc(v.evidence) || '<span class="muted">(no evidence given)</span>'}</p>${places}
<p class="muted small">${esc(v.check)} check at step ${v.steps_at_check}</p></div>`;
}

function figure(src: string, caption: string, cls = ''): string {
  return `<figure class="${cls}"><img src="${esc(src)}" alt="${esc(caption)}"><figcaption>${esc(caption)}</figcaption></figure>`;
}

function taskSection(t: TaskData, s: TaskSummary, plots: ReportPlots, assets: ReportAssets): string {
  const r = t.record;
  const goal = t.goalImage
    ? figure(assets.file(t.goalImage), 'goal photograph', 'goalimg') + `<p class="small">${esc(r.goal.text)}</p>`
    : `<blockquote class="goaltext">${esc(r.goal.text)}</blockquote>${r.goal.kind === 'image' ? '<p class="muted small">(image goal; the run saved no goal photograph)</p>' : ''}`;
  const map = t.map
    ? figure(
        assets.file(t.map),
        `navigator's map at closure${t.floorMaps.length ? ', the floor the task ended on' : ''}: markers and the estimated trail`,
        'map',
      )
    : '<p class="muted">No map (the navigator had mapped no floor).</p>';
  const floors = t.floorMaps.map((f) => figure(assets.file(f.map), `floor ${f.floor} of the map at closure`, 'map')).join('');
  const trajSvg = plots.trajectories.get(t.id);
  const traj = trajSvg
    ? figure(trajSvg, 'true path from above (evaluation only): start ●, end ■, goal footprints in green', 'traj')
    : '<p class="muted">No trajectory file.</p>';
  const a = plots.ates.get(t.id);
  const atePlot = a
    ? figure(
        a.plot,
        'tracking error (evaluation only): the true camera path (black) and the estimated one aligned onto it (blue) from above, and the position error over time',
        'ate',
      )
    : '';
  const stops = t.stopViews.length
    ? `<div class="stops">${t.stopViews.map((p, i) => figure(assets.photo(p), `stop view ${i + 1}`)).join('')}</div>`
    : `<p class="muted">No stop views: ${esc(r.termination_reason)}.</p>`;
  const ev = t.evaluation;
  const evalLine = ev
    ? `${outcome(ev.success)}${ev.failure ? ` (${esc(ev.failure.replace(/-/g, ' '))})` : ''} · SPL ${ev.spl.toFixed(3)} · distance to goal ${ev.distance_to_goal === null ? 'n/a (other floor)' : `${ev.distance_to_goal.toFixed(2)} m`} · walked ${ev.path_length.toFixed(1)} m (shortest ${ev.shortest_path === null ? 'n/a' : `${ev.shortest_path.toFixed(1)} m`})`
    : '<span class="muted">no evaluation file</span>';
  const claim = r.claim ? `<p><b>claim:</b> ${esc(r.claim.claim)} — ${esc(r.claim.evidence)}</p>` : '<p><b>claim:</b> <span class="muted">none</span></p>';
  const handover = t.handover !== null ? `<div class="handover">${markdownHtml(t.handover)}</div>` : '<p class="muted">No handover was written.</p>';
  const tokens = s.usage ? `${int(s.usage.uncachedInput)} uncached in · ${int(s.usage.cachedInput)} cached in · ${int(s.usage.output)} out` : 'no usage file';
  return `<section class="task" id="${esc(t.id)}" data-task="${esc(t.id)}">
<header><h2><span class="pos">${r.index}</span> ${esc(t.id)} <span class="kind">${esc(r.goal.kind)} goal</span></h2>${badge(r.status)}</header>
<p class="facts">evaluator: ${evalLine}<br>tracking: ${esc(ateText(a))}<br>${r.steps} of ${r.step_budget} steps · ${r.model_turns} model turns · ${esc(tokens)} · ended: ${esc(r.termination_reason)}</p>
<div class="grid3">
<div><h3>Goal</h3>${goal}</div>
<div><h3>Map</h3>${map}${floors}${r.markers.length ? `<p class="small"><b>marked:</b> ${r.markers.map(esc).join(' · ')}</p>` : ''}</div>
<div><h3>Trajectory</h3>${traj}</div>
</div>
${atePlot ? `<h3>Tracking error</h3>${atePlot}` : ''}
<h3>Replay</h3>${plots.replays.get(t.id) ?? ''}
<h3>Stop views</h3>${stops}
<h3>Judge</h3>${claim}<div class="verdicts">${verdictBlock('certification', t.final)}${verdictBlock('pre-stop check', t.prestop)}</div>
<h3>Handover</h3>${handover}
</section>`;
}

export const CSS = `
:root{--fg:#111827;--muted:#6b7280;--line:#e5e7eb;--bg:#f9fafb;--card:#fff;--ok:#15803d;--bad:#b91c1c;--accent:#1d4ed8}
*{box-sizing:border-box}body{margin:0;font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
main{max-width:1200px;margin:0 auto;padding:24px}
h1{font-size:24px;margin:0 0 4px}h2{font-size:18px;margin:0}h3{font-size:14px;margin:18px 0 6px;color:#374151;text-transform:uppercase;letter-spacing:.04em}
h4{margin:0 0 4px;font-size:14px}a{color:var(--accent)}
.muted{color:var(--muted)}.small{font-size:12px}.ok{color:var(--ok);font-weight:600}.bad{color:var(--bad);font-weight:600}.warn{color:var(--bad)}
.config{display:flex;flex-wrap:wrap;gap:4px 20px;margin:8px 0 16px}.config div{display:flex;gap:6px}.config dt{color:var(--muted)}.config dd{margin:0;font-weight:500}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:10px}
.card{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:10px 12px}
.card .label{color:var(--muted);font-size:12px}.card .value{font-size:22px;font-weight:650}.card .note{color:var(--muted);font-size:11px}
.plots{display:flex;flex-wrap:wrap;justify-content:space-around;gap:16px;align-items:flex-start;background:var(--card);border:1px solid var(--line);border-radius:8px;padding:12px;margin:12px 0}
.plots img{max-width:100%;height:auto}.plot-note{max-width:360px;align-self:center;color:var(--muted)}
table.index{border-collapse:collapse;width:100%;background:var(--card);border:1px solid var(--line)}
.index th,.index td{padding:6px 8px;border-bottom:1px solid var(--line);text-align:left;vertical-align:top}.index th{background:#f3f4f6;font-weight:600}
.index .num{text-align:right;font-variant-numeric:tabular-nums}.goalcell{max-width:420px}
.badge{display:inline-block;padding:1px 8px;border-radius:999px;font-size:12px;font-weight:600;background:#e5e7eb;white-space:nowrap}
.st-complete{background:#dcfce7;color:#166534}.st-incomplete{background:#fee2e2;color:#991b1b}.st-unknown{background:#fef9c3;color:#854d0e}.st-claimed{background:#e0e7ff;color:#3730a3}.st-stop{background:#f3f4f6;color:#374151}
section.task{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:16px 18px;margin:18px 0}
section.task header{display:flex;justify-content:space-between;align-items:center;gap:12px}
.pos{display:inline-block;min-width:28px;text-align:center;background:var(--accent);color:#fff;border-radius:6px;margin-right:4px}
.kind{font-size:12px;font-weight:500;color:var(--muted);margin-left:6px}
.facts{color:#374151;font-size:13px;margin:6px 0 0}
.grid3{display:grid;grid-template-columns:1fr 1fr 1fr;gap:16px}@media(max-width:900px){.grid3{grid-template-columns:1fr}}
figure{margin:0}figure img{max-width:100%;height:auto;border:1px solid var(--line);border-radius:6px;display:block;image-rendering:auto}
.map img{image-rendering:pixelated}figcaption{font-size:11px;color:var(--muted);margin-top:2px}
.goaltext{margin:0;padding:10px 12px;border-left:4px solid var(--accent);background:#eff6ff;font-size:15px}
.stops{display:grid;grid-template-columns:repeat(auto-fill,minmax(200px,1fr));gap:8px}
.verdicts{display:grid;grid-template-columns:1fr 1fr;gap:12px}@media(max-width:900px){.verdicts{grid-template-columns:1fr}}
.verdict{border:1px solid var(--line);border-radius:8px;padding:8px 12px}.verdict p{margin:4px 0}
.v-complete{border-left:4px solid var(--ok)}.v-incomplete{border-left:4px solid var(--bad)}.v-unknown{border-left:4px solid #ca8a04}
.vv{text-transform:uppercase}.conf{font-weight:400;color:var(--muted);font-size:12px;margin-left:6px}
pre{white-space:pre-wrap;word-wrap:break-word;background:#f3f4f6;border-radius:6px;padding:10px 12px;margin:0;font:12.5px/1.45 ui-monospace,SFMono-Regular,Menlo,monospace}
details{margin:8px 0}summary{cursor:pointer;font-weight:600}
footer{color:var(--muted);font-size:12px;margin-top:24px}
.replay-bar{display:flex;align-items:center;gap:12px;margin:4px 0 8px}.replay-bar input{flex:1}.replay-label{font-size:12px;color:#374151;min-width:260px}
.replay-trail{width:100%;height:auto;border:1px solid var(--line);border-radius:6px;display:block}.replay-mapfig img{image-rendering:pixelated}.replay-view{width:100%;border:1px solid var(--line);border-radius:6px;background-repeat:no-repeat}
.md{background:#f9fafb;border:1px solid var(--line);border-radius:6px;padding:4px 14px;overflow-x:auto}.md h1,.md h2,.md h3{font-size:15px;margin:10px 0 4px;text-transform:none;letter-spacing:0}
.md table{border-collapse:collapse}.md th,.md td{border:1px solid var(--line);padding:3px 8px}.md code{background:#eef0f3;border-radius:4px;padding:0 3px}.md pre{margin:6px 0}
`;

export function renderHtml(run: RunData, summary: RunSummary, plots: ReportPlots, assets: ReportAssets, generatedAt: Date): string {
  const sections = run.tasks.map((t, i) => taskSection(t, summary.tasks[i], plots, assets)).join('\n');
  const notes = run.houseNotes.length
    ? run.houseNotes.map((n) => `<details><summary>${esc(n.file)}</summary>${markdownHtml(n.text)}</details>`).join('')
    : '<p class="muted">No house notes.</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,">
<title>NavHarness run report — ${esc(run.dir)}</title>
<style>${CSS}</style></head>
<body><main>
<h1>NavHarness run report</h1>
<p class="muted">${esc(run.dir)}</p>
${config(run)}
${scores(summary)}
<div class="plots">
<img src="${esc(plots.successByPosition)}" alt="success against task position">
<img src="${esc(plots.tokensPerTask)}" alt="tokens per task">
${plots.costPerTask ? `<img src="${esc(plots.costPerTask)}" alt="cost per task">` : noPrices(run)}
</div>
${taskTable(summary.tasks, run.tasks, plots)}
${sections}
<h2>Ledger</h2>${markdownHtml(run.ledger)}
<h2 style="margin-top:18px">House notes</h2>${notes}
<footer>Written by navharness report at ${esc(generatedAt.toISOString())}. Evaluation-only data (evaluator success, SPL, true path, stop views) comes from the run's eval/ folder, which no session reads.</footer>
</main><script>${REPLAY_SCRIPT}</script></body></html>
`;
}
