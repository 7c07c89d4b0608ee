/**
 * Issue 35: tracking lost on a flight of stairs. The agent used to turn in place, which on a flight
 * shows only stairwell walls; it now finishes the flight, backs off it when forwards stop, and only
 * then looks around. Off the stairs it turns in place as before.
 */
import { describe, expect, it } from 'vitest';
import { lostStep, tracking } from '../../src/baselines/navigation-agent/lost.js';
import { newTaskState, type TaskState } from '../../src/baselines/navigation-agent/types.js';

function onFlight(): TaskState {
  const t = newTaskState('t');
  t.state = 'stairs';
  t.stairs = { flight: { floor: 0, bottom: { x: 0, z: 0 }, heading: 0, spanM: 3 }, turns: 2, onFlight: true };
  return t;
}
const forwards = (a: string[]) => a.length > 0 && a.every((x) => x === 'forward');

describe('lost: on a flight, finish it, back off, then look around', () => {
  it('turns in place when lost off the stairs', () => {
    const t = newTaskState('t');
    expect(lostStep(t, false)).toEqual(['left', 'left']);
    expect(t.lostOnFlight).toBeNull();
  });

  it('drives on up the flight while forwards move the body', () => {
    const t = onFlight();
    expect(forwards(lostStep(t, false))).toBe(true);
    expect(forwards(lostStep(t, false))).toBe(true);
    expect(t.lostOnFlight?.phase).toBe('finish');
  });

  it('turns round and drives back down after a collision, then looks around', () => {
    const t = onFlight();
    lostStep(t, false);
    const round = lostStep(t, true);
    expect(round.filter((a) => a === 'left').length * 15).toBe(180);
    expect(forwards(lostStep(t, false))).toBe(true);
    expect(lostStep(t, true)).toEqual(['left', 'left']);
    expect(t.lostOnFlight?.phase).toBe('look');
    expect(lostStep(t, false)).toEqual(['left', 'left']);
  });

  it('gives up finishing after a bounded number of turns', () => {
    const t = onFlight();
    const steps = Array.from({ length: 12 }, () => lostStep(t, false));
    expect(steps.filter(forwards).length).toBeLessThan(10);
    expect(steps.at(-1)).toEqual(['left', 'left']);
  });

  it('starts afresh once tracking is back', () => {
    const t = onFlight();
    lostStep(t, true);
    lostStep(t, true);
    tracking(t);
    expect(forwards(lostStep(t, false))).toBe(true);
  });
});
