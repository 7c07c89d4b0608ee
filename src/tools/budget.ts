/**
 * The one budget shape: a limit and what has been used of it. Coarse actions of a task or episode
 * (the tool context's step budget) and model turns of a task (shared by every hop and attempt) are
 * both counted this way; the configuration holds only the limits.
 */
export interface Budget {
  limit: number;
  used: number;
}

export const createBudget = (limit: number): Budget => ({ limit, used: 0 });

export const remaining = (b: Budget): number => Math.max(0, b.limit - b.used);
