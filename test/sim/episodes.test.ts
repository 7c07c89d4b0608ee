import { beforeAll, describe, expect, it } from 'vitest';
import { generateDataset, houseSeed } from '../../src/sim/episodes/dataset.js';
import { parseEpisodeDataset, parseEpisodeJson, type EpisodeDataset } from '../../src/sim/episodes/schema.js';
import { describeInstance, footprintOf, inViewFrom, successViewpoints } from '../../src/sim/episodes/sites.js';
import { generateHouse } from '../../src/sim/house/generate.js';
import { SceneNavMesh } from '../../src/sim/navmesh.js';
import { Renderer } from '../../src/sim/render/renderer.js';
import { simCameraPose } from '../../src/geometry/sim-frame.js';
import { distanceToFootprint, scoreVlnEpisode } from '../../src/sim/metrics/index.js';
import { goalOutcome, scoreGoat } from '../../src/eval/goat.js';
import { goalPhotograph } from '../../src/world/agent-goal.js';

describe('success viewpoints', () => {
  it('are only points from which the instance is in view: none behind the wall of the next room', async () => {
    // house 4's oven stands in a kitchen corner; within its 1 m success radius the only navigable
    // points are in the next room, behind the wall (the body cannot come nearer than ~1 m on its side)
    const scene = generateHouse(4);
    const nav = await SceneNavMesh.build(scene);
    const renderer = await Renderer.create(scene);
    const ovens = scene.objects.filter((o) => o.goal && o.category === 'oven');
    let hidden = 0;
    for (const o of ovens) {
      const all = successViewpoints(nav, o, scene.start.position, scene.floors[o.floor].y, null, 1.0, 1000);
      const seeing = successViewpoints(nav, o, scene.start.position, scene.floors[o.floor].y, renderer);
      for (const v of seeing) expect(inViewFrom(renderer, o, v)).toBe(true);
      hidden += all.filter((v) => !inViewFrom(renderer, o, v)).length;
      // the points kept are the visible ones among all (the same order, fewer of them)
      expect(seeing).toEqual(all.filter((v) => inViewFrom(renderer, o, v)).slice(0, 8));
    }
    expect(hidden).toBeGreaterThan(0);
    renderer.dispose();
  });
});

describe('GOAT episode datasets', () => {
  let ds: EpisodeDataset;
  beforeAll(async () => {
    ds = await generateDataset({ kind: 'goat', houses: 1, perHouse: 2, seed: 5 });
  });

  it('is deterministic from the seed and survives a JSON round trip through the schema', async () => {
    const again = await generateDataset({ kind: 'goat', houses: 1, perHouse: 2, seed: 5 });
    expect(JSON.stringify(again)).toBe(JSON.stringify(ds));
    expect(parseEpisodeJson(JSON.stringify(ds))).toEqual(ds);
  });

  it('chains 5–10 reachable goals of all three kinds whose viewpoints lie in the success region', async () => {
    if (ds.kind !== 'goat') throw new Error('expected goat');
    const scene = generateHouse(houseSeed(5, 0));
    const nav = await SceneNavMesh.build(scene);
    const renderer = await Renderer.create(scene);
    const types = new Set<string>();
    for (const ep of ds.episodes) {
      expect(ep.goals.length).toBeGreaterThanOrEqual(5);
      expect(ep.goals.length).toBeLessThanOrEqual(10);
      let at = ep.start.position;
      for (const g of ep.goals) {
        types.add(g.type);
        const insts = g.instanceIds.map((id) => scene.objects[id - 1]);
        for (const o of insts) expect(o.category).toBe(g.category);
        for (const v of g.viewpoints) {
          expect(Math.min(...insts.map((o) => distanceToFootprint(v, footprintOf(o))))).toBeLessThanOrEqual(1.0);
          // and one of the instances is in view from it (not behind a wall within the radius)
          expect(insts.some((o) => inViewFrom(renderer, o, v))).toBe(true);
        }
        const reach = Math.min(...g.viewpoints.map((v) => nav.geodesic(at, v)));
        expect(reach).toBeLessThan(Infinity);
        at = g.viewpoints.reduce((best, v) => (nav.geodesic(at, v) < nav.geodesic(at, best) ? v : best));
        if (g.type === 'description') {
          // the description singles out its instance among all goal objects of the house
          const same = scene.objects.filter((o) => o.goal && describeInstance(scene, o) === g.description);
          expect(same.map((o) => o.id)).toEqual(g.instanceIds);
          expect(g.description).toContain(g.category);
          expect(g.description).toContain(insts[0].colour!);
        }
        if (g.type === 'image') {
          const f = renderer.render(simCameraPose(g.view.position, g.view.yaw, 0.88));
          let n = 0;
          for (const id of f.ids) if (id === g.instanceIds[0]) n++;
          expect(n / f.ids.length).toBeGreaterThanOrEqual(0.02);
        }
      }
    }
    expect(types.size).toBeGreaterThanOrEqual(2);

    // an agent that walks the shortest path to each goal in turn scores s-SR = e-SR = 1 and SPL ≈ 1
    const outcomes = ds.episodes.map((ep) => {
      let at = ep.start.position;
      return ep.goals.map((g) => {
        const target = g.viewpoints.reduce((best, v) => (nav.geodesic(at, v) < nav.geodesic(at, best) ? v : best));
        const o = goalOutcome(scene, nav, g, { start: at, final: target, walked: nav.geodesic(at, target), closed: true });
        at = target;
        return o;
      });
    });
    const s = scoreGoat(outcomes);
    expect(s.sSR).toBe(1);
    expect(s.eSR).toBe(1);
    expect(s.spl).toBeGreaterThan(0.99);
    // staying at the start fails every goal that starts more than 1 m away
    const lazy = scoreGoat(
      ds.episodes.map((ep) => ep.goals.map((g) => goalOutcome(scene, nav, g, { start: ep.start.position, final: ep.start.position, walked: 0, closed: true }))),
    );
    expect(lazy.sSR).toBeLessThan(0.5);
    expect(lazy.eSR).toBe(0);
    const img = ds.episodes.flatMap((e) => e.goals).find((g) => g.type === 'image');
    if (img && img.type === 'image') expect(goalPhotograph(renderer, img.view).ids.includes(img.instanceIds[0])).toBe(true);
    renderer.dispose();
    nav.destroy();
  });
});

