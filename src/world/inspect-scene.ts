/**
 * `navharness scene inspect`: what a scene file holds once opened the way every command opens it
 * (src/world/open-scene.ts) — its kind, triangles, bounds in the y-up world in metres after the
 * stage's axes and scale, its textures with each failure's reason — and its navmesh: a habitat
 * `.navmesh` (given, or the one the scene comes with) with its version, tiles, polygons, area and
 * settings in the file's units and in Recast's, or one built for an agent with the time it took.
 */
import { readFileSync } from 'node:fs';
import type { Vec3 } from '../geometry/index.js';
import { type AgentShape, DEFAULT_AGENT, type HouseRef, initRecast, recastConfig, SceneNavMesh } from '../sim/index.js';
import { benchmarkAgent } from './datasets/scenes.js';
import type { Preset } from './datasets/presets.js';
import {
  type HabitatNavMeshSettings,
  navMeshGeometry,
  parseHabitatNavMesh,
  recastOfBuildConfig,
  recastOfHabitatSettings,
  type RecastValues,
} from '../sim/node.js';
import { openHouseScene, SceneError, type SceneKind } from './open-scene.js';

export interface NavMeshInspection {
  file: string;
  version: 1 | 2;
  tiles: number;
  polygons: number;
  area_m2: number;
  bounds_m: { min: Vec3; max: Vec3 };
  /** the settings block as stored (habitat-sim's units) and as Recast builds with them; null for version 1 */
  settings: { file: HabitatNavMeshSettings; recast: RecastValues } | null;
}

export interface BuiltNavMeshInspection {
  agent: AgentShape;
  navmesh_build_ms: number;
  /** the process's CPU time over the build (user + system): what a loaded machine does not stretch */
  navmesh_build_cpu_ms: number;
  /** loading Recast's WebAssembly before the build (once per process) */
  recast_init_ms: number;
  tiles: number;
  polygons: number;
  area_m2: number;
  /** the Recast values it was built with */
  recast: RecastValues;
}

export interface SceneInspection {
  path: string;
  kind: SceneKind | 'navmesh';
  files: string[];
  triangles: number;
  objects: number;
  bounds_m: { min: Vec3; max: Vec3 } | null;
  textures: { total: number; decoded: number; failed: Array<{ texture: string; reason: string }> };
  notes: string[];
  stage: { up: number[] | null; front: number[] | null; scale: number[] | null; units_to_meters: number | null; origin: number[] | null } | null;
  /** HM3D annotations read with the stage */
  semantic_instances: number | null;
  navmesh: NavMeshInspection | null;
  built_navmesh?: BuiltNavMeshInspection;
}

const round = (v: number, d = 4) => +v.toFixed(d);
const roundVec = (v: ArrayLike<number>): Vec3 => [round(v[0]), round(v[1]), round(v[2])];

/** A habitat `.navmesh` file's inspection; a file that cannot be used is a `SceneError`. */
export function inspectNavMeshFile(path: string): NavMeshInspection {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(readFileSync(path));
  } catch (e) {
    throw new SceneError(path, `cannot be read: ${(e as Error).message}`, 'a habitat-sim .navmesh file');
  }
  try {
    const file = parseHabitatNavMesh(bytes, path);
    const g = navMeshGeometry(file.recastBytes);
    return {
      file: path,
      version: file.version,
      tiles: g.tiles,
      polygons: g.polygons,
      area_m2: round(g.areaM2, 3),
      bounds_m: { min: roundVec(g.bounds.min), max: roundVec(g.bounds.max) },
      settings: file.settings ? { file: file.settings, recast: recastOfHabitatSettings(file.settings) } : null,
    };
  } catch (e) {
    throw new SceneError(path, (e as Error).message, 'a habitat-sim .navmesh (magic MSET, version 1 or 2, Detour tiles of version 7)');
  }
}

export interface SceneInspectOptions {
  /** build a navmesh for this preset's agent ('papers': the simulator body's) and time it */
  buildFor?: Preset;
}

/** The agent of a preset: the simulator body's for 'papers', else the benchmark's. */
export const presetAgent = (p: Preset): AgentShape => (p === 'papers' ? DEFAULT_AGENT : benchmarkAgent(p));

/** Opens `ref` (or reads a `.navmesh`) and reports what it holds; refusals are `SceneError`s. */
export async function inspectScene(ref: HouseRef, o: SceneInspectOptions = {}): Promise<SceneInspection> {
  const path = ref.kind === 'gltf' ? ref.path : `seed:${ref.seed}`;
  if (ref.kind === 'gltf' && /\.navmesh$/i.test(ref.path)) {
    const nav = inspectNavMeshFile(ref.path);
    return {
      path,
      kind: 'navmesh',
      files: [ref.path],
      triangles: 0,
      objects: 0,
      bounds_m: nav.bounds_m,
      textures: { total: 0, decoded: 0, failed: [] },
      notes: [],
      stage: null,
      semantic_instances: null,
      navmesh: nav,
    };
  }
  const h = await openHouseScene(ref);
  const cfg = h.stageConfig;
  const out: SceneInspection = {
    path,
    kind: h.kind,
    files: h.files,
    triangles: h.scene.attrs.length / 4,
    objects: h.scene.objects.length,
    bounds_m: { min: roundVec(h.scene.min), max: roundVec(h.scene.max) },
    textures: h.textures,
    notes: h.notes,
    stage: cfg
      ? { up: cfg.up ?? null, front: cfg.front ?? null, scale: cfg.scale ?? null, units_to_meters: cfg.units_to_meters ?? null, origin: cfg.origin ?? null }
      : null,
    semantic_instances: h.semantic?.length ?? null,
    navmesh: h.navmeshFile ? inspectNavMeshFile(h.navmeshFile) : null,
  };
  if (o.buildFor) {
    const agent = presetAgent(o.buildFor);
    // loading Recast's WebAssembly is the process's, once: timed apart from the build
    const ti = performance.now();
    await initRecast();
    const initMs = performance.now() - ti;
    const t0 = performance.now(),
      c0 = process.cpuUsage();
    let nav: SceneNavMesh;
    try {
      nav = await SceneNavMesh.build(h.scene, agent);
    } catch (e) {
      if ((e as Error).name === 'SceneError') throw e;
      throw new SceneError(path, `no navmesh can be built: ${(e as Error).message}`, 'a scene whose walkable surface Recast can build a navmesh for');
    }
    const ms = performance.now() - t0,
      cpu = process.cpuUsage(c0);
    try {
      const g = navMeshGeometry(nav.toRecastBytes());
      out.built_navmesh = {
        agent,
        navmesh_build_ms: Math.round(ms),
        navmesh_build_cpu_ms: Math.round((cpu.user + cpu.system) / 1000),
        recast_init_ms: Math.round(initMs),
        tiles: g.tiles,
        polygons: g.polygons,
        area_m2: round(g.areaM2, 3),
        recast: recastOfBuildConfig(recastConfig(agent)),
      };
    } finally {
      nav.destroy();
    }
  }
  return out;
}
