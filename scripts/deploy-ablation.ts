/**
 * The house-memory ablation of issue 16: for each house, one deployment with the house memory
 * (saved maps and consolidation) and one with --no-saved-maps --no-consolidation, the offline
 * scripted agent, and a Markdown table of s-SR and SPL of runs 2..K per house and over all houses
 * (task-weighted); then runs 2..K split by whether an earlier run saw the goal, s-SR and SPL by run
 * index in both conditions, and how each later run with memory relocalised (and how far off). Resumable: a finished deployment is read back, an interrupted one resumed.
 *   npx tsx scripts/deploy-ablation.ts [--houses 0..5] [--runs 4] [--max-goals 5] [--out runs/deploy-ablation]
 *     [--only memory|no-memory]   (one condition; the other's columns then read '–')
 *     [--plot FILE.svg]           (s-SR and SPL against the run index, both conditions)
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { deploy, type DeploymentMetrics, HouseRangeSchema } from '../src/eval/index.js';
import { renderSvg } from '../src/report/charts.js';

const USAGE = `usage: npx tsx scripts/deploy-ablation.ts [--houses 0..5] [--runs 4] [--max-goals 5]
  [--out runs/deploy-ablation] [--only memory|no-memory] [--plot FILE.svg] [--adjust-map]`;

const CONDITIONS = [
  { name: 'memory', savedMaps: true, consolidation: true },
  { name: 'no-memory', savedMaps: false, consolidation: false },
] as const;

const FlagsSchema = z.object({
  help: z.boolean().optional(),
  houses: HouseRangeSchema,
  runs: z.coerce.number({ error: 'a whole number ≥ 2' }).int('a whole number ≥ 2').min(2, 'a whole number ≥ 2'),
  'max-goals': z.coerce.number({ error: 'a whole number ≥ 1' }).int('a whole number ≥ 1').min(1, 'a whole number ≥ 1'),
  out: z.string().min(1, 'a folder'),
  only: z.enum(['memory', 'no-memory'], { error: 'memory or no-memory' }).optional(),
  plot: z.string().min(1, 'an .svg file').optional(),
  /** each run's own map adjusted as a whole before the memory takes it (deploy --adjust-map) */
  'adjust-map': z.boolean().optional(),
});

/** The flags, validated; a bad command line prints what was wrong and the usage, and exits 2. */
function flags(): z.infer<typeof FlagsSchema> {
  try {
    const { values } = parseArgs({
      options: {
        help: { type: 'boolean' },
        houses: { type: 'string', default: '0..5' },
        runs: { type: 'string', default: '4' },
        'max-goals': { type: 'string', default: '5' },
        out: { type: 'string', default: 'runs/deploy-ablation' },
        only: { type: 'string' },
        plot: { type: 'string' },
        'adjust-map': { type: 'boolean' },
      },
    });
    const parsed = FlagsSchema.safeParse(values);
    if (parsed.success) return parsed.data;
    throw new Error(parsed.error.issues.map((i) => `--${i.path.join('.')} is ${i.message}`).join('; '));
  } catch (err) {
    process.stderr.write(`deploy-ablation: ${(err as Error).message}\n${USAGE}\n`);
    process.exit(2);
  }
}

const values = flags();
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const houses = values.houses;
const runs = values.runs,
  maxGoals = values['max-goals'];

const rows: { house: number; m: Partial<Record<string, DeploymentMetrics>> }[] = [];
for (let h = houses.from; h <= houses.to; h++) {
  const m: Partial<Record<string, DeploymentMetrics>> = {};
  for (const c of CONDITIONS.filter((c) => values.only === undefined || c.name === values.only)) {
    const out = join(values.out, `seed-${h}-${c.name}`);
    const t0 = performance.now();
    const r = await deploy({
      house: `seed:${h}`,
      runs,
      out,
      agent: 'scripted',
      maxGoals,
      savedMaps: c.savedMaps,
      ...(values['adjust-map'] ? { adjustMap: true } : {}),
      harness: { consolidation: c.consolidation },
      resume: existsSync(out),
    });
    process.stderr.write(`seed ${h} ${c.name}: ${((performance.now() - t0) / 1000).toFixed(0)} s\n`);
    m[c.name] = r.metrics;
  }
  rows.push({ house: h, m });
}

