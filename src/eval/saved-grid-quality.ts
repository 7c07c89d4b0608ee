/**
 * How good the grids a run leaves to the house memory are (evaluation only: nothing here reaches the
 * navigator, the agent or a session). At the end of a deployment's run its navigator's grids are what
 * the memory keeps; each floor layer is scored against the true occupancy of the simulator's floor it
 * lies on, carried into the grids' world by that world's `world_to_truth` (the run's start file). By run
 * index this says whether the saved house stays clean as runs pile their maps onto it (issue 34 item 3).
 */
import { z } from 'zod';
import { invert, type Mat4, transformPoint } from '../geometry/index.js';
import type { OccupancyMap } from '../mapping/index.js';
import type { Workspace } from '../memory/index.js';
import { floorAt, type Scene } from '../sim/index.js';
import { mapQuality, type MapQuality, truthGridIn } from './map-quality.js';
import { readRunStart } from './run-relocation.js';

export const SAVED_GRID_QUALITY_FILE = 'eval/saved-grid-quality.json';

/** a layer whose height lies farther than this from every floor of the house is not scored (a layer opened on a flight) */
const FLOOR_MATCH_M = 0.5;

const FloorScoreSchema = z.strictObject({
  layer: z.number().int(),
  /** the simulator's floor index the layer lies on */
  sim_floor: z.number().int(),
  free_precision: z.number().min(0).max(1),
  obstacle_recall: z.number().min(0).max(1),
  free_cells: z.number().int().nonnegative(),
  known_blocked_cells: z.number().int().nonnegative(),
});

export const SavedGridQualitySchema = z.strictObject({
  /** every floor layer's cells pooled: free cells truly free / free cells; truly blocked known cells called obstacle / truly blocked known cells */
  free_precision: z.number().min(0).max(1).nullable(),
  obstacle_recall: z.number().min(0).max(1).nullable(),
  floors: z.array(FloorScoreSchema),
});
export type SavedGridQuality = z.infer<typeof SavedGridQualitySchema>;

/** Scores every floor layer of `map` against the truth, given its world → truth (navigator camera convention). */
export function savedGridQuality(
  map: Pick<OccupancyMap, 'floors' | 'snapshot' | 'params'>,
  scene: Pick<Scene, 'triangles' | 'floors'>,
  worldToTruth: Mat4,
): SavedGridQuality {
  const toNav = invert(worldToTruth);
  const floors: SavedGridQuality['floors'] = [];
  const pooled: MapQuality[] = [];
  for (const layer of map.floors()) {
    // the layer's floor plane in the truth: a floor point of the map's world carried by G; the
    // simulator's y is the truth's negated
    const simY = -transformPoint(worldToTruth, [0, -layer.floorUp, 0])[1];
    const level = floorAt(scene, simY);
    if (!level || Math.abs(level.y - simY) > FLOOR_MATCH_M) continue;
    const q = mapQuality(map, layer.id, truthGridIn(scene, level.y, toNav, map.params.cellSize));
    pooled.push(q);
    floors.push({
      layer: layer.id,
      sim_floor: level.index,
      free_precision: q.free_precision,
      obstacle_recall: q.obstacle_recall,
      free_cells: q.free_cells,
      known_blocked_cells: q.known_blocked_cells,
    });
  }
  const free = pooled.reduce((n, q) => n + q.free_cells, 0);
  const blocked = pooled.reduce((n, q) => n + q.known_blocked_cells, 0);
  return {
    free_precision: free ? pooled.reduce((n, q) => n + q.free_precision * q.free_cells, 0) / free : null,
    obstacle_recall: blocked ? pooled.reduce((n, q) => n + q.obstacle_recall * q.known_blocked_cells, 0) / blocked : null,
    floors,
  };
}

/** Writes the run's saved-grid quality into its eval folder, when its world's `world_to_truth` is known. */
export function noteSavedGridQuality(map: OccupancyMap, scene: Scene, ws: Workspace): void {
  const g = readRunStart(ws)?.world_to_truth;
  if (!g) return;
  ws.writeOwned({ kind: 'orchestrator' }, SAVED_GRID_QUALITY_FILE, JSON.stringify(savedGridQuality(map, scene, Float64Array.from(g))) + '\n');
}
