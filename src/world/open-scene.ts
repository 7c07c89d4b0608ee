/**
 * The one way a house spec becomes a scene in Node, for every command, the MCP server and the benchmark
 * runs: a procedural seed; a y-up glTF (`.gltf` with its external files, or a `.glb` with nothing
 * habitat beside it); a habitat stage (a `*.stage_config.json`, or a `.glb` with its stage config
 * beside it: up/front, units, scale); an HM3D `X.basis.glb` (+Z up) with `X.semantic.glb/.txt`; an
 * MP3D-style `.glb` with its `.navmesh` beside it (+Z up, as habitat-sim reads every such stage);
 * `X.scene_dataset_config.json#NAME`, a scene of a habitat scene dataset; and, for inspection, a
 * habitat object (`X.object_config.json`: its `render_asset` in its `up`/`front`, +Y up by default).
 *
 * Anything that cannot be used is a `SceneError` naming the file, what is wrong and what is accepted,
 * before a navmesh or renderer is made (the command line turns it into exit 2). A texture that cannot
 * be decoded refuses the scene unless textures are 'grey' (`--allow-missing-textures`): then its
 * triangles are grey and the failure is listed in `textures.failed`. The reading and assembly are in
 * scene-opener.ts, shared with the browser demo; this file gives it the file system and keeps the last scene.
 */
import { readFileSync, statSync } from 'node:fs';
import type { Vec3 } from '../geometry/index.js';
import { type AgentShape, DEFAULT_AGENT, type HouseRef, type Scene, SceneNavMesh } from '../sim/index.js';
import {
  HABITAT_DEFAULT_AGENT,
  loadHouse,
  navMeshFileAgent,
  NODE_SCENE_READER,
  parseHabitatNavMesh,
  emptyGltfReport,
  type HabitatNavMeshSettings,
} from '../sim/node.js';
import { type OpenedHouseScene, openSceneWith, SceneError, type SceneOpenOptions } from './scene-opener.js';

export { ACCEPTED_SCENES, type OpenedHouseScene, SceneError, type SceneKind, type SceneOpenOptions } from './scene-opener.js';

/** Where the scene's navmesh comes from: a file, or built for an agent. */
export type SceneNavSource =
  { kind: 'file'; path: string; version: 1 | 2; settings: HabitatNavMeshSettings | null; agent: AgentShape } | { kind: 'rebuilt'; agent: AgentShape };

async function openUncached(ref: HouseRef, o: SceneOpenOptions): Promise<OpenedHouseScene> {
  if (ref.kind === 'procedural')
    return {
      kind: 'procedural',
      scene: await loadHouse(ref),
      files: [],
      stageConfig: null,
      textures: emptyGltfReport().textures,
      notes: [],
      semantic: null,
      navmeshFile: null,
    };
  return openSceneWith(NODE_SCENE_READER, ref.path, o);
}

/**
 * The last scene opened, kept so that a command's check before it runs (`openHouseScene` to refuse a
 * bad scene with exit 2) and the world it then opens read the file once.
 */
let last: { key: string; opened: Promise<OpenedHouseScene> } | null = null;

function keyOf(ref: HouseRef, o: SceneOpenOptions): string | null {
  if (ref.kind !== 'gltf') return null;
  const file = ref.path.replace(/#.*$/, '');
  try {
    return JSON.stringify([ref.path, o.textures ?? 'strict', o.glb ?? 'auto', statSync(file).mtimeMs, statSync(file).size]);
  } catch {
    return null;
  }
}

/** Opens the scene a house reference names (see the file comment); refusals are `SceneError`s. */
export async function openHouseScene(ref: HouseRef, o: SceneOpenOptions = {}): Promise<OpenedHouseScene> {
  o = { ...o, textures: o.textures ?? sceneDefaults.textures };
  const key = keyOf(ref, o);
  if (!key || last?.key !== key) {
    const opened = openUncached(ref, o);
    if (key) last = { key, opened };
    opened.catch(() => {
      if (last?.opened === opened) last = null;
    });
    if (!key) return opened;
  }
  const got = await last!.opened;
  // the scene's start is the one thing callers change (a habitat start snapped to the navmesh)
  return { ...got, scene: { ...got.scene, start: { position: [...got.scene.start.position] as Vec3, yaw: got.scene.start.yaw } } };
}

/** The scene only, for callers that build their own navmesh. */
export async function openHouse(ref: HouseRef): Promise<Scene> {
  return (await openHouseScene(ref)).scene;
}

/**
 * Process-wide choices of the command line: `--allow-missing-textures` sets `textures` to 'grey' for
 * every scene the command opens (its run, its world, its MCP episode).
 */
export const sceneDefaults: { textures: 'strict' | 'grey' } = { textures: 'strict' };

/**
 * The scene's navmesh: 'file-or-rebuild' reads the navmesh file the scene comes with (its agent is
 * the file's, from a version-2 settings block, else habitat-sim's defaults) and builds one for
 * `agent` without; 'rebuild' always builds for `agent` (default the simulator body's).
 */
export async function openSceneNavMesh(
  opened: OpenedHouseScene,
  policy: 'file-or-rebuild' | 'rebuild',
  agent: AgentShape = DEFAULT_AGENT,
): Promise<{ nav: SceneNavMesh; source: SceneNavSource }> {
  if (policy === 'file-or-rebuild' && opened.navmeshFile) {
    const path = opened.navmeshFile;
    let file;
    try {
      file = parseHabitatNavMesh(new Uint8Array(readFileSync(path)), path);
    } catch (e) {
      throw new SceneError(path, (e as Error).message, 'a habitat-sim .navmesh (magic MSET, version 1 or 2, Detour tiles of version 7)');
    }
    const fileAgent = navMeshFileAgent(file.settings, HABITAT_DEFAULT_AGENT);
    let nav: SceneNavMesh;
    try {
      nav = await SceneNavMesh.fromRecastBytes(file.recastBytes, fileAgent, path);
    } catch (e) {
      throw new SceneError(path, (e as Error).message, 'a habitat-sim .navmesh whose tiles Detour loads');
    }
    return { nav, source: { kind: 'file', path, version: file.version, settings: file.settings, agent: fileAgent } };
  }
  return { nav: await SceneNavMesh.build(opened.scene, agent), source: { kind: 'rebuilt', agent } };
}
