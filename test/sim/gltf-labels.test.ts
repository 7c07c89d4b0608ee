/**
 * The labels `sim export` writes in glTF extras (room, colour, goal flags per node; the rooms on the
 * glTF scene) are read back; other tools' extras, which can hold anything, are ignored.
 */
import { describe, expect, it } from 'vitest';
import { objectLabelsOf, ROOMS_EXTRA, roomsOf } from '../../src/sim/gltf-labels.js';

const ROOM = { index: 0, type: 'bathroom', name: 'bathroom', floor: 0, x0: 4.35, z0: 0, x1: 10.52, z1: 3.6 };

describe('glTF label extras', () => {
  it("reads an exported node's room, colour and flags, and ignores what is not ours", () => {
    expect(objectLabelsOf({ id: 7, category: 'toilet', room: 0, floor: 0, goal: true, structural: false, colour: 'blue' })).toEqual({
      room: 0,
      colour: 'blue',
      goal: true,
      structural: false,
    });
    expect(objectLabelsOf({ room: null, colour: null })).toEqual({ room: null });
    expect(objectLabelsOf({ room: 'kitchen' })).toEqual({});
    expect(objectLabelsOf({ goal: 'yes' })).toEqual({});
    expect(objectLabelsOf(undefined)).toEqual({});
  });

  it('reads the rooms of the glTF scene, and none when they are malformed or out of order', () => {
    expect(roomsOf({ [ROOMS_EXTRA]: [ROOM] })).toEqual([ROOM]);
    expect(roomsOf({})).toEqual([]);
    expect(roomsOf({ [ROOMS_EXTRA]: [{ ...ROOM, type: 'garage' }] })).toEqual([]);
    expect(roomsOf({ [ROOMS_EXTRA]: [{ ...ROOM, index: 1 }] })).toEqual([]);
    expect(roomsOf({ [ROOMS_EXTRA]: [{ ...ROOM, x0: '4' }] })).toEqual([]);
    expect(roomsOf(null)).toEqual([]);
  });
});
