import { Bench } from 'tinybench';

/** Median of a list of numbers (ms, ns, …). */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * Runs tinybench tasks and returns each task's median latency in ms. The time is split into
 * `rounds` short runs that take the tasks in turn, and the samples are pooled: on a shared machine
 * the load changes over seconds, and taking every task in every round lets the ratios between tasks
 * (the figures the benchmarks report) see the same load.
 */
export async function medians(
  tasks: Record<string, () => unknown>,
  opts: { time?: number; iterations?: number; rounds?: number } = {},
): Promise<Record<string, number>> {
  const rounds = Math.max(1, opts.rounds ?? 5);
  const time = (opts.time ?? 500) / rounds;
  const iterations = Math.max(1, Math.ceil((opts.iterations ?? 20) / rounds));
  const pooled: Record<string, number[]> = Object.fromEntries(Object.keys(tasks).map((k) => [k, []]));
  for (let r = 0; r < rounds; r++) {
    const bench = new Bench({ time, iterations, warmup: true, retainSamples: true });
    for (const [name, fn] of Object.entries(tasks)) bench.add(name, fn);
    await bench.run();
    for (const t of bench.tasks) {
      const r = t.result as unknown as { latency?: { samples?: number[] } } | undefined;
      const samples = r?.latency?.samples;
      if (!samples?.length) throw new Error(`benchmark task '${t.name}' produced no latency samples`);
      pooled[t.name].push(...samples);
    }
  }
  return Object.fromEntries(Object.entries(pooled).map(([name, xs]) => [name, median(xs)]));
}
