/**
 * The report's plots, specified in Vega-Lite and rendered to SVG by Vega in Node (no canvas needed:
 * the 'none' renderer plus toSVG). Each function returns the SVG text.
 */
import * as vega from 'vega';
import * as vl from 'vega-lite';
import type { TopLevelSpec } from 'vega-lite';
import type { TaskSummary } from './aggregate.js';
import type { TrajectoryFile } from './read-run.js';
import type { PositionRow } from '../eval/index.js';

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const CONFIG = {
  font: FONT,
  axis: { labelFontSize: 11, titleFontSize: 12, grid: true, gridColor: '#e5e7eb' },
  legend: { labelFontSize: 10, titleFontSize: 11, orient: 'bottom' as const, columnPadding: 6, symbolSize: 60 },
  view: { stroke: '#d1d5db' },
};

export async function renderSvg(spec: TopLevelSpec): Promise<string> {
  const compiled = vl.compile({ ...spec, config: { ...CONFIG, ...(spec.config ?? {}) } } as TopLevelSpec).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** the three run plots share one width so that they line up side by side */
const plotWidth = (n: number): number => Math.max(230, 36 * n);

const OUTCOME_COLORS = { domain: ['success', 'failure', 'not evaluated'], range: ['#16a34a', '#dc2626', '#9ca3af'] };

/**
 * The papers' Figure 4 style: success at each task position. The line is the running success rate
 * over positions 1..k, the orange points each task's SPL, and the strip below the evaluator's outcome.
 */
export function successByPositionSpec(tasks: readonly TaskSummary[]): TopLevelSpec {
  const values = tasks.map((t) => ({
    position: t.position,
    outcome: t.success === null ? 'not evaluated' : t.success ? 'success' : 'failure',
    running: t.runningSR,
    spl: t.spl,
    status: t.status,
  }));
  const width = plotWidth(tasks.length);
  const x = { field: 'position', type: 'ordinal' as const, title: 'task position in the sequence', axis: { labelAngle: 0 } };
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
    title: { text: 'Success against task position', subtitle: 'line: running s-SR · ◆: SPL', anchor: 'start', fontSize: 14 },
    data: { values },
    vconcat: [
      {
        width,
        height: 170,
        encoding: { x: { ...x, title: null, axis: { labelAngle: 0, labels: false, ticks: false } } },
        layer: [
          {
            transform: [{ filter: 'datum.running !== null' }],
            mark: { type: 'line', point: { filled: true, size: 50 }, color: '#1d4ed8', strokeWidth: 2 },
            encoding: { y: { field: 'running', type: 'quantitative', title: 'running s-SR · SPL', scale: { domain: [0, 1] } } },
          },
          {
            transform: [{ filter: 'datum.spl !== null' }],
            mark: { type: 'point', shape: 'diamond', filled: true, size: 60, color: '#f59e0b' },
            encoding: { y: { field: 'spl', type: 'quantitative' } },
          },
        ],
      },
      {
        width,
        height: 22,
        mark: { type: 'rect', stroke: '#fff', strokeWidth: 2 },
        encoding: {
          x,
          color: { field: 'outcome', type: 'nominal', title: 'evaluator', scale: OUTCOME_COLORS },
          tooltip: [{ field: 'status', title: 'ledger' }],
        },
      },
    ],
  };
}

/**
 * Success by task position over sequences (the papers' Figure 4 and Table 5): s-SR at each position
 * for each series (an eval, or each of the evals compared), every point labelled with its
 * successes / tasks, since later positions hold fewer tasks when sequences differ in length.
 */
export function byPositionSpec(series: readonly { name: string; rows: readonly PositionRow[] }[]): TopLevelSpec {
  const values = series.flatMap((s) => s.rows.map((r) => ({ series: s.name, position: r.position, s_SR: r.s_SR, count: `${r.successes}/${r.tasks}` })));
  const longest = Math.max(0, ...series.map((s) => s.rows.length));
  const color = {
    field: 'series',
    type: 'nominal' as const,
    title: null,
    legend: series.length > 1 ? { direction: 'vertical' as const, labelLimit: 0 } : null,
  };
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
    title: { text: 'Success by task position', subtitle: 's-SR over sequences at each position · label: successes/tasks', anchor: 'start', fontSize: 14 },
    data: { values },
    width: plotWidth(longest),
    height: 190,
    encoding: {
      x: { field: 'position', type: 'ordinal', title: 'task position in the sequence', axis: { labelAngle: 0 } },
      y: { field: 's_SR', type: 'quantitative', title: 's-SR', scale: { domain: [0, 1.1] }, axis: { values: [0, 0.25, 0.5, 0.75, 1] } },
      color,
    },
    layer: [
      { mark: { type: 'line', point: { filled: true, size: 50 }, strokeWidth: 2 } },
      { mark: { type: 'text', dy: -10, fontSize: 10 }, encoding: { text: { field: 'count', type: 'nominal' } } },
    ],
  };
}

const TOKEN_KINDS = ['uncached input', 'cached input', 'output'];

