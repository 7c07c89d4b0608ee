import { describe, expect, it } from 'vitest';
import { StepProfile } from '../../bench/support/step-profile.js';

describe('the step profile (bench step --profile)', () => {
  // a clock the methods advance, so the split is exact
  let t = 0;
  const clock = () => t;

  it('gives each part the time inside its method less the wrapped calls nested in it, and the rest to glue', () => {
    const p = new StepProfile(clock);
    const renderer = {
      render: () => {
        t += 3;
      },
    };
    const tracker = {
      trackInPlace: () => {
        t += 40;
        return 1;
      },
      track() {
        t += 2;
        return this.trackInPlace();
      },
    };
    const body = {
      execute: () => {
        t += 1;
        renderer.render();
      },
    };
    p.wrap(renderer, 'render', 'render');
    p.wrap(tracker, 'trackInPlace', 'tracking');
    p.wrap(tracker, 'track', 'tracker_input');
    p.wrap(body, 'execute', 'body');
    const t0 = t;
    body.execute();
    expect(tracker.track()).toBe(1); // the wrapped method's result comes back
    t += 5; // the caller's own work
    const parts = p.takeAction(t - t0);
    expect(parts).toMatchObject({ render: 3, body: 1, tracking: 40, tracker_input: 2, glue: 5, mapping: 0 });
    // the next action starts from zero
    expect(p.takeAction(0).tracking).toBe(0);
  });

  it('leaves a missing object or method alone and still times a method that throws', () => {
    const p = new StepProfile(clock);
    p.wrap(null, 'render', 'render');
    p.wrap({}, 'render', 'render');
    const map = {
      integrate: () => {
        t += 7;
        throw new Error('refused');
      },
    };
    p.wrap(map, 'integrate', 'mapping');
    expect(() => map.integrate()).toThrow('refused');
    expect(p.takeAction(7)).toMatchObject({ mapping: 7, render: 0, glue: 0 });
  });
});