describe('instruction episode datasets', () => {
  it('gives reference paths from start to goal that score perfectly when followed', async () => {
    const ds = await generateDataset({ kind: 'instruction', houses: 1, perHouse: 3, seed: 8 });
    const again = await generateDataset({ kind: 'instruction', houses: 1, perHouse: 3, seed: 8 });
    expect(JSON.stringify(again)).toBe(JSON.stringify(ds));
    if (ds.kind !== 'instruction') throw new Error('expected instruction');
    const scene = generateHouse(houseSeed(8, 0));
    const nav = await SceneNavMesh.build(scene);
    for (const ep of ds.episodes) {
      expect(ep.instruction).toMatch(/^[A-Z].*\.$/);
      expect(ep.instruction).toMatch(/stop/i);
      expect(ep.referencePath[0]).toEqual(ep.start.position);
      expect(ep.referencePath[ep.referencePath.length - 1]).toEqual(ep.goal.position);
      expect(nav.geodesic(ep.start.position, ep.goal.position)).toBeCloseTo(ep.geodesicDistance, 3);
      const s = scoreVlnEpisode(ep, ep.referencePath, true, nav);
      expect(s.sr).toBe(1);
      expect(s.ne).toBeLessThan(0.01);
      expect(s.ndtw).toBeCloseTo(1, 9);
      expect(s.spl).toBeGreaterThan(0.99);
    }
    nav.destroy();
  });
});

describe('episode file validation', () => {
  const valid = {
    version: 1,
    kind: 'instruction',
    seed: 1,
    episodes: [
      {
        id: 'e0',
        kind: 'instruction',
        house: { kind: 'procedural', seed: 3 },
        start: { position: [0, 0, 0], yaw: 0 },
        goal: { position: [3, 0, 0] },
        instruction: 'Walk forward and stop.',
        referencePath: [
          [0, 0, 0],
          [3, 0, 0],
        ],
        geodesicDistance: 3,
      },
    ],
  };

  it('accepts a valid file and fills defaults', () => {
    const d = parseEpisodeDataset(valid);
    if (d.kind !== 'instruction') throw new Error('kind');
    expect(d.episodes[0].successRadius).toBe(3);
  });

  it('names the offending field of a malformed file', () => {
    const bad = structuredClone(valid) as Record<string, unknown> & { episodes: Record<string, unknown>[] };
    bad.episodes[0].referencePath = [
      [0, 0, 0],
      [3, 'x', 0],
    ];
    expect(() => parseEpisodeDataset(bad)).toThrow(/episodes\[0\]\.referencePath\[1\]\[1\]/);
    const missing = structuredClone(valid) as typeof bad;
    delete missing.episodes[0].instruction;
    expect(() => parseEpisodeDataset(missing)).toThrow(/episodes\[0\]\.instruction/);
    const goat = {
      version: 1,
      kind: 'goat',
      seed: 1,
      episodes: [
        {
          id: 'g',
          kind: 'goat',
          house: { kind: 'procedural', seed: 1 },
          start: { position: [0, 0, 0], yaw: 0 },
          goals: [{ type: 'image', category: 'sofa', instanceIds: [3], floor: 0, viewpoints: [[1, 0, 1]] }],
        },
      ],
    };
    expect(() => parseEpisodeDataset(goat)).toThrow(/episodes\[0\]\.goals\[0\]\.view/);
    expect(() => parseEpisodeJson('{"version": 1,')).toThrow(/not valid JSON/);
    expect(() => parseEpisodeDataset({ ...valid, version: 2 })).toThrow(/version/);
  });
});
