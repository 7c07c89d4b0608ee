/**
 * Scene resolution for benchmark episodes: an episode's scene path (relative to the scenes folder)
 * → the scene, the benchmark's navmesh of it and, for HM3D-style annotations, how GOAT's object ids
 * name its instances. Habitat stages (`.glb`, +Z up: HM3D `.basis.glb`, MP3D, the `sim export`
 * layout; or a `*.stage_config.json`) open through src/sim's habitat loader; `.gltf` houses through
 * the project's y-up glTF reader; `seed:N` is a procedural house. Injectable, so tests and other
 * scene sources can replace it. A scene that is not there is refused naming the file and where to get it.
 *
 * The navmesh is the benchmark's, not the simulator body's default: GOAT-Bench's simulator rebuilds
 * every scene's navmesh for its agent (1.41 m / 0.17 m, goat_bench/task/simulator.py), so it is
 * rebuilt here too; VLN-CE loads the scene's `.navmesh`, so the file is read when it is there and
 * otherwise rebuilt for the benchmark's agent. The opened scene owns the navmesh: worlds borrow it
 * (the episodes of one scene share it) and `close()` destroys it.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { type AgentShape, type HouseRef, type Scene, SceneNavMesh } from '../../sim/index.js';
import { loadHabitatScene, loadHouse, type NavMeshSource, sceneIdsBySemanticId, type SemanticInstance } from '../../sim/node.js';
import { BENCHMARK_PRESETS } from './presets.js';
import type { InstanceIdOf } from './to-project.js';
import type { Benchmark } from './types.js';

/** An episode's scene, opened for a benchmark. */
export interface OpenedScene {
  scene: Scene;
  /** the benchmark's navmesh of the scene, owned here: lent to the episodes' worlds, destroyed by `close` */
  navmesh: SceneNavMesh;
  /** where the navmesh came from, for the run's record */
  navmeshSource: string;
  /** GOAT object id → scene instance id (HM3D annotations); null: the number in the object id */
  instanceIdOf: InstanceIdOf | null;
  /** destroys the navmesh; idempotent */
  close(): void;
}

/** Scene path of an episode + scenes folder + the benchmark it runs for → the opened scene. */
export type SceneResolver = (scene: string, scenesDir: string, benchmark: Benchmark) => Promise<OpenedScene>;

const PROCEDURAL = /^seed:(\d+)$/;

