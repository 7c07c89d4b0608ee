/**
 * A deployment's run ends with a whole-map adjustment of the pose source's map before the house memory
 * takes it (Navigator.memory(true)); evaluation notes what it did and the grids' quality against the
 * truth just before and just after, so that the memory's gain is read on the same run (the grids before
 * it are those a run without it would have saved).
 */
import { z } from 'zod';
import type { NavigatorMemory, Navigator } from '../navigator/index.js';
import type { Workspace } from '../memory/index.js';
import type { Scene } from '../sim/index.js';
import { readRunStart } from './run-relocation.js';
import { savedGridQuality } from './saved-grid-quality.js';

export const MAP_ADJUSTMENT_FILE = 'eval/map-adjustment.json';

const QualitySchema = z.strictObject({ free_precision: z.number().nullable(), obstacle_recall: z.number().nullable() });

export const MapAdjustmentNoteSchema = z.strictObject({
  /** null: the pose source adjusted nothing (a map holding a house memory's keyframes, or none) */
  adjustment: z.strictObject({ ms: z.number(), cost_before: z.number(), cost_after: z.number(), keyframes: z.number().int() }).nullable(),
  /** the grids against the truth before and after (null: the world's `world_to_truth` is unknown) */
  before: QualitySchema.nullable(),
  after: QualitySchema.nullable(),
});
export type MapAdjustmentNote = z.infer<typeof MapAdjustmentNoteSchema>;

/** The navigator's memory after the run's last task, its map adjusted first when `adjust`; the note written to the eval folder then. */
export function memoryAtEnd(navigator: Navigator, adjust: boolean, scene: Scene, ws: Workspace): NavigatorMemory | null {
  if (!adjust) return navigator.memory();
  const g = readRunStart(ws)?.world_to_truth;
  const quality = () => {
    if (!g) return null;
    const q = savedGridQuality(navigator.map, scene, Float64Array.from(g));
    return { free_precision: q.free_precision, obstacle_recall: q.obstacle_recall };
  };
  // the memory as a run without the adjustment would save it (settled, a closure followed, rebuilt)
  navigator.memory();
  const before = quality();
  const mem = navigator.memory(true);
  const a = navigator.adjustment;
  const adjustment = a && { ms: a.ms, cost_before: a.costBefore, cost_after: a.costAfter, keyframes: a.keyframes };
  const note: MapAdjustmentNote = { adjustment, before, after: quality() };
  ws.writeOwned({ kind: 'orchestrator' }, MAP_ADJUSTMENT_FILE, JSON.stringify(note) + '\n');
  return mem;
}
