/** A progress bar on stderr for long work (silent when stderr is not a terminal or with --json). */
import cliProgress from 'cli-progress';

export interface Progress {
  tick(n?: number): void;
  /** what the current item is doing ("task-003 · turn 12"), shown after the count */
  status(text: string): void;
  stop(): void;
}

/** "1h02m", "3m05s", "12s" */
function duration(s: number): string {
  const t = Math.round(s);
  if (t >= 3600) return `${Math.floor(t / 3600)}h${String(Math.floor((t % 3600) / 60)).padStart(2, '0')}m`;
  if (t >= 60) return `${Math.floor(t / 60)}m${String(t % 60).padStart(2, '0')}s`;
  return `${t}s`;
}

/**
 * The time left at the rate of the items done in this process (`done` of them in `elapsedMs`), for
 * `remaining` more: "ETA –" before the first is done (cli-progress printed "NFs", an infinite ETA),
 * and when the rate is not a finite positive number.
 */
export function etaText(elapsedMs: number, done: number, remaining: number): string {
  if (remaining <= 0) return 'done';
  const perItem = elapsedMs / 1000 / done;
  if (!(done > 0) || !Number.isFinite(perItem) || perItem <= 0) return 'ETA –';
  return `ETA ${duration(perItem * remaining)}`;
}

/** `already`: items done before this process started (a resume's closed tasks); they set no rate. */
export function progressBar(label: string, total: number, enabled = process.stderr.isTTY === true, already = 0): Progress {
  if (!enabled) return { tick() {}, status() {}, stop() {} };
  const bar = new cliProgress.SingleBar(
    { format: `${label} [{bar}] {value}/{total} {status} {eta_text}`, stream: process.stderr, hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  const started = Date.now();
  let doneHere = 0;
  let statusText = '';
  const value = () => already + doneHere;
  const payload = () => ({ status: statusText, eta_text: etaText(Date.now() - started, doneHere, total - value()) });
  bar.start(total, already, payload());
  return {
    tick: (n = 1) => {
      doneHere += n;
      bar.update(value(), payload());
    },
    status: (text) => {
      statusText = text;
      bar.update(value(), payload());
    },
    stop: () => bar.stop(),
  };
}
