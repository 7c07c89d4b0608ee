import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FloorTracker } from '../../src/mapping/floors.js';

/** Navigator heights and positions recorded on the stairs of house seed:1 with SLAM poses (see `source`). */
const Recorded = z.object({
  source: z.string(),
  descentWithPause: z.array(z.tuple([z.number(), z.number(), z.number()])),
  descentToDriftedFloor: z.array(z.tuple([z.number(), z.number(), z.number()])),
});
const rec = Recorded.parse(JSON.parse(readFileSync(new URL('../fixtures/slam-stairs-house1.json', import.meta.url), 'utf8')));

/** Upstairs on the floors the first climb registered: 0.00 and 2.21 (the climb came out 0.7 m short). */
function upstairs(): FloorTracker {
  const t = new FloorTracker();
  t.restore([0, 2.21], 1);
  return t;
}

describe('FloorTracker between registered floors', () => {
  it('opens no floor at a long pause on the flight between two registered floors (SLAM heights, house 1)', () => {
    const t = upstairs();
    const during: (number | null)[] = [];
    for (const [h, x, zz] of rec.descentWithPause) {
      const d = t.update(h, { x, z: zz });
      expect(d.opened).toBe(false);
      // the pause: 16 s held at 1.03 m, 1.03 m above the floor below and 1.18 m under the one above
      if (Math.abs(h - 1.03) < 0.02) during.push(d.floor);
    }
    expect(during.length).toBeGreaterThan(100);
    expect(new Set(during)).toEqual(new Set([null]));
    expect(t.floors).toEqual([0, 2.21]);
  });

  it('still opens a floor between two registered floors where a storey fits', () => {
    const t = new FloorTracker();
    t.restore([0, 5.6], 0);
    const opened: number[] = [];
    for (let i = 0; i <= 12; i++) {
      const d = t.update(2.8, { x: 0.05 * i, z: 0 });
      if (d.opened) opened.push(d.floor!);
    }
    expect(opened).toEqual([2]);
    expect(t.floors[2]).toBeCloseTo(2.8, 6);
  });
});

describe('FloorTracker vertical drift', () => {
  it('reports the drift of a floor reached 0.68 m low once, and the corrected heights hold it (SLAM heights, house 1)', () => {
    const t = upstairs();
    let shift = 0;
    const drifts: number[] = [];
    let last = null as number | null;
    for (const [h, x, zz] of rec.descentToDriftedFloor) {
      // the caller lowers later poses by each drift reported, as the navigator does
      const d = t.update(h + shift, { x, z: zz });
      expect(d.opened).toBe(false);
      if (d.drift !== undefined) {
        drifts.push(d.drift);
        shift -= d.drift;
      }
      last = d.floor;
    }
    expect(drifts).toHaveLength(1);
    expect(drifts[0]).toBeCloseTo(-0.68, 1);
    expect(last).toBe(0);
    const [hEnd] = rec.descentToDriftedFloor[rec.descentToDriftedFloor.length - 1];
    expect(Math.abs(hEnd + shift)).toBeLessThan(0.05);
  });

  it('reports no drift until the height has held over driftMoveM of travel', () => {
    const t = new FloorTracker();
    t.update(0, { x: 0, z: 0 });
    const drifts: { i: number; drift: number }[] = [];
    // 0.5 m above the floor: a pause on a flight, then 0.6 m along a tread (as wide as a flight) …
    for (let i = 0; i < 40; i++) {
      const d = t.update(0.5, { x: 0, z: Math.min(i, 12) * 0.05 });
      if (d.drift !== undefined) drifts.push({ i, drift: d.drift });
    }
    expect(drifts).toEqual([]);
    // … and on along it: at 1.0 m of travel the held height is a floor surface, off by 0.5 m
    for (let i = 13; i <= 24; i++) {
      const d = t.update(0.5, { x: 0, z: i * 0.05 });
      if (d.drift !== undefined) drifts.push({ i, drift: d.drift });
    }
    expect(drifts).toHaveLength(1);
    expect(drifts[0].i).toBe(20);
    expect(drifts[0].drift).toBeCloseTo(0.5, 9);
  });

  it('reports no drift without positions, nor within settleToleranceM of the floor', () => {
    const blind = new FloorTracker();
    blind.update(0);
    for (let i = 0; i < 80; i++) expect(blind.update(0.5).drift).toBeUndefined();
    const near = new FloorTracker();
    near.update(0, { x: 0, z: 0 });
    for (let i = 0; i < 80; i++) expect(near.update(0.08, { x: 0.05 * i, z: 0 }).drift).toBeUndefined();
  });
});

const FirstClimb = z.object({ source: z.string(), firstClimb: z.array(z.tuple([z.number(), z.number(), z.number()])) });
const house6 = FirstClimb.parse(JSON.parse(readFileSync(new URL('../fixtures/slam-stairs-house6.json', import.meta.url), 'utf8')));

describe('FloorTracker within a storey of a registered floor', () => {
  it('opens no floor where a missed riser merges two treads, and opens the upper floor on arrival (SLAM heights, house 6)', () => {
    const t = new FloorTracker();
    t.update(0, { x: 0, z: 0 });
    const opened: number[] = [];
    for (const [h, x, zz] of house6.firstClimb) if (t.update(h, { x, z: zz }).opened) opened.push(h);
    expect(opened).toHaveLength(1);
    expect(opened[0]).toBeGreaterThan(2.1);
    expect(t.floors).toHaveLength(2);
  });

  it('opens a floor within a storey once the height holds over driftMoveM of travel', () => {
    const t = new FloorTracker();
    t.update(0, { x: 0, z: 0 });
    const opened: number[] = [];
    for (let i = 0; i <= 24; i++) if (t.update(1.6, { x: 0.05 * i, z: 0 }).opened) opened.push(i);
    expect(opened).toEqual([20]);
  });
});
