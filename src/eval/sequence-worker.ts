/** Worker-thread entry of `navharness eval`: runs one sequence and posts its summary back. */
import { parentPort, workerData } from 'node:worker_threads';
import { runSequence, type RunOptions } from './run-sequence.js';

const opts = workerData as RunOptions;
try {
  const s = await runSequence(opts, { onTask: (id, status) => parentPort?.postMessage({ kind: 'task', id, status }) });
  parentPort?.postMessage({ kind: 'done', out: s.out, metrics: s.metrics });
} catch (err) {
  parentPort?.postMessage({ kind: 'error', message: (err as Error).message });
}
