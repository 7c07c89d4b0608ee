import { describe, expect, it } from 'vitest';
import { RunTimer, SPLIT_PARTS } from '../../src/eval/time-split.js';

describe("the eval worker's time split (bench eval)", () => {
  // a clock the methods advance, so the split is exact
  let t = 0;
  const clock = () => t;

  it('times an async method until it settles, less the timed calls made meanwhile', async () => {
    const timer = new RunTimer(clock);
    const body = {
      execute: () => {
        t += 4;
      },
    };
    const agent = {
      complete: async () => {
        t += 10;
        await Promise.resolve();
        body.execute(); // nested: the body's, not the agent's
        t += 5;
        return 'reply';
      },
    };
    timer.wrap(body, 'execute', 'body');
    timer.wrap(agent, 'complete', 'agent');
    await expect(agent.complete()).resolves.toBe('reply');
    const written = timer.time('writing', () => {
      t += 3;
      return 7;
    });
    expect(written).toBe(7);
    t += 2; // unwrapped work: other
    const s = timer.split(t, 1);
    expect(s).toMatchObject({ agent: 15, body: 4, writing: 3, startup: 1, total_ms: t });
    expect(s.other).toBe(t - 15 - 4 - 3 - 1);
    expect(Object.keys(s).sort()).toEqual([...SPLIT_PARTS, 'total_ms'].sort());
  });

  it('still times a call that rejects, and passes the rejection on', async () => {
    const timer = new RunTimer(clock);
    const t0 = t;
    const judge = {
      check: async () => {
        t += 6;
        throw new Error('no verdict');
      },
    };
    timer.wrap(judge, 'check', 'agent');
    await expect(judge.check()).rejects.toThrow('no verdict');
    expect(timer.split(t - t0, 0)).toMatchObject({ agent: 6, other: 0 });
  });
});
