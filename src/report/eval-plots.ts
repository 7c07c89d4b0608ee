/**
 * The plots of the eval and VLN reports (Vega-Lite, rendered to SVG files beside the page): an eval's
 * scores run by run with the pooled value as a rule, and a VLN folder's episodes by navigation error
 * and path fidelity.
 */
import type { TopLevelSpec } from 'vega-lite';

export interface RunScoreRow {
  run: string;
  sSR: number;
  SPL: number;
}

/** s-SR and SPL of each run side by side; the dashed rules are the pooled values over all goals. */
export function runScoresSpec(rows: readonly RunScoreRow[], pooled: { sSR: number; SPL: number } | null): TopLevelSpec {
  const values = rows.flatMap((r) => [
    { run: r.run, score: 's-SR', value: r.sSR },
    { run: r.run, score: 'SPL', value: r.SPL },
  ]);
  const colour = { field: 'score', type: 'nominal' as const, title: null, scale: { domain: ['s-SR', 'SPL'], range: ['#1d4ed8', '#f59e0b'] } };
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
    title: {
      text: 'Scores by run',
      subtitle: pooled ? `dashed: pooled over all goals (s-SR ${pooled.sSR.toFixed(3)}, SPL ${pooled.SPL.toFixed(3)})` : 'no pooled scores',
      anchor: 'start',
      fontSize: 14,
    },
    width: Math.max(260, 44 * rows.length),
    height: 200,
    layer: [
      {
        data: { values },
        mark: { type: 'bar' },
        encoding: {
          x: { field: 'run', type: 'nominal', title: null, sort: null, axis: { labelAngle: -40 } },
          xOffset: { field: 'score', type: 'nominal' },
          y: { field: 'value', type: 'quantitative', title: 'score', scale: { domain: [0, 1] } },
          color: colour,
        },
      },
      {
        data: {
          values: pooled
            ? [
                { score: 's-SR', value: pooled.sSR },
                { score: 'SPL', value: pooled.SPL },
              ]
            : [],
        },
        mark: { type: 'rule', strokeDash: [5, 4], strokeWidth: 1.5 },
        encoding: { y: { field: 'value', type: 'quantitative' }, color: colour },
      },
    ],
  };
}

export interface EpisodePoint {
  id: string;
  ne: number;
  ndtw: number;
  success: boolean;
}

/** Each episode as a point: how far from the goal it ended against how closely it followed the reference path. */
export function episodeScoresSpec(points: readonly EpisodePoint[]): TopLevelSpec {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
    title: {
      text: 'Episodes: navigation error against path fidelity',
      subtitle: 'a point per episode, coloured by its success',
      anchor: 'start',
      fontSize: 14,
    },
    width: 360,
    height: 240,
    layer: [
      {
        data: { values: points.map((p) => ({ ...p, outcome: p.success ? 'success' : 'failure' })) },
        mark: { type: 'point', filled: true, size: 60, opacity: 0.8 },
        encoding: {
          x: { field: 'ndtw', type: 'quantitative', title: 'nDTW', scale: { domain: [0, 1] } },
          y: { field: 'ne', type: 'quantitative', title: 'navigation error (m)' },
          color: { field: 'outcome', type: 'nominal', title: null, scale: { domain: ['success', 'failure'], range: ['#16a34a', '#dc2626'] } },
          tooltip: [{ field: 'id', type: 'nominal' }],
        },
      },
    ],
  };
}
