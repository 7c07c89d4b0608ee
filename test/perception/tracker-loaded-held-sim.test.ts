/**
 * A later run never moves the keyframes an earlier run saved (simulator, house 7). A deployment's
 * saved map is the house's reference: each later run relocalises in it and maps on from there. When
 * that run's local adjustments and loop closures moved the saved keyframes too, its own drift was
 * written into the map the next run joins: on seed:1 (docs/deployment.md, branch joinfix) the first
 * run's keyframes were 0.31 m (median) from the truth when it saved them and 0.42 m after three more
 * runs had mapped on them, moved by 0.14 m (median, up to 0.64 m). Held, the later run's new keyframes
 * are fitted to the saved ones instead.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimBody } from '../../src/body/sim-body.js';
import { loadHouse } from '../../src/sim/load-house.js';
import { readMapFileHeader, readMapKeyframes, Tracker, type MapKeyframe } from '../../src/perception/index.js';
import { simTrackerOptions } from '../../src/world/pose-sources.js';
import { loopTour } from '../../bench/support/loop-tour.js';

const FIRST_FRAMES = 360;
const LATER_FRAMES = 360;

let body: SimBody;
let saved: Uint8Array;

const dist = (a: MapKeyframe, b: MapKeyframe) => Math.hypot(a.centre[0] - b.centre[0], a.centre[1] - b.centre[1], a.centre[2] - b.centre[2]);

describe('a loaded map under a later run (simulator)', () => {
  beforeAll(async () => {
    body = await SimBody.create(await loadHouse({ kind: 'procedural', seed: 7 }));
    const t = await Tracker.create(simTrackerOptions(body));
    try {
      for await (const s of loopTour(body, 100, 1, FIRST_FRAMES)) t.track(s.frame);
      saved = t.saveMap();
    } finally {
      t.dispose();
    }
  }, 300_000);

  afterAll(() => {
    body?.renderer.dispose();
    body?.navmesh.destroy();
  });

  it('maps on from the saved keyframes without moving them, through local adjustments and loop closures', async () => {
    const before = new Map(readMapKeyframes(saved).map((k) => [k.id, k]));
    const t = await Tracker.create({ ...simTrackerOptions(body), loopClosing: true });
    try {
      t.loadMap(saved);
      let inLoaded = 0;
      for await (const s of loopTour(body, 100, 1, LATER_FRAMES)) {
        const est = t.track(s.frame);
        if (est.status === 'ok' && est.mapId === readMapFileHeader(saved).mapId) inLoaded++;
      }
      const after = readMapKeyframes(t.saveMap());
      // the run relocalised in the saved map and mapped on in it
      expect(inLoaded).toBeGreaterThan(LATER_FRAMES / 2);
      expect(readMapFileHeader(t.saveMap()).mapId).toBe(readMapFileHeader(saved).mapId);
      const added = after.filter((k) => !before.has(k.id));
      expect(added.length).toBeGreaterThan(5);
      const kept = after.filter((k) => before.has(k.id));
      expect(kept.length).toBe(before.size);
      const moved = Math.max(...kept.map((k) => dist(k, before.get(k.id)!)));
      expect(moved, `largest move of a saved keyframe, m`).toBeLessThan(1e-9);
    } finally {
      t.dispose();
    }
  }, 300_000);
});
