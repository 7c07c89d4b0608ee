import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedGoalSuccess, evaluateGoal, goalFootprints, scoreGoat } from '../../src/eval/goat.js';
import { RunOptionsSchema } from '../../src/eval/run-sequence.js';
import { distanceToFootprint, euclideanOracle, shortestToGoal } from '../../src/sim/metrics/index.js';
import { generateDataset, houseSeed } from '../../src/sim/episodes/dataset.js';
import type { GoatGoal } from '../../src/sim/episodes/schema.js';
import { generateHouse } from '../../src/sim/house/generate.js';
import { SceneNavMesh } from '../../src/sim/navmesh.js';
import type { Scene } from '../../src/sim/scene.js';
import type { Vec3 } from '../../src/geometry/index.js';
import { SUCCESS_DEFINITIONS } from '../../src/memory/schemas.js';

describe('scoreGoat', () => {
  it('aggregates per-goal and per-sequence success and SPL', () => {
    const s = scoreGoat([
      [
        { success: 1, shortest: 4, walked: 5 },
        { success: 1, shortest: 2, walked: 2 },
      ],
      [
        { success: 0, shortest: 3, walked: 10 },
        { success: 1, shortest: 1, walked: 4 },
      ],
    ]);
    expect(s.sSR).toBe(0.75);
    expect(s.eSR).toBe(0.5);
    expect(s.spl).toBeCloseTo((0.8 + 1 + 0 + 0.25) / 4, 12);
    expect(
      shortestToGoal(
        [0, 0, 0],
        [
          [3, 0, 4],
          [0, 0, 2],
        ],
        euclideanOracle,
      ),
    ).toBe(2);
  });
});

describe('GOAT success: closed tasks only, at the close position, under either published definition', () => {
  let scene: Scene;
  let nav: SceneNavMesh;
  let goals: GoatGoal[];
  let start: Vec3;
  beforeAll(async () => {
    const ds = await generateDataset({ kind: 'goat', houses: 1, perHouse: 1, seed: 5 });
    if (ds.kind !== 'goat') throw new Error('expected goat');
    scene = generateHouse(houseSeed(5, 0));
    nav = await SceneNavMesh.build(scene);
    goals = ds.episodes[0].goals;
    start = ds.episodes[0].start.position;
  }, 60_000);
  afterAll(() => nav?.destroy());

  const run = (final: Vec3, closed: boolean, from: Vec3 = start) => ({ taskId: 'task-001', start: from, final, walked: 5, closed });

  it('a task that ends at a view point without being closed (budget spent) is a failure', () => {
    const v = goals[0].viewpoints[0];
    for (const def of SUCCESS_DEFINITIONS) {
      expect(evaluateGoal(scene, nav, goals[0], run(v, false), def)).toMatchObject({ success: false, spl: 0, success_definition: def });
      expect(evaluateGoal(scene, nav, goals[0], run(v, true), def)).toMatchObject({ success: true, success_definition: def });
    }
  });

  it("a close within 1 m of the object but ≥ 0.25 m from every view point succeeds under the papers' definition only", () => {
    let found = 0;
    for (const g of goals) {
      const fps = goalFootprints(scene, g);
      for (const v of g.viewpoints) {
        for (let k = 0; k < 16; k++) {
          const a = (2 * Math.PI * k) / 16;
          const s = nav.snap([v[0] + 0.4 * Math.cos(a), v[1], v[2] + 0.4 * Math.sin(a)], 0.1);
          if (!s) continue;
          const p = s.point;
          const near = fps.some((f) => distanceToFootprint(p, f) <= 0.9);
          const toViewPoint = shortestToGoal(p, g.viewpoints, nav);
          if (!near || !(toViewPoint >= 0.3) || !Number.isFinite(toViewPoint)) continue;
          expect(closedGoalSuccess(scene, nav, g, p, 'papers-1m')).toBe(1);
          expect(closedGoalSuccess(scene, nav, g, p, 'goat-bench-0.25m')).toBe(0);
          found++;
        }
      }
    }
    expect(found).toBeGreaterThan(0);
  });

  it('SPL of a subtask is measured from where that subtask started', () => {
    const g = goals[1];
    const from = goals[0].viewpoints[0];
    const rec = evaluateGoal(scene, nav, g, run(g.viewpoints[0], true, from));
    expect(rec.shortest_path).toBeCloseTo(shortestToGoal(from, g.viewpoints, nav), 9);
    expect(rec.shortest_path).not.toBeCloseTo(shortestToGoal(start, g.viewpoints, nav), 3);
  });

  it('the run option refuses an unknown definition, naming those accepted', () => {
    const r = RunOptionsSchema.safeParse({ house: 'seed:1', agent: 'scripted', out: '/tmp/x', success: '2m' });
    expect(r.success).toBe(false);
    expect(JSON.stringify(r.error?.issues)).toContain('papers-1m, goat-bench-0.25m');
  });
});
