import { describe, expect, it } from 'vitest';
import { FloorTracker } from '../../src/mapping/floors.js';

describe('FloorTracker', () => {
  it('opens a floor where the height holds while the body moves', () => {
    const t = new FloorTracker();
    expect(t.update(0, { x: 0, z: 0 })).toEqual({ floor: 0, opened: true });
    expect(t.update(2.9, { x: 0, z: 0 }).floor).toBeNull();
    const opened: number[] = [];
    for (let i = 1; i <= 10; i++) if (t.update(2.9, { x: 0.05 * i, z: 0 }).opened) opened.push(i);
    expect(opened).toHaveLength(1);
    expect(t.floors).toHaveLength(2);
    expect(t.floors[1]).toBeCloseTo(2.9, 1);
  });

  it('opens no floor at a pause on a flight of stairs (a held height without horizontal motion)', () => {
    const t = new FloorTracker();
    t.update(0, { x: 0, z: 0 });
    // climbing: 0.032 m up per 0.05 m forward, to 1.5 m above the floor
    let x = 0,
      h = 0;
    while (h < 1.5) {
      x += 0.05;
      h += 0.032;
      expect(t.update(h, { x, z: 0 }).opened).toBe(false);
    }
    // two turns in place (10 frames) to re-aim, then on up the flight
    for (let i = 0; i < 10; i++) expect(t.update(h, { x, z: 0 })).toEqual({ floor: null, opened: false });
    while (h < 2.9) {
      x += 0.05;
      h += 0.032;
      expect(t.update(h, { x, z: 0 }).opened).toBe(false);
    }
    // on the landing: the floor above opens once, at its own height
    let d = t.update(2.9, { x, z: 0 });
    for (let i = 1; i <= 10; i++) d = t.update(2.9, { x: x + 0.05 * i, z: 0 });
    expect(d.floor).toBe(1);
    expect(t.floors).toHaveLength(2);
    expect(t.floors[1]).toBeCloseTo(2.9, 1);
  });

  it('settles a held height without motion after stillFrames (standing up there after a relocation)', () => {
    const t = new FloorTracker({ stillFrames: 20 });
    t.update(0, { x: 0, z: 0 });
    let d = t.update(2.9, { x: 5, z: 5 });
    for (let i = 0; i < 18; i++) d = t.update(2.9, { x: 5, z: 5 });
    expect(d.floor).toBeNull();
    d = t.update(2.9, { x: 5, z: 5 });
    expect(d).toEqual({ floor: 1, opened: true });
  });

  it('without positions, settles after settleFrames as before', () => {
    const t = new FloorTracker();
    t.update(0);
    let d = t.update(2.9);
    for (let i = 0; i < 9; i++) d = t.update(2.9);
    expect(d).toEqual({ floor: 1, opened: true });
  });
  it('opens no floor where a pause is followed by a step along one tread (SLAM heights of a climb, house 3)', () => {
    // height, x, z per frame from the foot of the flight to the top landing, as the navigator estimated
    // them: a pause of five frames (a turn) at 0.50 m, then 0.3 m along one tread at 0.55 m
    const climb = [
      0.19, 7.26, 1.97, 0.17, 7.31, 1.98, 0.19, 7.35, 2.0, 0.22, 7.4, 2.03, 0.24, 7.44, 2.04, 0.27, 7.49, 2.07, 0.29, 7.53, 2.09, 0.32, 7.57, 2.11, 0.35, 7.62,
      2.13, 0.37, 7.66, 2.15, 0.4, 7.71, 2.17, 0.42, 7.75, 2.19, 0.45, 7.8, 2.21, 0.47, 7.85, 2.23, 0.5, 7.89, 2.25, 0.5, 7.89, 2.25, 0.5, 7.89, 2.25, 0.5,
      7.89, 2.25, 0.5, 7.89, 2.25, 0.5, 7.89, 2.25, 0.53, 7.93, 2.28, 0.57, 7.97, 2.3, 0.55, 8.05, 2.34, 0.55, 8.09, 2.37, 0.55, 8.13, 2.39, 0.55, 8.17, 2.42,
      0.65, 8.13, 2.4, 0.68, 8.18, 2.43, 0.69, 8.22, 2.46, 0.69, 8.26, 2.48, 0.68, 8.3, 2.5, 0.74, 8.35, 2.53, 0.86, 8.39, 2.56, 0.86, 8.43, 2.58, 0.87, 8.49,
      2.61, 0.87, 8.54, 2.64, 0.87, 8.58, 2.66, 0.97, 8.62, 2.69, 1.03, 8.67, 2.71, 1.02, 8.71, 2.74, 1.02, 8.76, 2.76, 1.02, 8.78, 2.79, 1.03, 8.82, 2.81,
      1.14, 8.88, 2.85, 1.22, 8.95, 2.86, 1.22, 8.99, 2.89, 1.22, 9.03, 2.91, 1.22, 9.08, 2.94, 1.23, 9.12, 2.97, 1.39, 9.16, 2.99, 1.4, 9.2, 3.02, 1.39, 9.25,
      3.04, 1.39, 9.28, 3.07, 1.39, 9.33, 3.1, 1.51, 9.36, 3.14, 1.55, 9.4, 3.17, 1.55, 9.44, 3.19, 1.55, 9.49, 3.21, 1.55, 9.53, 3.24, 1.55, 9.57, 3.26, 1.72,
      9.66, 3.31, 1.72, 9.7, 3.34, 1.72, 9.75, 3.37, 1.72, 9.79, 3.4, 1.72, 9.84, 3.42, 1.72, 9.88, 3.45, 1.72, 9.92, 3.47, 1.72, 9.96, 3.5, 1.72, 10.01, 3.52,
    ];
    const t = new FloorTracker();
    t.update(-0.88, { x: 0, z: 0 });
    const opened: number[] = [];
    for (let i = 0; i < climb.length; i += 3) if (t.update(climb[i], { x: climb[i + 1], z: climb[i + 2] }).opened) opened.push(climb[i]);
    // on along the landing
    for (let k = 1; k <= 6; k++) if (t.update(1.72, { x: 10.01 + 0.05 * k, z: 3.52 + 0.025 * k }).opened) opened.push(1.72);
    expect(opened).toEqual([1.72]);
    expect(t.floors).toHaveLength(2);
  });
  it('takes a still pause halfway down a flight for no floor, the floor below included (house 5: 0.54 m up, turning)', () => {
    const t = new FloorTracker();
    t.update(0, { x: 0, z: 0 });
    for (let i = 1; i <= 10; i++) t.update(0, { x: 0.05 * i, z: 0 });
    // up the flight and along the landing above: floor 1 opens
    let x = 0.5,
      h = 0;
    while (h < 2.9) t.update((h += 0.032), { x: (x += 0.05), z: 0 });
    for (let i = 1; i <= 12; i++) t.update(2.9, { x: (x += 0.05), z: 0 });
    expect(t.floors).toHaveLength(2);
    // back down to 0.54 m above the floor below, then 40 frames turning in place there
    while (h > 0.54) t.update((h -= 0.032), { x: (x -= 0.05), z: 0 });
    let d = t.update(h, { x, z: 0 });
    for (let i = 0; i < 40; i++) d = t.update(h, { x, z: 0 });
    expect(d).toEqual({ floor: null, opened: false });
    // on down and along the floor: floor 0 again
    while (h > 0) t.update((h = Math.max(0, h - 0.032)), { x: (x -= 0.05), z: 0 });
    for (let i = 1; i <= 12; i++) d = t.update(0, { x: (x -= 0.05), z: 0 });
    expect(d.floor).toBe(0);
    expect(t.floors).toHaveLength(2);
  });

  it('joins a registered floor standing still when the held height is within a tread of it', () => {
    const t = new FloorTracker();
    t.update(0, { x: 0, z: 0 });
    t.update(1.5, { x: 0, z: 0 });
    let d = t.update(0.2, { x: 0, z: 0 });
    for (let i = 0; i < 30; i++) d = t.update(0.2, { x: 0, z: 0 });
    expect(d.floor).toBe(0);
  });
});
