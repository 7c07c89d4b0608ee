/** Issue 38: `--request-timeout` is validated like every flag: refused with exit 2, naming what is accepted. */
import { describe, expect, it } from 'vitest';
import { runMain } from '../helpers/run-program.js';

describe('--request-timeout', () => {
  it.each([
    ['0', /--request-timeout is at least 1 second/],
    ['1.5', /--request-timeout is whole seconds/],
    ['soon', /--request-timeout is seconds/],
    ['100000', /--request-timeout is at most 86400 seconds/],
  ])('run --request-timeout %s is refused', async (value, why) => {
    const r = await runMain('run', '--house', 'seed:7', '--agent', 'scripted', '--out', '/nonexistent/never-written', '--request-timeout', value);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(why);
  });

  it('eval takes it too', async () => {
    const r = await runMain('eval', '--houses', '1', '--agent', 'scripted', '--out', '/nonexistent/never-written', '--request-timeout', '-3');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--request-timeout is at least 1 second/);
  });
});
