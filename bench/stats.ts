import { Bench } from 'tinybench';

/** Median of a list of numbers (ms, ns, …). */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Runs tinybench tasks and returns each task's median latency in ms. */
export async function medians(tasks: Record<string, () => unknown>, opts: { time?: number; iterations?: number } = {}): Promise<Record<string, number>> {
  const bench = new Bench({ time: opts.time ?? 500, iterations: opts.iterations ?? 20, warmup: true });
  for (const [name, fn] of Object.entries(tasks)) bench.add(name, fn);
  await bench.run();
  const out: Record<string, number> = {};
  for (const t of bench.tasks) {
    const r = t.result as unknown as { latency?: { p50?: number } } | undefined;
    const p50 = r?.latency?.p50;
    if (p50 === undefined) throw new Error(`benchmark task '${t.name}' produced no latency samples`);
    out[t.name] = p50;
  }
  return out;
}
