/** Median of a list of numbers; NaN for an empty list. */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** evo's statistics of an error series (std is the population standard deviation, as numpy's). */
export interface ErrorStats {
  rmse: number;
  mean: number;
  median: number;
  std: number;
  min: number;
  max: number;
}

export function errorStats(xs: readonly number[]): ErrorStats {
  if (xs.length === 0) throw new Error('statistics need at least one error value');
  let sum = 0,
    sq = 0,
    min = Infinity,
    max = -Infinity;
  for (const x of xs) {
    sum += x;
    sq += x * x;
    min = Math.min(min, x);
    max = Math.max(max, x);
  }
  const mean = sum / xs.length;
  let dev = 0;
  for (const x of xs) dev += (x - mean) * (x - mean);
  return { rmse: Math.sqrt(sq / xs.length), mean, median: median(xs), std: Math.sqrt(dev / xs.length), min, max };
}
