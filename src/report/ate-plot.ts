/**
 * The picture of an estimated trajectory against the reference (`navharness ate --plot`): the
 * reference and the aligned estimate seen from above (equal scale on both axes), and the position
 * error over time, with evo's statistics in the title. One SVG, rendered by Vega in Node.
 */
import type { TopLevelSpec } from 'vega-lite';
import type { AteResult } from '../eval/index.js';
import { renderSvg } from './charts.js';

/** Which two axes the top view shows; 'auto' drops the axis along which the reference spreads least. */
export type PlotPlane = 'auto' | 'xy' | 'xz' | 'yz';

const AXES = { x: 0, y: 1, z: 2 } as const;

export function topViewAxes(series: AteResult['series'], plane: PlotPlane): [number, number] {
  if (plane !== 'auto') return [AXES[plane[0] as 'x' | 'y'], AXES[plane[1] as 'y' | 'z']];
  const spread = [0, 1, 2].map((k) => {
    const v = series.map((s) => s.ref[k]);
    const m = v.reduce((a, b) => a + b, 0) / v.length;
    return v.reduce((a, b) => a + (b - m) * (b - m), 0);
  });
  const drop = spread.indexOf(Math.min(...spread));
  return [0, 1, 2].filter((k) => k !== drop) as [number, number];
}

/**
 * A 5 % margin, and a range at least 0.4 of the other axis's (equal scale on both axes), so that a
 * nearly straight path is not drawn as a sliver.
 */
function paddedRange(xs: number[], other: number[]): [number, number] {
  const lo = Math.min(...xs),
    hi = Math.max(...xs);
  const span = Math.max(hi - lo, 0.4 * (Math.max(...other) - Math.min(...other)), 0.1);
  const mid = (lo + hi) / 2;
  return [mid - 0.55 * span, mid + 0.55 * span];
}

export interface AtePlotOptions {
  plane?: PlotPlane;
  alignLabel: string;
  /** shown in the title, e.g. the estimate's file name */
  name: string;
}

export function atePlotSpec(r: AteResult, o: AtePlotOptions): TopLevelSpec {
  const [a, b] = topViewAxes(r.series, o.plane ?? 'auto');
  const names = ['x', 'y', 'z'];
  const t0 = r.series[0].time;
  const estName = `estimate, ${o.alignLabel} aligned`;
  const path = r.series.flatMap((s, i) => [
    { i, u: s.ref[a], v: s.ref[b], which: 'reference' },
    { i, u: s.est[a], v: s.est[b], which: estName },
  ]);
  const us = path.map((p) => p.u),
    vs = path.map((p) => p.v);
  const [u0, u1] = paddedRange(us, vs),
    [v0, v1] = paddedRange(vs, us);
  // one metre is the same length on both axes
  const k = 320 / Math.max(u1 - u0, v1 - v0);
  const st = r.stats;
  const f = (x: number) => x.toFixed(4);
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
    title: {
      text: `ATE of ${o.name}: ${r.pairs} pairs, ${o.alignLabel} alignment${r.scale !== 1 ? ` (scale ${r.scale.toFixed(4)})` : ''}`,
      subtitle: `rmse ${f(st.rmse)} m · mean ${f(st.mean)} · median ${f(st.median)} · std ${f(st.std)} · min ${f(st.min)} · max ${f(st.max)}`,
      anchor: 'start',
      fontSize: 14,
    },
    hconcat: [
      {
        width: Math.round((u1 - u0) * k),
        height: Math.round((v1 - v0) * k),
        data: { values: path },
        mark: { type: 'line', strokeWidth: 1.5 },
        encoding: {
          x: { field: 'u', type: 'quantitative', title: `${names[a]} (m)`, scale: { domain: [u0, u1], nice: false, zero: false } },
          y: { field: 'v', type: 'quantitative', title: `${names[b]} (m)`, scale: { domain: [v0, v1], nice: false, zero: false } },
          color: {
            field: 'which',
            type: 'nominal',
            title: null,
            scale: { domain: ['reference', estName], range: ['#111827', '#2563eb'] },
            legend: { labelLimit: 260 },
          },
          order: { field: 'i', type: 'quantitative' },
        },
      },
      {
        width: 360,
        height: 220,
        data: { values: r.series.map((s) => ({ t: s.time - t0, e: s.error })) },
        layer: [
          {
            mark: { type: 'line', color: '#dc2626', strokeWidth: 1.5 },
            encoding: {
              x: { field: 't', type: 'quantitative', title: 'time since the first pair (s)' },
              y: { field: 'e', type: 'quantitative', title: 'position error (m)' },
            },
          },
          {
            data: { values: [{ rmse: st.rmse }] },
            mark: { type: 'rule', color: '#6b7280', strokeDash: [4, 3] },
            encoding: { y: { field: 'rmse', type: 'quantitative' } },
          },
        ],
      },
    ],
  };
}

export function renderAtePlot(r: AteResult, o: AtePlotOptions): Promise<string> {
  return renderSvg(atePlotSpec(r, o));
}
