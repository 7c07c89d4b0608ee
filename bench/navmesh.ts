/**
 * Recast navmesh builds of habitat-sim's test stage `stage_floor1` (2,048 triangles of sloped floor,
 * declared at scale 2: 40 × 40 m) opened as every command opens it, for the GOAT-Bench agent
 * (1.41 m / 0.17 m, rebuilt per scene as GOAT-Bench does) and the simulator's body (0.88 m / 0.18 m).
 * Target (issue 36): ≤ 1.5 s for the GOAT agent. Needs ../shared/data/benchmarks.
 */
import { sharedPath, skipReason } from './support/shared-data.js';
import { SceneNavMesh } from '../src/sim/index.js';
import { GOAT_AGENT } from '../src/sim/node.js';
import { openHouseScene } from '../src/world/index.js';
import type { BenchOptions, BenchResult } from './run.js';
import { median } from './stats.js';

export async function run(opts: BenchOptions): Promise<BenchResult> {
  const stage = sharedPath('benchmarks', 'habitat_sim_test_assets', 'stage_floor1.stage_config.json');
  if (!stage) throw new Error(skipReason('benchmarks/habitat_sim_test_assets/stage_floor1.stage_config.json'));
  const { scene } = await openHouseScene({ kind: 'gltf', path: stage });
  const reps = opts.quick ? 1 : 3;
  const table: Record<string, string | number>[] = [];
  const summary: Record<string, number> = { triangles: scene.attrs.length / 4 };
  for (const [name, agent] of [['goat', GOAT_AGENT], ['body', undefined]] as const) {
    const ms: number[] = [];
    for (let i = 0; i < reps; i++) {
      const t0 = performance.now();
      const nav = await SceneNavMesh.build(scene, agent);
      ms.push(performance.now() - t0);
      nav.destroy();
    }
    opts.log(`navmesh ${name}: ${ms.map((m) => m.toFixed(0)).join(', ')} ms`);
    table.push({ agent: name, median_ms: Math.round(median(ms)), runs: reps });
    summary[`${name}_build_ms`] = Math.round(median(ms));
  }
  return { table, summary: { ...summary, target_goat_build_ms: 1500 } };
}
