import { beforeAll, describe, expect, it } from 'vitest';
import { Navcore } from '../../src/wasm/navcore.js';
import { GridSearch } from '../../src/mapping/grid-search.js';
import { OccupancyMap } from '../../src/mapping/occupancy-map.js';
import { Planner } from '../../src/mapping/planner.js';
import { fromHfov } from '../../src/geometry/intrinsics.js';
import { identity } from '../../src/geometry/pose.js';
import { astarRef, dijkstraRef } from '../../bench/reference/astar-ref.js';
import { nearestReachableRef } from '../../bench/reference/reach-ref.js';
import { castDepth, cameraPose, FURNITURE, rng, ROOM } from '../../bench/support/synthetic.js';

let core: Navcore;
beforeAll(async () => {
  core = await Navcore.load();
});

function gridIn(search: Navcore, cells: Uint8Array, w: number, h: number) {
  const block = search.block<Uint8Array>(Uint8Array, w * h);
  block.view().set(cells);
  return { ptr: block.ptr, w, h, block };
}

/**
 * One search on `cells` in WASM beside Dijkstra and the TS A*: null when Dijkstra finds no path (and
 * then WASM must not either), else the WASM result after checking that its cost equals Dijkstra's and
 * that its path and work equal the TS A*'s (same algorithm, same tie-breaking).
 */
function searchAgainstReferences(search: GridSearch, cells: Uint8Array, w: number, h: number, start: number, goal: number) {
  const g = gridIn(core, cells, w, h);
  const got = search.search(g, start, goal);
  const dij = dijkstraRef(cells, w, h, start, goal);
  const ref = astarRef(cells, w, h, start, goal);
  g.block.free();
  if (dij.cost < 0) {
    expect(got).toBeNull();
    return null;
  }
  expect(got).not.toBeNull();
  expect(got!.cost).toBeCloseTo(dij.cost, 9);
  expect(Array.from(got!.path)).toEqual(ref.path);
  expect(got!.expansions).toBe(ref.expansions);
  return got!;
}

describe('8-connected A* in WASM', () => {
  it('matches Dijkstra path lengths on 120 random grids (and the TS A* exactly)', () => {
    const r = rng(42);
    const search = new GridSearch(core);
    let reachable = 0,
      unreachable = 0;
    for (let t = 0; t < 120; t++) {
      const w = 8 + Math.floor(r() * 60),
        h = 8 + Math.floor(r() * 60);
      const density = 0.1 + r() * 0.35;
      const cells = new Uint8Array(w * h).map(() => (r() < density ? 2 : 1));
      const start = Math.floor(r() * w * h),
        goal = Math.floor(r() * w * h);
      cells[start] = 1;
      cells[goal] = 1;
      const got = searchAgainstReferences(search, cells, w, h, start, goal);
      if (!got) {
        unreachable++;
        continue;
      }
      reachable++;
      // the path is connected, over free cells, and its steps add up to its cost
      let len = 0;
      for (let i = 1; i < got.path.length; i++) {
        const a = got.path[i - 1],
          b = got.path[i];
        const dx = Math.abs((a % w) - (b % w)),
          dz = Math.abs(Math.floor(a / w) - Math.floor(b / w));
        expect(Math.max(dx, dz)).toBe(1);
        expect(cells[b]).toBe(1);
        if (dx && dz) {
          // no corner cutting: both orthogonal neighbours of a diagonal step are free
          expect(cells[Math.floor(a / w) * w + (b % w)]).toBe(1);
          expect(cells[Math.floor(b / w) * w + (a % w)]).toBe(1);
        }
        len += dx && dz ? Math.SQRT2 : 1;
      }
      expect(len).toBeCloseTo(got.cost, 9);
    }
    expect(reachable).toBeGreaterThanOrEqual(60);
    expect(unreachable).toBeGreaterThan(0);
  });

  it('equals the TS A* and Dijkstra on larger grids, where cells wait in later f bands and move between them', () => {
    const r = rng(7);
    const search = new GridSearch(core);
    let reachable = 0;
    for (const [w, h, density] of [
      [300, 220, 0.3],
      [257, 301, 0.38],
      [400, 90, 0.2],
    ] as const) {
      const cells = new Uint8Array(w * h).map(() => (r() < density ? 2 : 1));
      const start = Math.floor(r() * w),
        goal = w * h - 1 - Math.floor(r() * w);
      cells[start] = cells[goal] = 1;
      if (searchAgainstReferences(search, cells, w, h, start, goal)) reachable++;
    }
    expect(reachable).toBe(3);
  });

  it('stays correct across thousands of searches (search stamps wrap and the states are cleared)', () => {
    const r = rng(11);
    const w = 12,
      h = 9;
    const cells = new Uint8Array(w * h).map(() => (r() < 0.25 ? 2 : 1));
    cells[0] = cells[w * h - 1] = 1;
    const g = gridIn(core, cells, w, h);
    const search = new GridSearch(core);
    const ref = astarRef(cells, w, h, 0, w * h - 1);
    // 8191 stamps, two per search: the 4096th search needs fresh states
    for (let i = 0; i < 4200; i++) {
      const got = search.search(g, 0, w * h - 1);
      if (ref.cost < 0) expect(got).toBeNull();
      else if (i % 700 === 0 || i > 4090) {
        expect(Array.from(got!.path)).toEqual(ref.path);
        expect(got!.expansions).toBe(ref.expansions);
      }
    }
    g.block.free();
  });

  it('never cuts an obstacle corner', () => {
    // . #
    // # .   the diagonal between the two free cells is blocked by the corners
    const cells = Uint8Array.of(1, 2, 2, 1);
    const g = gridIn(core, cells, 2, 2);
    expect(new GridSearch(core).search(g, 0, 3)).toBeNull();
  });

  it('nearest free cell: exact cell, ring search and none', () => {
    const w = 9,
      h = 9;
    const cells = new Uint8Array(w * h).fill(2);
    cells[4 * w + 7] = 1;
    const g = gridIn(core, cells, w, h);
    const s = new GridSearch(core);
    expect(s.nearestFree(g, 7, 4, 0)).toBe(4 * w + 7);
    expect(s.nearestFree(g, 1, 4, 10)).toBe(4 * w + 7);
    expect(s.nearestFree(g, 1, 4, 5)).toBe(-1);
    expect(s.nearestFree(g, 30, 4, 23)).toBe(4 * w + 7); // from outside the grid
  });
});

