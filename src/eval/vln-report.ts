/** Output files of a run (metrics.json, the per-decision trace) and the markdown tables of docs/. */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { VlnMetrics, VlnRun } from './vln-run.js';

export async function writeRunOutputs(dir: string, run: VlnRun): Promise<{ metrics: string; trace: string; episodes: string }> {
  await mkdir(dir, { recursive: true });
  const metrics = join(dir, 'metrics.json'),
    trace = join(dir, 'decisions.jsonl'),
    episodes = join(dir, 'episodes.json');
  await writeFile(metrics, JSON.stringify(run.metrics, null, 2) + '\n');
  let cumulative = 0;
  const lines = run.trace.map((d) => {
    cumulative = d.decision === 1 ? d.inputTokens : cumulative + d.inputTokens;
    return JSON.stringify({ ...d, textKChars: +(d.textChars / 1000).toFixed(3), cumulativeInputTokens: cumulative });
  });
  await writeFile(trace, lines.join('\n') + (lines.length ? '\n' : ''));
  for (const [rel, png] of run.maps) {
    await mkdir(dirname(join(dir, rel)), { recursive: true });
    await writeFile(join(dir, rel), png);
  }
  // episodes last: a folder whose episodes.json names a map holds it
  await writeFile(episodes, JSON.stringify(run.outcomes, null, 2) + '\n');
  return { metrics, trace, episodes };
}

const f = (x: number, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : String(x));
const k = (x: number) => `${(x / 1000).toFixed(1)}k`;
const NAMES: Record<string, string> = { native: 'Native single agent', off: 'NavHarness, compression off', goal: 'NavHarness, goal compression' };

export function metricsTable(ms: readonly VlnMetrics[]): string {
  const rows = ms.map(
    (m) =>
      `| ${NAMES[m.config] ?? m.config} | ${m.episodes} | ${f(m.stop_rate * 100, 0)} | ${f(m.NE)} | ${f(m.OSR * 100, 1)} | ${f(m.SR * 100, 1)} | ${f(m.SPL * 100, 1)} | ${f(m.nDTW * 100, 1)} | ${f(m.actions_per_episode, 1)} | ${f(m.goals_verified_per_episode, 1)} | ${f(m.revisions_per_episode, 1)} |`,
  );
  return [
    '| Configuration | Episodes | Ended by STOP (%) | NE (m) ↓ | OSR ↑ | SR ↑ | SPL ↑ | nDTW ↑ | Actions/ep. | Verified goals/ep. | Revisions/ep. |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

export function tokenTable(ms: readonly VlnMetrics[]): string {
  const off = ms.find((m) => m.config === 'off');
  const rows = ms.map(
    (m) =>
      `| ${NAMES[m.config] ?? m.config} | ${k(m.input_tokens)} | ${k(m.cached_tokens)} | ${k(m.output_tokens)} | ${k(m.total_tokens)} | ${f(m.decisions_per_episode, 1)} | ${f(m.external_decisions_per_episode, 1)} | ${f(m.images_per_decision)} | ${f(m.text_kchars_per_decision)} | ${off && off.total_tokens > 0 ? f(m.total_tokens / off.total_tokens) : '–'} |`,
  );
  return [
    '| Configuration | Input (incl. cached) / ep. | Cache / ep. | Output / ep. | Total / ep. | Model calls / ep. | External decisions / ep. | Image / Dec. | Text / Dec. (k chars) | Total ratio vs Off |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}
