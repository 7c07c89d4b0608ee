/** Coarse actions (paper 001 §3.2): each is executed as five sub-motions of 0.05 m or 3°. */
import { z } from '../geometry/index.js';

export const COARSE_ACTIONS = ['forward', 'left', 'right'] as const;
export const CoarseActionSchema = z.enum(COARSE_ACTIONS);
export type CoarseAction = z.infer<typeof CoarseActionSchema>;

export const SUB_MOTIONS_PER_ACTION = 5;
export const FORWARD_M = 0.25;
export const TURN_DEG = 15;
/** A full turn in place, in coarse turns (paper 001 §3.2: after relocation the body turns 24 × 15°). */
export const FULL_TURN_ACTIONS = 360 / TURN_DEG;