describe('Planner on an occupancy map', () => {
  async function roomMap() {
    const map = new OccupancyMap(core);
    map.openFloor(-0.88);
    const K = fromHfov(160, 120, 79);
    for (let i = 0; i < 24; i++) {
      const pose = cameraPose([0, 0, 0.5], (i * 2 * Math.PI) / 24);
      map.integrate({ intrinsics: K, depth: castDepth(K, pose, ROOM, FURNITURE) }, pose);
    }
    return map;
  }

  it('plans in metres and snaps a target inside a wall to the nearest free cell', async () => {
    const map = await roomMap();
    const planner = new Planner(map);
    const straight = planner.plan({ x: 0, z: 0.5 }, { x: 2.5, z: 0.5 });
    expect(straight.status).toBe('ok');
    if (straight.status !== 'ok') return;
    expect(straight.lengthM).toBeGreaterThan(2.3);
    expect(straight.lengthM).toBeLessThan(2.8);
    const inTable = planner.plan({ x: 0, z: 0.5 }, { x: 3.02, z: 1.0 });
    expect(inTable.status).toBe('ok');
    if (inTable.status !== 'ok') return;
    expect(inTable.targetSnapped).toBe(true);
    expect(map.cellAt(inTable.target.x, inTable.target.z)).toBe('free');
    expect(Math.abs(inTable.target.x - 3.02)).toBeLessThan(0.3);
    expect(inTable.lengthM).toBeGreaterThan(Math.hypot(inTable.target.x, inTable.target.z - 0.5) - 0.15);
    for (const p of inTable.path) expect(map.cellAt(p.x, p.z)).toBe('free');
  });

  it('a target whose nearest free cell is a pocket the start cannot reach gets, when asked, a route to the nearest reachable cell', () => {
    const map = new OccupancyMap(core);
    // 40 × 20 cells of 0.1 m: a free room (x < 2.0 m), a wall at x 2.0–2.2 m, a free pocket behind it
    const w = 40,
      h = 20,
      cells = new Uint8Array(w * h);
    for (let z = 0; z < h; z++) for (let x = 0; x < w; x++) cells[z * w + x] = x < 20 ? 1 : x < 23 ? 2 : x < 27 ? 1 : 0;
    map.restoreFloor(0, { originX: 0, originZ: 0, width: w, height: h, cells });
    // by default the target's own free cell is the only end: none
    expect(new Planner(map).plan({ x: 0.5, z: 1.0 }, { x: 2.5, z: 1.0 }).status).toBe('unreachable');
    const r = new Planner(map).plan({ x: 0.5, z: 1.0 }, { x: 2.5, z: 1.0 }, 0, { nearestReachable: true });
    expect(r.status).toBe('ok');
    if (r.status !== 'ok') return;
    expect(r.targetSnapped).toBe(true);
    // the end of the route is on the start's side of the wall, right against it
    expect(r.target.x).toBeGreaterThan(1.8);
    expect(r.target.x).toBeLessThan(2.0);
    expect(Math.abs(r.target.z - 1.0)).toBeLessThan(0.11);
    // beyond the snap radius nothing is offered
    expect(new Planner(map).plan({ x: 0.5, z: 1.0 }, { x: 2.5, z: 1.0 }, 0, { targetSnapM: 0.3, nearestReachable: true }).status).toBe('unreachable');
  });

  it('plans round points the body was stopped at, and through them when there is no other way', () => {
    const map = new OccupancyMap(core);
    // 40 × 30 cells of 0.1 m, all free but a wall at z 1.0–1.2 m with two gaps: at x 0.5–0.9 m and x 3.0–3.4 m
    const w = 40,
      h = 30,
      cells = new Uint8Array(w * h).fill(1);
    for (let x = 0; x < w; x++) for (let z = 10; z < 12; z++) if (!(x >= 5 && x < 9) && !(x >= 30 && x < 34)) cells[z * w + x] = 2;
    map.restoreFloor(0, { originX: 0, originZ: 0, width: w, height: h, cells });
    const planner = new Planner(map);
    const from = { x: 0.7, z: 0.3 },
      to = { x: 0.7, z: 2.5 };
    const direct = planner.plan(from, to);
    expect(direct.status).toBe('ok');
    if (direct.status !== 'ok') return;
    expect(Math.max(...direct.path.map((p) => p.x))).toBeLessThan(1.0);
    // the near gap stopped the body: the route goes through the far one
    const round = planner.plan(from, to, 0, { avoid: [{ x: 0.7, z: 1.1 }] });
    expect(round.status).toBe('ok');
    if (round.status !== 'ok') return;
    expect(Math.max(...round.path.map((p) => p.x))).toBeGreaterThan(3.0);
    expect(round.lengthM).toBeGreaterThan(direct.lengthM + 2);
    for (const p of round.path) expect(Math.hypot(p.x - 0.7, p.z - 1.1)).toBeGreaterThan(0.25);
    // both gaps stopped it: none is left; the map itself is unchanged (a plain plan still goes through)
    expect(
      planner.plan(from, to, 0, {
        avoid: [
          { x: 0.7, z: 1.1 },
          { x: 3.2, z: 1.1 },
        ],
      }).status,
    ).toBe('unreachable');
    expect(planner.plan(from, to)).toMatchObject({ status: 'ok', lengthM: direct.lengthM });
    // with a clearance, the avoided disc grows by it
    expect(planner.plan(from, to, 0, { avoid: [{ x: 3.2, z: 1.1 }], avoidM: 0.1, clearanceM: 0.1 })).toMatchObject({ status: 'ok' });
  });

  it("the reachable cell nearest a point equals the plain TypeScript flood's, within the radius, call after call", () => {
    const random = rng(11);
    const search = new GridSearch(core);
    let found = 0;
    for (let trial = 0; trial < 60; trial++) {
      const w = 8 + Math.floor(random() * 40),
        h = 8 + Math.floor(random() * 40);
      const cells = new Uint8Array(w * h);
      for (let i = 0; i < cells.length; i++) cells[i] = random() < 0.62 ? 1 : random() < 0.5 ? 2 : 0;
      const start = Math.floor(random() * w * h);
      const x = Math.floor(random() * (w + 10)) - 5,
        z = Math.floor(random() * (h + 10)) - 5;
      const maxR = Math.floor(random() * 12);
      const g = gridIn(core, cells, w, h);
      const got = search.nearestReachable(g, start, x, z, maxR);
      g.block.free();
      expect(got).toBe(nearestReachableRef(cells, w, h, start, x, z, maxR));
      if (got >= 0) found++;
    }
    // both outcomes occur: the comparison covers cells found and none within the radius
    expect(found).toBeGreaterThan(10);
    expect(found).toBeLessThan(60);
  });

  it('is unreachable across an unexplored gap and rejects non-finite points', async () => {
    const map = new OccupancyMap(core);
    map.openFloor(-0.88);
    const K = fromHfov(64, 48, 79);
    // two separate explored patches, far apart
    map.integrate({ intrinsics: K, depth: castDepth(K, identity(), ROOM, []) }, identity());
    const far = cameraPose([40, 0, 0], 0);
    map.integrate({ intrinsics: K, depth: castDepth(K, identity(), ROOM, []) }, far);
    const planner = new Planner(map);
    const r = planner.plan({ x: 0, z: 1 }, { x: 40, z: 1 });
    expect(r.status).toBe('unreachable');
    // asked for the nearest reachable cell, nothing within 2 m of the target is on this side
    expect(planner.plan({ x: 0, z: 1 }, { x: 40, z: 1 }, 0, { targetSnapM: 2, nearestReachable: true }).status).toBe('unreachable');
    expect(planner.plan({ x: NaN, z: 0 }, { x: 1, z: 1 })).toMatchObject({ status: 'unreachable', reason: /finite/ });
  });
});
