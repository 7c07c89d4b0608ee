/**
 * Issue 14: exploration does not spend the task on the scraps of a floor when a floor the task has
 * not looked at is a known flight away (house 5 task 2 drove after 20-cell corners for ten turns
 * while the goal was upstairs, and ended on the wrong floor). With no other floor to try, the
 * scraps are still searched.
 */
import { describe, expect, it } from 'vitest';
import { choose, type Option } from '../../src/baselines/navigation-agent/explore.js';

const drive = (gain: number, cost: number): Option => ({ actions: ['forward'], gain, cost, target: { x: 1, z: 1 } });
const glance = (gain: number): Option => ({ actions: ['left'], gain, cost: 9 });

describe('explore: choose', () => {
  it('takes the step that shows the most new cells per step when one is worth it', () => {
    const best = choose([glance(30)], [drive(300, 50), drive(400, 40)], { carried: false, newFloor: true });
    expect(best?.gain).toBe(400);
  });

  it('searches the scraps when no other floor is known', () => {
    const best = choose([glance(10)], [drive(20, 40), drive(30, 35)], { carried: false, newFloor: false });
    expect(best?.gain).toBe(30);
  });

  it('leaves the scraps for a floor this task has not looked at', () => {
    expect(choose([glance(10)], [drive(20, 40), drive(30, 35)], { carried: false, newFloor: true })).toBeNull();
  });

  it('leaves the scraps when earlier tasks looked the floor over', () => {
    expect(choose([glance(10)], [drive(20, 40)], { carried: true, newFloor: false })).toBeNull();
  });
});
