/** A progress bar on stderr for long work (silent when stderr is not a terminal or with --json). */
import cliProgress from 'cli-progress';

export interface Progress {
  tick(n?: number): void;
  stop(): void;
}

export function progressBar(label: string, total: number, enabled = process.stderr.isTTY === true): Progress {
  if (!enabled) return { tick() {}, stop() {} };
  const bar = new cliProgress.SingleBar(
    { format: `${label} [{bar}] {value}/{total} {eta_formatted}`, stream: process.stderr, hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0);
  return { tick: (n = 1) => bar.increment(n), stop: () => bar.stop() };
}
