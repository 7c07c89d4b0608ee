import { describe, expect, it } from 'vitest';
import { parseInstruction } from '../../../src/baselines/vln/segments.js';
import { generateDataset } from '../../../src/sim/episodes/dataset.js';

describe('instruction clauses', () => {
  it('reads each clause shape of the generator', () => {
    const segs = parseInstruction(
      'Turn around in the dining room and go down the hallway. Turn left and walk past the painting with the brown frame. Turn right at the red sofa and enter the second bedroom. Stop next to the grey wardrobe.',
    );
    expect(segs.map((s) => s.kind)).toEqual(['opener', 'room', 'turn', 'past', 'turn', 'room', 'stop']);
    expect(segs[0]).toMatchObject({ turnDeg: 180, room: 'dining room' });
    expect(segs[3]).toMatchObject({ landmark: 'painting with the brown frame' });
    expect(segs[4]).toMatchObject({ turnDeg: -90, landmark: 'red sofa' });
    expect(segs[5]).toMatchObject({ room: 'second bedroom' });
    expect(segs[6]).toMatchObject({ landmark: 'grey wardrobe', room: null });
    expect(parseInstruction('Walk forward and stop in the kitchen.').map((s) => s.kind)).toEqual(['opener', 'stop']);
    expect(parseInstruction('Fly to the moon.')[0].kind).toBe('other');
    expect(parseInstruction('Go to the stairs. Go up the stairs. Walk along the landing. Stop in the office.').map((s) => s.kind)).toEqual([
      'room',
      'room',
      'room',
      'stop',
    ]);
  });

  it('every clause of generated instructions has a known shape', async () => {
    const ds = await generateDataset({ kind: 'instruction', houses: 2, perHouse: 4, seed: 21 });
    for (const ep of ds.episodes) {
      if (ep.kind !== 'instruction') continue;
      const segs = parseInstruction(ep.instruction);
      expect(segs.length).toBeGreaterThan(1);
      expect(segs.filter((s) => s.kind === 'other')).toEqual([]);
      expect(segs[segs.length - 1].kind).toBe('stop');
    }
  }, 30_000);
});
