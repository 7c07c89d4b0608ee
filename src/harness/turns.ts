/** The model-turn budget of one task: shared by every hop and attempt of the task. */
export interface TurnBudget {
  limit: number;
  used: number;
}

export const turnsLeft = (b: TurnBudget): number => Math.max(0, b.limit - b.used);
