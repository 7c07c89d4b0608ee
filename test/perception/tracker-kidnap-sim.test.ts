/**
 * Relocalisation against a saved map on the simulator's frames: a map of house 7 made by exploring,
 * loaded into a fresh tracker with the navigator's settings; kidnapped to a place of the map, one
 * turn in place finds the map with a centimetre-level pose; turned in place in house 11, whose rooms
 * the same generator made (tiles, planks, fabrics and furniture of the same kinds, other seeds), the
 * tracker never accepts a pose in house 7's map.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimBody } from '../../src/body/sim-body.js';
import { loadHouse } from '../../src/sim/load-house.js';
import type { Tracker } from '../../src/perception/index.js';
import { kidnap, kidnapPlaces, mapHouse, navigatorTracker, type MappedHouse } from '../../bench/support/kidnap.js';

let house: MappedHouse;
let body: SimBody;
let tracker: Tracker;
let disposeTracker: () => void;

describe('relocalisation against a saved map (simulator)', () => {
  beforeAll(async () => {
    house = await mapHouse(7, 30);
    body = await SimBody.create(await loadHouse({ kind: 'procedural', seed: 7 }));
    ({ tracker, dispose: disposeTracker } = await navigatorTracker(body));
  }, 300_000);

  afterAll(() => {
    disposeTracker?.();
    body?.renderer.dispose();
    body?.navmesh.destroy();
  });

  it('finds the saved map within one turn after a kidnap, in the map frame', async () => {
    for (const k of kidnapPlaces(house, 2)) {
      const r = await kidnap(tracker, body, house, k);
      expect(r.framesToRelocalise).not.toBeNull();
      // against the map's own position of the spot, and against ground truth through the map's fit
      expect(r.errorM!).toBeLessThan(0.1);
      expect(r.globalErrorM!).toBeLessThan(0.1 + 2 * house.fitRmseM);
      expect(tracker.mapId()).toBe(house.mapId);
    }
  }, 300_000);

  it('accepts no pose in the saved map while turning in another house', async () => {
    const scene = await loadHouse({ kind: 'procedural', seed: 11 });
    const other = await SimBody.create(scene);
    try {
      const r = await kidnap(tracker, other, house, { at: [...scene.start.position], yaw: scene.start.yaw, mapEst: null });
      expect(r.framesToRelocalise).toBeNull();
      // the tracker kept looking for the loaded map for the whole turn (patience 120 frames)
      expect(tracker.status()).toBe('lost');
      expect(tracker.counts().relocalisations).toBe(0);
    } finally {
      other.renderer.dispose();
      other.navmesh.destroy();
    }
  }, 300_000);
});
