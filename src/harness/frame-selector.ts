/**
 * The S12 frame selector of the judge's evidence: the stop views first, then the remaining of the
 * twelve slots filled uniformly from the other archived frames, which are kept in temporal order.
 */
export const JUDGE_FRAME_SLOTS = 12;

/** Indices into `others` (length n) of `k` frames spread uniformly over the sequence, ascending. */
export function uniformIndices(n: number, k: number): number[] {
  if (k <= 0 || n <= 0) return [];
  if (k >= n) return Array.from({ length: n }, (_, i) => i);
  // centre of each of k equal bins: spreads over the whole attempt, never repeats an index
  return Array.from({ length: k }, (_, i) => Math.floor(((i + 0.5) * n) / k));
}

export interface Selection<S, O> {
  stop: S[];
  earlier: O[];
}

export function selectS12<S, O>(stopViews: readonly S[], others: readonly O[], slots = JUDGE_FRAME_SLOTS): Selection<S, O> {
  const stop = stopViews.slice(0, slots);
  const earlier = uniformIndices(others.length, slots - stop.length).map((i) => others[i]);
  return { stop, earlier };
}
