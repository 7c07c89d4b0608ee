/**
 * `navharness report EVAL_A EVAL_B [...] --out DIR`: paired comparison of evaluations. The first is
 * the baseline; each other is compared with it over the sequences both played (run folders of the
 * same name, `seed-H`), with the difference of s-SR, SPL and e-SR and its 95 % interval from a
 * bootstrap over the paired sequences (eval/uncertainty.ts). Success by task position of each
 * evaluation, with its counts, is tabled beside it.
 */
import { join, resolve } from 'node:path';
import { byPositionSpec, renderSvg } from './charts.js';
import { byPosition, pairedDifferences, sequenceOutcome, type PairedDifference, type PositionRow, type ScoredTask } from '../eval/index.js';
import { atomicWriteFile } from '../memory/index.js';
import { CSS, pct } from './html.js';
import { esc } from './escape.js';
import { isEvalDirectory, runFolders } from './eval-report.js';
import { RunReadError } from './read-run.js';

export interface EvalSequences {
  dir: string;
  /** run folder → its tasks in order */
  sequences: Map<string, ScoredTask[]>;
}

export interface Comparison {
  baseline: string;
  candidate: string;
  differences: PairedDifference[];
}

export interface WrittenComparison {
  file: string;
  evals: { dir: string; sequences: number; byPosition: PositionRow[] }[];
  comparisons: Comparison[];
}

/** The task outcomes of every run of an eval directory; an unreadable run is named. */
export function readEvalSequences(evalDir: string): EvalSequences {
  const dir = resolve(evalDir);
  if (!isEvalDirectory(dir)) throw new RunReadError(evalDir, "not an eval directory (a folder of run directories written by 'navharness eval')");
  const sequences = new Map<string, ScoredTask[]>();
  for (const name of runFolders(dir)) {
    try {
      sequences.set(
        name,
        sequenceOutcome(0, join(dir, name)).rows.map((r) => ({ success: r.success, spl: r.spl })),
      );
    } catch (e) {
      throw new RunReadError(join(evalDir, name), (e as Error).message);
    }
  }
  return { dir: evalDir, sequences };
}

const signed = (x: number, f: (v: number) => string): string => `${x >= 0 ? '+' : '−'}${f(Math.abs(x))}`;
const fmt = (score: string) => (v: number) => (score === 'SPL' ? v.toFixed(3) : pct(v));

/** One line per score: "s_SR +12.5 % [+5.0 %, +20.0 %] over 12 paired sequences". */
export function differenceLine(d: PairedDifference): string {
  const f = fmt(d.score);
  const ci = d.ci95 ? `[${signed(d.ci95[0], f)}, ${signed(d.ci95[1], f)}]` : '(no interval: fewer than 2 paired sequences)';
  return `${d.score} ${signed(d.difference, f)} ${ci} over ${d.pairs} paired sequence(s) (${f(d.baseline)} → ${f(d.candidate)})`;
}

function comparisonTable(c: Comparison): string {
  const rows = c.differences.map((d) => {
    const f = fmt(d.score);
    const ci = d.ci95 ? `${signed(d.ci95[0], f)} … ${signed(d.ci95[1], f)}` : '–';
    const cls = d.ci95 && (d.ci95[0] > 0 || d.ci95[1] < 0) ? (d.difference > 0 ? 'ok' : 'bad') : '';
    return `<tr><td>${esc(d.score.replace('_', '-'))}</td><td class="num">${f(d.baseline)}</td><td class="num">${f(d.candidate)}</td><td class="num ${cls}">${signed(d.difference, f)}</td><td class="num">${ci}</td><td class="num">${d.pairs}</td></tr>`;
  });
  return `<h2>${esc(c.candidate)} against ${esc(c.baseline)}</h2>
<table class="index"><thead><tr><th>score</th><th>baseline</th><th>candidate</th><th>difference</th><th>95 % interval</th><th>paired sequences</th></tr></thead><tbody>
${rows.join('\n')}
</tbody></table>`;
}

function positionTable(evals: WrittenComparison['evals']): string {
  const longest = Math.max(0, ...evals.map((e) => e.byPosition.length));
  const head = evals.map((e) => `<th>${esc(e.dir)}</th>`).join('');
  const rows = Array.from(
    { length: longest },
    (_, k) =>
      `<tr><td class="num">${k + 1}</td>${evals
        .map((e) => {
          const p = e.byPosition[k];
          return `<td class="num">${p ? `${pct(p.s_SR)} (${p.successes}/${p.tasks})` : '–'}</td>`;
        })
        .join('')}</tr>`,
  );
  return `<h2>Success by task position</h2>
<table class="index"><thead><tr><th>position</th>${head}</tr></thead><tbody>
${rows.join('\n')}
</tbody></table>`;
}

export async function compareEvals(dirs: readonly string[], out: string, now = new Date()): Promise<WrittenComparison> {
  if (dirs.length < 2) throw new RunReadError(dirs[0] ?? '(none)', 'a comparison needs two or more eval directories');
  const evals = dirs.map(readEvalSequences);
  const [base, ...rest] = evals;
  const comparisons = rest.map((c) => ({ baseline: base.dir, candidate: c.dir, differences: pairedDifferences(base.sequences, c.sequences) }));
  const summary = evals.map((e) => ({ dir: e.dir, sequences: e.sequences.size, byPosition: byPosition([...e.sequences.values()]) }));
  const plot = await renderSvg(byPositionSpec(summary.map((e) => ({ name: e.dir, rows: e.byPosition }))));
  const file = join(resolve(out), 'index.html');
  atomicWriteFile(
    file,
    `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,">
<title>NavHarness comparison</title><style>${CSS}</style></head>
<body><main>
<h1>NavHarness comparison</h1>
<p class="muted">Baseline ${esc(base.dir)} (${base.sequences.size} sequences). Differences are candidate − baseline over the sequences both evaluations played, with 95 % percentile-bootstrap intervals over those paired sequences.</p>
${comparisons.map(comparisonTable).join('\n')}
${positionTable(summary)}
<div class="plots"><img src="data:image/svg+xml;base64,${Buffer.from(plot, 'utf8').toString('base64')}" alt="success by task position of each eval"></div>
<footer>Written by navharness report at ${esc(now.toISOString())}.</footer>
</main></body></html>
`,
  );
  return { file, evals: summary, comparisons };
}
