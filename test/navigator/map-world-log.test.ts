/**
 * What the navigator did to the tracker's poses, frame by frame (MapWorldLog): the world change of a
 * keyframe is the one that held when it was made, in its own map; keyframes of a map loaded from a
 * house memory keep that map's anchor; a map nothing was noted for is saved as it is, with its anchor.
 */
import { describe, expect, it } from 'vitest';
import { multiply, type Mat4 } from '../../src/geometry/index.js';
import { MapWorldLog } from '../../src/navigator/map-world-log.js';

const shift = (x: number, z = 0): Mat4 => Float64Array.from([1, 0, 0, x, 0, 1, 0, 0, 0, 0, 1, z, 0, 0, 0, 1]);
const at = (x: number, z: number) => shift(x, z);

describe('the navigator world of each keyframe', () => {
  it('takes the change that held when the keyframe was made, and notes a change only when it moves', () => {
    const log = new MapWorldLog();
    // tracker poses taken as they are, then 1.4 m on after a stretch the motion check dead-reckoned
    for (let t = 0; t < 10; t++) log.note(t, 1, at(t * 0.1, 0), at(t * 0.1, 0));
    for (let t = 10; t < 20; t++) log.note(t, 1, at(t * 0.1, 0), multiply(shift(1.4), at(t * 0.1, 0)));
    expect(log.size).toBe(2);
    expect(log.worldOf(1, 3, 4.5)![3]).toBeCloseTo(0, 9);
    expect(log.worldOf(1, 9, 15)![3]).toBeCloseTo(1.4, 9);
    // a keyframe made before anything was noted in its map takes the map's first change
    expect(log.worldOf(1, 1, -1)![3]).toBeCloseTo(0, 9);
    expect(log.worldOf(2, 1, 5)).toBeNull();
  });

  it('keeps a map per id: a fresh map after a loss has its own changes', () => {
    const log = new MapWorldLog();
    log.note(0, 1, at(0, 0), at(0, 0));
    log.note(5, 2, at(0, 0), at(3, 1));
    log.note(9, 1, at(2, 0), multiply(shift(0.5), at(2, 0)));
    expect(log.worldOf(2, 7, 6)![11]).toBeCloseTo(1, 9);
    expect(log.worldOf(1, 4, 6)![3]).toBeCloseTo(0, 9);
    expect(log.worldOf(1, 8, 9.5)![3]).toBeCloseTo(0.5, 9);
  });

  it("gives a loaded map's own keyframes that map's anchor, and later ones what was noted", () => {
    const log = new MapWorldLog();
    let anchor = shift(0, 2);
    log.restored(4, 100, () => anchor);
    log.note(1, 4, at(1, 1), multiply(shift(0.7), at(1, 1)));
    anchor = shift(0, 2.5); // the anchor at the time of saving counts
    expect(log.worldOf(4, 80, 1.5)![11]).toBeCloseTo(2.5, 9);
    expect(log.worldOf(4, 101, 1.5)![3]).toBeCloseTo(0.7, 9);
  });

  it('raises what was noted over a stretch of mapped frames found off its floor, and nothing before it', () => {
    const log = new MapWorldLog();
    const y = (W: Mat4) => W[7]; // NAVIGATOR_FRAME: up is −y, so a raise by −0.72 m adds 0.72 to y
    // frames 0–29 mapped as tracked; a drift of 0.72 m is found at frame 29 over its newest 10 frames
    for (let t = 0; t < 30; t++) {
      log.note(t, 1, at(t * 0.1, 0), at(t * 0.1, 0));
      log.mapped(t);
    }
    log.raiseOver(10, 1, -0.72);
    // the navigator lowers its poses from here: what it notes now agrees with the raised stretch
    for (let t = 30; t < 35; t++)
      log.note(t, 1, at(t * 0.1, 0), multiply(Float64Array.from([1, 0, 0, 0, 0, 1, 0, 0.72, 0, 0, 1, 0, 0, 0, 0, 1]), at(t * 0.1, 0)));
    expect(y(log.worldOf(1, 1, 5)!)).toBeCloseTo(0, 9);
    expect(y(log.worldOf(1, 2, 19.5)!)).toBeCloseTo(0, 9);
    expect(y(log.worldOf(1, 3, 20)!)).toBeCloseTo(0.72, 9);
    expect(y(log.worldOf(1, 4, 25)!)).toBeCloseTo(0.72, 9);
    expect(y(log.worldOf(1, 5, 33)!)).toBeCloseTo(0.72, 9);
    expect(log.size).toBe(2);
    // another map's changes are left alone
    log.note(40, 2, at(0, 0), at(0, 0));
    log.mapped(40);
    log.raiseOver(1, 1, 1);
    expect(y(log.worldOf(2, 1, 41)!)).toBeCloseTo(0, 9);
  });

  it('saves a map nothing was noted for as it is, with the anchor it is given', () => {
    const log = new MapWorldLog();
    const bytes = new Uint8Array([1, 2, 3]);
    const anchor = shift(2);
    const r = log.intoWorld(bytes, 3, anchor, () => {
      throw new Error('not moved');
    });
    expect(r.bytes).toBe(bytes);
    expect(r.anchor).toBe(anchor);
  });
});

describe('a keyframe held at its height through a loop closure', () => {
  it('is carried by its world change raised by what was held, held amounts adding up, others untouched', () => {
    const log = new MapWorldLog();
    for (let t = 0; t < 10; t++) log.note(t, 1, at(t * 0.1, 0), at(t * 0.1, 0));
    log.hold(1, 4, 0.3);
    log.hold(1, 4, -0.1);
    // NAVIGATOR_FRAME: up is −y, so raising by 0.2 m subtracts 0.2 from y
    expect(log.worldOf(1, 5, 4)![7]).toBeCloseTo(-0.2, 9);
    expect(log.worldOf(1, 6, 5)![7]).toBeCloseTo(0, 9);
    expect(log.worldOf(2, 5, 4)).toBeNull();
  });
});
