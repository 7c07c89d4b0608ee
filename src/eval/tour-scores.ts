/** The VLN-CE scores of one instruction task of a lifelong tour, kept with the evaluation files (never shown to a session). */
import { z } from 'zod';
import { EVAL_DIR } from '../memory/index.js';

const Metre = z.number().nonnegative();
const Share = z.number().min(0).max(1);

export const TourTaskScoresSchema = z.strictObject({
  task_id: z.string().regex(/^task-\d{3,6}$/),
  /** the instruction episode the task played */
  episode: z.string().min(1),
  /** the task was closed with a claim (the agent's STOP); a budget or the environment ended it otherwise */
  stopped: z.boolean(),
  /** null: no route from where the task ended to the instruction's end */
  ne: Metre.nullable(),
  sr: Share,
  osr: Share,
  spl: Share,
  ndtw: Share,
  sdtw: Share,
  pathLength: Metre,
});
export type TourTaskScores = z.infer<typeof TourTaskScoresSchema>;

export const tourTaskScoresPath = (taskId: string): string => `${EVAL_DIR}/vln-${taskId}.json`;
