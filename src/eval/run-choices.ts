/** The choices a GOAT sequence run is started with besides the harness configuration. */

/**
 * How the scripted agent recognises image goals: the simulator's instance ids (ground-truth
 * perception, as for the other goal kinds; the default) or the view encoder on the goal photograph.
 */
export const IMAGE_GOAL_SOURCES = ['ground-truth', 'encoder'] as const;
export type ImageGoalSource = (typeof IMAGE_GOAL_SOURCES)[number];

/**
 * Where each task starts: `continue` where the previous task left the body (GOAT; the default),
 * `episode` at the sequence's nominal start of the goal, the body moved there and relocated when elsewhere.
 */
export const TASK_STARTS = ['continue', 'episode'] as const;
export type TaskStart = (typeof TASK_STARTS)[number];