const f = (x: number | null | undefined) => (x === null || x === undefined ? '–' : x.toFixed(3));
const pooled = (name: string, key: 's_SR' | 'SPL') => {
  const later = rows.flatMap((r) => (r.m[name] ? [r.m[name].later_runs] : []));
  const tasks = later.reduce((n, l) => n + l.tasks, 0);
  return tasks ? later.reduce((s, l) => s + (l[key] ?? 0) * l.tasks, 0) / tasks : null;
};
const later = (r: (typeof rows)[number], name: string, key: 's_SR' | 'SPL') => f(r.m[name]?.later_runs[key]);
const relocalised = (r: (typeof rows)[number]) => (r.m.memory ? `${r.m.memory.relocalised_runs} of ${runs - 1}` : '–');
const lines = [
  `| house | s-SR runs 2..${runs}, memory | s-SR, no memory | SPL runs 2..${runs}, memory | SPL, no memory | relocalised (memory) |`,
  '| --- | --- | --- | --- | --- | --- |',
  ...rows.map(
    (r) =>
      `| seed:${r.house} | ${later(r, 'memory', 's_SR')} | ${later(r, 'no-memory', 's_SR')} | ${later(r, 'memory', 'SPL')} | ${later(r, 'no-memory', 'SPL')} | ${relocalised(r)} |`,
  ),
  `| all (task-weighted) | ${f(pooled('memory', 's_SR'))} | ${f(pooled('no-memory', 's_SR'))} | ${f(pooled('memory', 'SPL'))} | ${f(pooled('no-memory', 'SPL'))} | ${rows.every((r) => r.m.memory) ? `${rows.reduce((n, r) => n + (r.m.memory?.relocalised_runs ?? 0), 0)} of ${rows.length * (runs - 1)}` : '–'} |`,
];
// SPL of later-run goals whose object an earlier run saw, apart from the others (evaluation's split)
const splitOf = (name: string, part: 'seen_before' | 'not_seen_before') => {
  const parts = rows.flatMap((r) => {
    const s = r.m[name]?.later_runs_seen_split;
    return s ? [s[part]] : [];
  });
  const tasks = parts.reduce((n, p) => n + p.tasks, 0);
  const mean = (k: 's_SR' | 'SPL') => (tasks ? parts.reduce((a, p) => a + (p[k] ?? 0) * p.tasks, 0) / tasks : null);
  return `${f(mean('s_SR'))} / ${f(mean('SPL'))} (${tasks})`;
};
lines.push(
  '',
  `| runs 2..${runs}, goals | s-SR / SPL, memory (goals) | s-SR / SPL, no memory (goals) |`,
  '| --- | --- | --- |',
  `| seen by an earlier run | ${splitOf('memory', 'seen_before')} | ${splitOf('no-memory', 'seen_before')} |`,
  `| not seen before | ${splitOf('memory', 'not_seen_before')} | ${splitOf('no-memory', 'not_seen_before')} |`,
);
// by run index, both conditions (the papers' trend: a robot better each time it comes back)
const byRun = (name: string, k: number, key: 's_SR' | 'SPL') => {
  const rs = rows.flatMap((r) => (r.m[name]?.per_run ?? []).filter((p) => p.run === k));
  const tasks = rs.reduce((n, p) => n + p.tasks, 0);
  return tasks ? f(rs.reduce((a, p) => a + p[key] * p.tasks, 0) / tasks) : '–';
};
lines.push('', '| run | s-SR memory / none | SPL memory / none |', '| --- | --- | --- |');
for (let k = 1; k <= runs; k++)
  lines.push(`| ${k} | ${byRun('memory', k, 's_SR')} / ${byRun('no-memory', k, 's_SR')} | ${byRun('memory', k, 'SPL')} / ${byRun('no-memory', k, 'SPL')} |`);
// the grids each run left to the memory against the true map (evaluation only; memory condition)
const gridAt = (k: number, key: 'free_precision' | 'obstacle_recall') => {
  const xs = rows.flatMap((r) =>
    (r.m.memory?.per_run ?? []).filter((p) => p.run === k).flatMap((p) => (typeof p.saved_grid?.[key] === 'number' ? [p.saved_grid[key]] : [])),
  );
  return xs.length ? `${f(xs.reduce((a, b) => a + b, 0) / xs.length)} (${xs.length})` : '–';
};
lines.push('', '| after run | saved grid free precision, mean over houses (houses) | obstacle recall |', '| --- | --- | --- |');
for (let k = 1; k <= runs; k++) lines.push(`| ${k} | ${gridAt(k, 'free_precision')} | ${gridAt(k, 'obstacle_recall')} |`);
if (values.plot) {
  const points = CONDITIONS.flatMap((c) =>
    Array.from({ length: runs }, (_, i) => i + 1).flatMap((k) => {
      const rs = rows.flatMap((r) => (r.m[c.name]?.per_run ?? []).filter((p) => p.run === k));
      const tasks = rs.reduce((n, p) => n + p.tasks, 0);
      if (!tasks) return [];
      const mean = (key: 's_SR' | 'SPL') => rs.reduce((a, p) => a + p[key] * p.tasks, 0) / tasks;
      return [
        { run: k, line: `s-SR, ${c.name}`, value: mean('s_SR') },
        { run: k, line: `SPL, ${c.name}`, value: mean('SPL') },
      ];
    }),
  );
  const svg = await renderSvg({
    title: `s-SR and SPL by run index, houses ${houses.from}..${houses.to}`,
    width: 320,
    height: 220,
    data: { values: points },
    mark: { type: 'line', point: true },
    encoding: {
      x: { field: 'run', type: 'ordinal', title: 'run in the deployment', axis: { labelAngle: 0 } },
      y: { field: 'value', type: 'quantitative', title: 'score (task-weighted)', scale: { domain: [0, 1] } },
      color: { field: 'line', type: 'nominal', title: null },
      strokeDash: { field: 'line', type: 'nominal', title: null },
    },
  });
  writeFileSync(values.plot, svg);
}
const errors = rows.flatMap((r) =>
  (r.m.memory?.per_run ?? [])
    .slice(1)
    .map(
      (p) =>
        `seed:${r.house} run ${p.run}: ${p.relocalised ? 'at start' : typeof p.late_relocalisation_task === 'number' ? `late (task ${p.late_relocalisation_task})` : 'not relocalised'}${typeof p.relocalisation_error_m === 'number' ? `, ${p.relocalisation_error_m.toFixed(2)} m off` : ''}${p.join_drift ? ` (the saved map ${p.join_drift.saved_map_error_m.toFixed(2)} m off there, the join ${p.join_drift.join_vs_saved_map_m.toFixed(2)} m off the saved map)` : ''}`,
    ),
);
if (errors.length) lines.push('', 'Relocalisation (memory):', ...errors.map((e) => `- ${e}`));
console.log(lines.join('\n'));
