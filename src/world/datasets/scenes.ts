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
import type { AgentShape, HouseRef, Scene, SceneNavMesh } from '../../sim/index.js';
import { sceneIdsBySemanticId, type SemanticInstance } from '../../sim/node.js';
import { openHouseScene, openSceneNavMesh, type SceneNavSource } from '../open-scene.js';
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
  /** the agent the navmesh was built for (a file's own, from its settings block), for the run's record */
  navmeshAgent: AgentShape;
  /** the scene's HM3D annotations, or null */
  semantic: SemanticInstance[] | null;
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
  if (/^hm3d\//.test(scene))
    return 'HM3D v0.2 (the "habitat" package of its split, with the semantic annotations for GOAT-Bench: https://matterport.com/habitat-matterport-3d-research-dataset)';
  if (/^mp3d\//.test(scene)) return "Matterport3D's habitat task download (download_mp.py --task habitat: mp3d/{scan}/{scan}.glb and .navmesh)";
  return 'the scene dataset the episode file was written for';
}

export class MissingSceneError extends Error {
  override name = 'MissingSceneError';
  constructor(
    readonly file: string,
    scene: string,
  ) {
    super(`scene file '${file}' is missing: download ${sceneDownloadHint(scene)} into the scenes folder, so that ${scene} is there`);
  }
}

/** The house reference of an episode's scene: procedural for `seed:N`, else the file under `scenesDir`. */
export function sceneHouseRef(scene: string, scenesDir: string): HouseRef {
  const seed = PROCEDURAL.exec(scene);
  if (seed) return { kind: 'procedural', seed: Number(seed[1]) };
  const path = resolve(scenesDir, scene);
  const rel = relative(resolve(scenesDir), path);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel))
    throw new Error(`scene '${scene}' is outside the scenes folder ${scenesDir}; an episode names a scene by its path inside it`);
  return { kind: 'gltf', path: join(scenesDir, scene) };
}

/** The scene files of `scenes` that are not under `scenesDir` (procedural houses need none). */
export function missingSceneFiles(scenes: readonly string[], scenesDir: string): string[] {
  return [...new Set(scenes)]
    .filter((s) => !PROCEDURAL.test(s))
    .map((s) => join(scenesDir, s))
    .filter((f) => !existsSync(f));
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

/** HM3D's GOAT object ids (`pillow_608`) name `.semantic.txt` ids; the scene numbers instances by line. */
export function semanticInstanceIdOf(instances: SemanticInstance[], where: string): InstanceIdOf {
  const ids = sceneIdsBySemanticId(instances);
  return (objectId) => {
    const m = /_(\d+)$/.exec(objectId);
    const id = m ? ids.get(Number(m[1])) : undefined;
    if (id === undefined)
      throw new Error(
        `GOAT object id '${objectId}' names no instance of the semantic annotations of ${where} (expected '{category}_{id}' with an id of its .semantic.txt)`,
      );
    return id;
  };
}

function describeNavSource(s: SceneNavSource): string {
  // a file's agent is float32: 0.1 reads 0.10000000149
  const a = `${+s.agent.height.toFixed(4)} m / ${+s.agent.radius.toFixed(4)} m`;
  return s.kind === 'file'
    ? `${s.path} (habitat .navmesh version ${s.version}, built for an agent of ${a}${s.settings ? '' : ": a version-1 file records no agent, habitat-sim's default assumed"})`
    : `rebuilt for an agent of ${a}`;
}

function opened(
  scene: Scene,
  navmesh: SceneNavMesh,
  source: SceneNavSource,
  instanceIdOf: InstanceIdOf | null,
  semantic: SemanticInstance[] | null,
): OpenedScene {
  let closed = false;
  return {
    scene,
    navmesh,
    navmeshSource: describeNavSource(source),
    navmeshAgent: source.agent,
    instanceIdOf,
    semantic,
    close() {
      if (closed) return;
      closed = true;
      navmesh.destroy();
    },
  };
}

/** Opens an episode's scene through the one scene opener (src/world/open-scene.ts) with the benchmark's navmesh. */
export const defaultSceneResolver: SceneResolver = async (scene, scenesDir, benchmark) => {
  const agent = benchmarkAgent(benchmark);
  const ref = sceneHouseRef(scene, scenesDir);
  if (ref.kind === 'gltf' && !existsSync(ref.path.replace(/#.*$/, ''))) throw new MissingSceneError(ref.path, scene);
  const h = await openHouseScene(ref, { glb: 'habitat' });
  const { nav, source } = await openSceneNavMesh(h, navmeshPolicy(benchmark) === 'rebuild' || h.kind === 'procedural' ? 'rebuild' : 'file-or-rebuild', agent);
  if (h.kind !== 'procedural') {
    const start = nav.snap(h.scene.start.position, 3);
    if (start) h.scene.start = { position: start.point, yaw: h.scene.start.yaw };
  }
  return opened(h.scene, nav, source, h.semantic ? semanticInstanceIdOf(h.semantic, ref.kind === 'gltf' ? ref.path : scene) : null, h.semantic);
};