/** Where the benchmark's scans come from, for the refusal of a missing one. */
export function sceneDownloadHint(scene: string): string {
  if (/^hm3d\//.test(scene)) return 'HM3D v0.2 (the "habitat" package of its split, with the semantic annotations for GOAT-Bench: https://matterport.com/habitat-matterport-3d-research-dataset)';
  if (/^mp3d\//.test(scene)) return "Matterport3D's habitat task download (download_mp.py --task habitat: mp3d/{scan}/{scan}.glb and .navmesh)";
  return 'the scene dataset the episode file was written for';
}

export class MissingSceneError extends Error {
  override name = 'MissingSceneError';
  constructor(readonly file: string, scene: string) {
    super(`scene file '${file}' is missing: download ${sceneDownloadHint(scene)} into the scenes folder, so that ${scene} is there`);
  }
}

/** The house reference of an episode's scene: procedural for `seed:N`, else the file under `scenesDir`. */
export function sceneHouseRef(scene: string, scenesDir: string): HouseRef {
  const seed = PROCEDURAL.exec(scene);
  if (seed) return { kind: 'procedural', seed: Number(seed[1]) };
  const path = resolve(scenesDir, scene);
  const rel = relative(resolve(scenesDir), path);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) throw new Error(`scene '${scene}' is outside the scenes folder ${scenesDir}; an episode names a scene by its path inside it`);
  return { kind: 'gltf', path: join(scenesDir, scene) };
}

/** The scene files of `scenes` that are not under `scenesDir` (procedural houses need none). */
export function missingSceneFiles(scenes: readonly string[], scenesDir: string): string[] {
  return [...new Set(scenes)].filter((s) => !PROCEDURAL.test(s)).map((s) => join(scenesDir, s)).filter((f) => !existsSync(f));
}

/** The benchmark's agent, for the navmesh (climb and slope: habitat-sim's defaults, 0.2 m and 45°). */
export function benchmarkAgent(benchmark: Benchmark): AgentShape {
  const p = BENCHMARK_PRESETS[benchmark];
  return { height: p.agentHeightM ?? 1.5, radius: p.agentRadiusM ?? 0.1, maxClimb: 0.2, maxSlopeDeg: 45 };
}

/** GOAT-Bench rebuilds every navmesh for its agent; VLN-CE reads the scene's `.navmesh` file. */
export function navmeshPolicy(benchmark: Benchmark): 'rebuild' | 'file-or-rebuild' {
  return benchmark === 'goat-bench' ? 'rebuild' : 'file-or-rebuild';
}

/** A stage GLB's stage config beside it (`X.stage_config.json` for `X.glb` or `X.basis.glb`), or the GLB itself. */
export function habitatStageOf(path: string): string {
  if (/\.stage_config\.json$/i.test(path)) return path;
  for (const stem of [path.replace(/\.glb$/i, ''), path.replace(/(\.basis)?\.glb$/i, '')]) {
    if (existsSync(`${stem}.stage_config.json`)) return `${stem}.stage_config.json`;
  }
  return path;
}

/** HM3D's GOAT object ids (`pillow_608`) name `.semantic.txt` ids; the scene numbers instances by line. */
export function semanticInstanceIdOf(instances: SemanticInstance[], where: string): InstanceIdOf {
  const ids = sceneIdsBySemanticId(instances);
  return (objectId) => {
    const m = /_(\d+)$/.exec(objectId);
    const id = m ? ids.get(Number(m[1])) : undefined;
    if (id === undefined) throw new Error(`GOAT object id '${objectId}' names no instance of the semantic annotations of ${where} (expected '{category}_{id}' with an id of its .semantic.txt)`);
    return id;
  };
}

function describeNavSource(s: NavMeshSource): string {
  return s.kind === 'file' ? `${s.path} (habitat .navmesh version ${s.version})` : `rebuilt for an agent of ${s.agent.height} m / ${s.agent.radius} m`;
}

function opened(scene: Scene, navmesh: SceneNavMesh, navmeshSource: string, instanceIdOf: InstanceIdOf | null): OpenedScene {
  let closed = false;
  return {
    scene, navmesh, navmeshSource, instanceIdOf,
    close() {
      if (closed) return;
      closed = true;
      navmesh.destroy();
    },
  };
}

export const defaultSceneResolver: SceneResolver = async (scene, scenesDir, benchmark) => {
  const agent = benchmarkAgent(benchmark);
  const ref = sceneHouseRef(scene, scenesDir);
  if (ref.kind === 'procedural' || /\.gltf$/i.test(ref.path)) {
    if (ref.kind === 'gltf' && !existsSync(ref.path)) throw new MissingSceneError(ref.path, scene);
    const s = await loadHouse(ref);
    return opened(s, await SceneNavMesh.build(s, agent), `rebuilt for an agent of ${agent.height} m / ${agent.radius} m`, null);
  }
  if (!existsSync(ref.path)) throw new MissingSceneError(ref.path, scene);
  if (!/\.(glb|stage_config\.json)$/i.test(ref.path)) throw new Error(`scene '${ref.path}' is not a habitat stage (.glb or .stage_config.json), a .gltf house or seed:N`);
  const h = await loadHabitatScene({ stage: habitatStageOf(ref.path), agent, navmesh: navmeshPolicy(benchmark) === 'rebuild' ? 'rebuild' : undefined });
  return opened(h.scene, h.nav, describeNavSource(h.navSource), h.semantic ? semanticInstanceIdOf(h.semantic, ref.path) : null);
};
