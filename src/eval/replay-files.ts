/**
 * Where a run keeps, per task, what the report's step-by-step replay and `navharness ate` read
 * (evaluation only, under eval/): the estimated and the true camera trajectory as TUM files, and per
 * kept coarse action (src/eval/replay-recorder.ts) the view the body saw and the navigator's map after it.
 */
import { z } from 'zod';
import { EVAL_DIR } from '../memory/index.js';

/** Per task, TUM format, in the navigator's camera convention: `navharness ate <true> <estimated>`. */
export const estimatedTumPath = (id: string) => `${EVAL_DIR}/trajectory-${id}.estimated.txt`;
export const trueTumPath = (id: string) => `${EVAL_DIR}/trajectory-${id}.true.txt`;

/** The navigator's map at the task's closure: the floor it ended on, and each other floor of the map. */
export const taskMapPath = (id: string) => `maps/${id}.png`;
export const floorMapPath = (id: string, floor: number) => `maps/${id}.floor-${floor}.png`;
export const FLOOR_MAP_RE = /^(task-\d{3,6})\.floor-(\d{1,3})\.png$/;

export const replayIndexPath = (id: string) => `${EVAL_DIR}/replay/${id}.json`;
const pad = (n: number) => String(n).padStart(4, '0');
/** the kept views of a task stacked top to bottom in step order, one JPEG (one encoder set-up a task, not one a view) */
export const replayViewsPath = (id: string) => `${EVAL_DIR}/replay/${id}/views.jpg`;
export const replayMapPath = (id: string, step: number) => `${EVAL_DIR}/replay/${id}/map-${pad(step)}.png`;

/** One coarse action of a task: when it ended, and how many poses each TUM file held then. */
export const ReplayStepSchema = z.strictObject({
  step: z.number().int().positive(),
  time: z.number(),
  /** poses in the true / estimated TUM file up to this step */
  true_poses: z.number().int().nonnegative(),
  estimated_poses: z.number().int().nonnegative(),
  status: z.string(),
});
export const ReplayIndexSchema = z.strictObject({
  task_id: z.string(),
  /** size of one view in views.jpg (the image is view_width × view_height·steps) */
  view_width: z.number().int().positive(),
  view_height: z.number().int().positive(),
  steps: z.array(ReplayStepSchema),
});
export type ReplayStep = z.infer<typeof ReplayStepSchema>;
export type ReplayIndex = z.infer<typeof ReplayIndexSchema>;
