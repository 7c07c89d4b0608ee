/**
 * Worker-thread entry of `navharness eval` and of a queue worker: runs one sequence and posts its
 * summary back. When throttled, each model call first asks the parent thread for a permit (the
 * distributed eval's per-provider rate limit lives in the parent, next to its Redis connection).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Model } from '../models/index.js';
import { runSequence, type RunOptions } from './run-sequence.js';
import { RunTimer } from './time-split.js';

/** `spawnedAt`: when the parent started this thread (ms since the epoch, high resolution), given when the run is to be timed */
const { run, throttled, spawnedAt, autoMapThreads } = workerData as { run: RunOptions; throttled: boolean; spawnedAt?: number; autoMapThreads?: 1 | 2 };
const clock = () => performance.timeOrigin + performance.now();
// the module graph is loaded once this line runs
const startupMs = spawnedAt === undefined ? 0 : clock() - spawnedAt;
const timer = spawnedAt === undefined ? undefined : new RunTimer();

const waiting = new Map<number, { ok: () => void; fail: (e: Error) => void }>();
let tickets = 0;
const onPermit = (m: { kind: string; ticket: number; error: string | null }) => {
  const w = m.kind === 'permit' ? waiting.get(m.ticket) : undefined;
  if (!w) return;
  waiting.delete(m.ticket);
  if (m.error === null) w.ok();
  else w.fail(new Error(`no permit for a model call: ${m.error}`));
};
if (throttled) parentPort?.on('message', onPermit);

function permit(): Promise<void> {
  const ticket = ++tickets;
  return new Promise((ok, fail) => {
    waiting.set(ticket, { ok, fail });
    parentPort?.postMessage({ kind: 'permit', ticket });
  });
}

/** The model with a permit before each call; the same id and token source. */
function throttledModel(m: Model): Model {
  return { id: m.id, tokenSource: m.tokenSource, complete: async (req) => (await permit(), m.complete(req)) };
}

try {
  const s = await runSequence(run, {
    onStart: (total, done) => parentPort?.postMessage({ kind: 'start', total, done }),
    onTask: (id, status) => parentPort?.postMessage({ kind: 'task', id, status }),
    ...(throttled ? { wrapModel: throttledModel } : {}),
    ...(timer ? { timer } : {}),
    ...(autoMapThreads ? { autoMapThreads } : {}),
  });
  if (timer && spawnedAt !== undefined) parentPort?.postMessage({ kind: 'split', split: timer.split(clock() - spawnedAt, startupMs) });
  parentPort?.postMessage({ kind: 'done', out: s.out, metrics: s.metrics });
} catch (err) {
  parentPort?.postMessage({ kind: 'error', message: (err as Error).message });
}
// the permit listener would keep the thread alive
parentPort?.off('message', onPermit);
parentPort?.unref();
