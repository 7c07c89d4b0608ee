/**
 * Recast navmesh builds of habitat-sim's test stage `stage_floor1` (2,048 triangles of sloped floor,
 * declared at scale 2: 40 × 40 m) opened as every command opens it, for the GOAT-Bench agent
 * (1.41 m / 0.17 m, rebuilt per scene as GOAT-Bench does) and the simulator's body (0.88 m / 0.18 m).
 *
 * Each build is cold (the build cache emptied first). The first build of the process is reported on
 * its own (`goat_first_build_ms`: Recast's functions compiled on first use, as in `scene inspect --build-navmesh`; loading Recast before it is `recast_init_ms`),
 * then the layout a command uses ('auto': tiles past 512 cells a side) and the previous one (one tile,
 * 'solo') take turns, so that their ratio sees the same load. `goat_cached_build_ms` is a second build
 * of the same scene and agent in the process. Target (issue 36): ≤ 1.5 s for the GOAT agent.
 * Needs ../shared/data/benchmarks.
 */
import { sharedPath, skipReason } from './support/shared-data.js';
import { type AgentShape, clearNavMeshCache, DEFAULT_AGENT, initRecast, type NavMeshLayout, recastConfig, type Scene, SceneNavMesh } from '../src/sim/index.js';
import { GOAT_AGENT } from '../src/sim/node.js';
import { openHouseScene } from '../src/world/index.js';
import type { BenchOptions, BenchResult } from './run.js';
import { median } from './stats.js';

/** CPU time of the builds (user + system, ms), beside their wall time: what the machine's load does not stretch. */
const cpuMs: Record<string, number[]> = {};

async function timedBuild(scene: Scene, agent: AgentShape, layout: NavMeshLayout, cold = true, label = ''): Promise<number> {
  if (cold) clearNavMeshCache();
  const t0 = performance.now(),
    c0 = process.cpuUsage();
  const nav = await SceneNavMesh.build(scene, agent, recastConfig(agent), layout);
  const ms = performance.now() - t0,
    cpu = process.cpuUsage(c0);
  nav.destroy();
  if (label) (cpuMs[label] ??= []).push((cpu.user + cpu.system) / 1000);
  return ms;
}

export async function run(opts: BenchOptions): Promise<BenchResult> {
  const stage = sharedPath('benchmarks', 'habitat_sim_test_assets', 'stage_floor1.stage_config.json');
  if (!stage) throw new Error(skipReason('benchmarks/habitat_sim_test_assets/stage_floor1.stage_config.json'));
  const { scene } = await openHouseScene({ kind: 'gltf', path: stage });
  const reps = opts.quick ? 1 : 3;
  const table: Record<string, string | number>[] = [];
  const summary: Record<string, number> = { triangles: scene.attrs.length / 4 };
  const ti = performance.now();
  await initRecast();
  summary.recast_init_ms = Math.round(performance.now() - ti);
  summary.goat_first_build_ms = Math.round(await timedBuild(scene, GOAT_AGENT, 'auto', true, 'first'));
  summary.goat_first_build_cpu_ms = Math.round(cpuMs.first[0]);
  for (const [name, agent] of [
    ['goat', GOAT_AGENT],
    ['body', DEFAULT_AGENT],
  ] as const) {
    const ms: Record<NavMeshLayout, number[]> = { auto: [], solo: [] };
    for (let i = 0; i < reps; i++)
      for (const layout of ['auto', 'solo'] as const) ms[layout].push(await timedBuild(scene, agent, layout, true, `${name}_${layout}`));
    await timedBuild(scene, agent, 'auto');
    const cachedMs = await timedBuild(scene, agent, 'auto', false);
    opts.log(
      `navmesh ${name}: tiled ${ms.auto.map((m) => m.toFixed(0)).join(', ')} ms; one tile ${ms.solo.map((m) => m.toFixed(0)).join(', ')} ms; cached ${cachedMs.toFixed(1)} ms`,
    );
    for (const layout of ['auto', 'solo'] as const) table.push({ agent: name, layout, median_ms: Math.round(median(ms[layout])), runs: reps });
    table.push({ agent: name, layout: 'auto, cached', median_ms: +cachedMs.toFixed(1), runs: 1 });
    summary[`${name}_build_ms`] = Math.round(median(ms.auto));
    summary[`${name}_solo_build_ms`] = Math.round(median(ms.solo));
    summary[`${name}_build_cpu_ms`] = Math.round(median(cpuMs[`${name}_auto`]));
    summary[`${name}_solo_build_cpu_ms`] = Math.round(median(cpuMs[`${name}_solo`]));
    summary[`${name}_ratio_to_solo`] = +(median(ms.auto) / median(ms.solo)).toFixed(3);
    summary[`${name}_cached_build_ms`] = +cachedMs.toFixed(1);
  }
  return { table, summary: { ...summary, target_goat_build_ms: 1500 } };
}
