import { afterAll, beforeAll } from 'vitest';
import { Navcore } from '../../src/wasm/navcore.js';

/**
 * The navcore on one thread and on two (a worker over shared memory), loaded before a test file's
 * tests and the worker stopped after them; read `one` and `two` inside tests, not at import time.
 */
export function loadNavcores(): { one: Navcore; two: Navcore } {
  const cores = {} as { one: Navcore; two: Navcore };
  beforeAll(async () => {
    cores.one = await Navcore.load();
    cores.two = await Navcore.load({ threads: 2 });
  });
  afterAll(async () => {
    await cores.two?.dispose();
  });
  return cores;
}