/** One stacked bar per task position: rows {position, <series>, <value>, order}. */
function stackedPerTaskSpec(
  title: string,
  taskCount: number,
  values: Record<string, unknown>[],
  o: { series: string; value: string; valueTitle: string; legend: string; format: string; scale: { domain?: string[]; range: string[] } },
): TopLevelSpec {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
    title: { text: title, anchor: 'start', fontSize: 14 },
    width: plotWidth(taskCount),
    height: 200,
    data: { values },
    mark: { type: 'bar', width: { band: 0.6 } },
    encoding: {
      x: { field: 'position', type: 'ordinal', title: 'task position in the sequence', axis: { labelAngle: 0 } },
      y: { field: o.value, type: 'quantitative', title: o.valueTitle, stack: 'zero', axis: { format: o.format } },
      color: { field: o.series, type: 'nominal', title: o.legend, scale: o.scale },
      order: { field: 'order', type: 'quantitative' },
    },
  };
}

/** The papers' Figure 5 style, part 1: tokens per task, by kind. */
export function tokensPerTaskSpec(tasks: readonly TaskSummary[]): TopLevelSpec {
  const values = tasks.flatMap((t) =>
    t.usage === null
      ? []
      : [
          { position: t.position, kind: 'uncached input', tokens: t.usage.uncachedInput, order: 0 },
          { position: t.position, kind: 'cached input', tokens: t.usage.cachedInput, order: 1 },
          { position: t.position, kind: 'output', tokens: t.usage.output, order: 2 },
        ],
  );
  return stackedPerTaskSpec('Tokens per task', tasks.length, values, {
    series: 'kind',
    value: 'tokens',
    valueTitle: 'tokens',
    legend: 'tokens',
    format: '~s',
    scale: { domain: TOKEN_KINDS, range: ['#2563eb', '#93c5fd', '#f59e0b'] },
  });
}

/** The papers' Figure 5 style, part 2: cost per task (input cost C_k and output cost). */
export function costPerTaskSpec(tasks: readonly TaskSummary[]): TopLevelSpec {
  const values = tasks.flatMap((t) =>
    t.costInput === null || t.costOutput === null
      ? []
      : [
          { position: t.position, part: 'input', usd: t.costInput, order: 0 },
          { position: t.position, part: 'output', usd: t.costOutput, order: 1 },
        ],
  );
  return stackedPerTaskSpec('Cost per task', tasks.length, values, {
    series: 'part',
    value: 'usd',
    valueTitle: 'cost (USD)',
    legend: 'cost',
    format: '$.3~f',
    scale: { range: ['#7c3aed', '#f59e0b'] },
  });
}

/**
 * The body's true path seen from above (simulator frame, metres, equal scale), with its start and end
 * and the goal's footprints: the evaluator's view of the task, beside the navigator's own map.
 */
export function trajectorySpec(traj: TrajectoryFile): TopLevelSpec {
  const pts = traj.points.map((p, i) => ({ i, x: p[0], z: p[2] }));
  const fps = traj.goal_footprints;
  const xs = [...pts.map((p) => p.x), ...fps.flatMap((f) => [f.x0, f.x1])];
  const zs = [...pts.map((p) => p.z), ...fps.flatMap((f) => [f.z0, f.z1])];
  const pad = 0.5;
  const x0 = Math.min(...xs) - pad,
    x1 = Math.max(...xs) + pad;
  const z0 = Math.min(...zs) - pad,
    z1 = Math.max(...zs) + pad;
  // one metre is the same length on both axes
  const scale = 300 / Math.max(x1 - x0, z1 - z0, 1);
  const width = Math.round((x1 - x0) * scale);
  const height = Math.round((z1 - z0) * scale);
  const ends = pts.length
    ? [
        { ...pts[0], what: 'start' },
        { ...pts[pts.length - 1], what: 'end' },
      ]
    : [];
  const x = { field: 'x', type: 'quantitative' as const, title: 'x (m)', scale: { domain: [x0, x1], nice: false, zero: false } };
  const y = { field: 'z', type: 'quantitative' as const, title: 'z (m)', scale: { domain: [z0, z1], nice: false, zero: false } };
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
    width,
    height,
    layer: [
      {
        data: { values: fps.map((f) => ({ x: f.x0, x2: f.x1, z: f.z0, z2: f.z1, what: 'goal' })) },
        mark: { type: 'rect', color: '#16a34a', opacity: 0.35, stroke: '#15803d' },
        encoding: { x, x2: { field: 'x2' }, y, y2: { field: 'z2' } },
      },
      {
        data: { values: pts },
        mark: { type: 'line', color: '#2563eb', strokeWidth: 1.5 },
        encoding: { x, y, order: { field: 'i', type: 'quantitative' } },
      },
      {
        data: { values: ends },
        mark: { type: 'point', filled: true, size: 80 },
        encoding: {
          x,
          y,
          shape: { field: 'what', type: 'nominal', title: null, scale: { domain: ['start', 'end'], range: ['circle', 'square'] } },
          color: { field: 'what', type: 'nominal', title: null, scale: { domain: ['start', 'end'], range: ['#111827', '#dc2626'] } },
        },
      },
    ],
  };
}
