/**
 * The one way a house spec becomes a scene, for every command, the MCP server and the benchmark
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
 * triangles are grey and the failure is listed in `textures.failed`.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Vec3 } from '../geometry/index.js';
import { type AgentShape, DEFAULT_AGENT, type HouseRef, type Scene, SceneNavMesh } from '../sim/index.js';
import {
  emptyGltfReport, type GltfReport, habitatNavMeshPathOf, HABITAT_DEFAULT_AGENT, loadGltfScene, loadHouse, navMeshFileAgent, parseHabitatNavMesh, readHabitatStage,
  resolveDatasetScene, type SemanticInstance, type StageConfig, type StageDefaults, type StagePlacement, decodersFor, type HabitatNavMeshSettings,
} from '../sim/node.js';

export type SceneKind = 'procedural' | 'gltf' | 'habitat-stage' | 'habitat-object' | 'hm3d-stage' | 'mp3d-stage' | 'scene-dataset';

/** What a house spec may name, for refusals. */
export const ACCEPTED_SCENES =
  "seed:N; a .gltf/.glb (y-up glTF); a habitat stage (X.stage_config.json, or X.glb with X.stage_config.json beside it); an HM3D X.basis.glb (with X.semantic.glb + X.semantic.txt for annotations); an MP3D X.glb with X.navmesh beside it; or X.scene_dataset_config.json#SCENE (scene inspect also opens a habitat object, X.object_config.json)";

export class SceneError extends Error {
  override name = 'SceneError';
  constructor(readonly file: string, readonly problem: string, readonly accepted: string = ACCEPTED_SCENES) {
    super(`scene '${file}': ${problem}\naccepted: ${accepted}`);
  }
}

export interface SceneOpenOptions {
  /** an undecodable texture: refuse (default) or paint grey and list it */
  textures?: 'strict' | 'grey';
  /**
   * how a `.glb` with no stage config beside it is read: 'auto' (default) as a habitat +Z-up stage
   * when it is an HM3D `.basis.glb` or has a `.navmesh` beside it, else as a y-up glTF; 'habitat'
   * always as a habitat stage, as habitat-sim reads every `.glb` stage (benchmark episodes' scenes)
   */
  glb?: 'auto' | 'habitat';
}

export interface OpenedHouseScene {
  kind: SceneKind;
  scene: Scene;
  /** the files read, main file first */
  files: string[];
  stageConfig: StageConfig | null;
  textures: GltfReport['textures'];
  notes: string[];
  /** HM3D annotations (scene object k + 1 is instance k), or null */
  semantic: SemanticInstance[] | null;
  /** the navmesh file the scene comes with (config `nav_asset`, dataset `navmesh_instances`, or beside the stage), or null */
  navmeshFile: string | null;
}

/** Where the scene's navmesh comes from: a file, or built for an agent. */
export type SceneNavSource = { kind: 'file'; path: string; version: 1 | 2; settings: HabitatNavMeshSettings | null; agent: AgentShape } | { kind: 'rebuilt'; agent: AgentShape };

const stageConfigBeside = (glb: string): string | null => {
  for (const stem of [glb.replace(/\.glb$/i, ''), glb.replace(/(\.basis)?\.glb$/i, '')]) if (existsSync(`${stem}.stage_config.json`)) return `${stem}.stage_config.json`;
  return null;
};

interface Plan {
  kind: SceneKind;
  /** the stage (config or glb) for habitat kinds; the file for gltf */
  file: string;
  frame?: StageDefaults;
  navmesh?: string | null;
  /** a scene instance's placement of its stage */
  place?: StagePlacement;
  /** what the plan leaves out, said in the scene's notes */
  notes?: string[];
}

/** Which reader a path needs, decided by the path and the files beside it. */
function planOf(path: string, glb: 'auto' | 'habitat'): Plan {
  const hash = path.lastIndexOf('#');
  if (/\.scene_dataset_config\.json#/i.test(path) || /\.scene_dataset_config\.json$/i.test(path)) {
    const [cfg, name] = hash > 0 ? [path.slice(0, hash), path.slice(hash + 1)] : [path, ''];
    if (!name) throw new SceneError(path, 'a scene dataset config needs the scene to open after a #, e.g. hm3d.scene_dataset_config.json#TEEsavR23oF');
    if (!existsSync(cfg)) throw new SceneError(cfg, 'the file does not exist');
    let d;
    try {
      d = resolveDatasetScene(cfg, name);
    } catch (e) {
      throw new SceneError(cfg, (e as Error).message);
    }
    const { objects, articulated } = d.unread;
    const notes = objects + articulated > 0 ? [`the scene instance '${name}' places ${objects} object(s) and ${articulated} articulated object(s) besides its stage; only the stage is read (they are not in the scene, its navmesh or its views)`] : [];
    return { kind: 'scene-dataset', file: d.stage, frame: d.frame ?? undefined, navmesh: d.navmesh, place: d.place ?? undefined, notes };
  }
  if (!existsSync(path)) throw new SceneError(path, 'the file does not exist');
  if (!statSync(path).isFile()) throw new SceneError(path, 'is not a file');
  if (/\.stage_config\.json$/i.test(path)) return { kind: 'habitat-stage', file: path };
  // habitat-sim's object attributes default to glTF's frame: +Y up, −Z front
  if (/\.object_config\.json$/i.test(path)) return { kind: 'habitat-object', file: path, frame: { up: [0, 1, 0], front: [0, 0, -1] } };
  if (/\.gltf$/i.test(path)) return { kind: 'gltf', file: path };
  if (!/\.glb$/i.test(path)) throw new SceneError(path, 'is not a scene file this opener reads');
  const cfg = stageConfigBeside(path);
  if (cfg) return { kind: 'habitat-stage', file: cfg };
  if (/\.basis\.glb$/i.test(path)) return { kind: 'hm3d-stage', file: path };
  if (glb === 'habitat' || existsSync(path.replace(/\.glb$/i, '.navmesh'))) return { kind: 'mp3d-stage', file: path };
  return { kind: 'gltf', file: path };
}

/** External files a `.gltf` names (buffers, images), read from beside it. */
function gltfResources(file: string, bytes: Uint8Array): Record<string, Uint8Array> {
  let json: { buffers?: Array<{ uri?: unknown }>; images?: Array<{ uri?: unknown }> };
  try {
    json = JSON.parse(new TextDecoder().decode(bytes));
  } catch (e) {
    throw new SceneError(file, `is not valid glTF JSON: ${(e as Error).message}`);
  }
  const out: Record<string, Uint8Array> = {};
  for (const item of [...(json.buffers ?? []), ...(json.images ?? [])]) {
    const uri = item?.uri;
    if (typeof uri !== 'string' || uri.startsWith('data:')) continue;
    const at = resolve(dirname(file), decodeURIComponent(uri));
    if (!existsSync(at)) throw new SceneError(file, `names the external file '${uri}', which is not at ${at}`);
    out[uri] = new Uint8Array(readFileSync(at));
  }
  return out;
}

async function openGltf(file: string, o: SceneOpenOptions, report: GltfReport): Promise<Scene> {
  const bytes = new Uint8Array(readFileSync(file));
  const binary = /\.glb$/i.test(file);
  const resources = binary ? {} : gltfResources(file, bytes);
  const decoders = binary ? await decodersFor(bytes, true) : await decodersFor(bytes, false);
  return loadGltfScene(bytes, { name: file, binary, resources, decoders, textures: o.textures, report });
}

const refusalOf = (file: string, e: unknown): SceneError => {
  if (e instanceof SceneError) return e;
  const msg = (e as Error).message;
  if (/texture '.*' .*(cannot be decoded|unsupported image type|has no image data)/.test(msg)) return new SceneError(file, msg, 'a scene whose base colour textures decode (PNG, JPEG, Basis .basis, KTX2), or --allow-missing-textures to open it with the undecodable ones grey');
  return new SceneError(file, msg);
};

async function openUncached(ref: HouseRef, o: SceneOpenOptions): Promise<OpenedHouseScene> {
  const report = emptyGltfReport();
  if (ref.kind === 'procedural') return { kind: 'procedural', scene: await loadHouse(ref), files: [], stageConfig: null, textures: report.textures, notes: [], semantic: null, navmeshFile: null };
  const plan = planOf(ref.path, o.glb ?? 'auto');
  try {
    if (plan.kind === 'gltf') {
      const scene = await openGltf(plan.file, o, report);
      return { kind: 'gltf', scene, files: [plan.file], stageConfig: null, textures: report.textures, notes: report.notes, semantic: null, navmeshFile: null };
    }
    const stage = await readHabitatStage({ stage: plan.file, frame: plan.frame, place: plan.place, textures: o.textures, report, ...(plan.kind === 'habitat-object' ? { semantic: 'none' as const } : {}) });
    const navmeshFile = plan.navmesh ?? habitatNavMeshPathOf(stage.glb, stage.stageConfig, stage.configDir);
    if (navmeshFile && !existsSync(navmeshFile)) throw new SceneError(plan.file, `its navmesh '${navmeshFile}' does not exist`, 'a navmesh the stage config (nav_asset) or dataset config (navmesh_instances) names that is there, or none (the navmesh is then built)');
    const files = [...new Set([ref.path.replace(/#.*$/, ''), plan.file, stage.glb, ...(stage.semanticFiles ? [stage.semanticFiles.glb, stage.semanticFiles.txt] : [])])];
    return { kind: plan.kind, scene: stage.scene, files, stageConfig: stage.stageConfig, textures: report.textures, notes: [...(plan.notes ?? []), ...report.notes], semantic: stage.semantic, navmeshFile };
  } catch (e) {
    throw refusalOf(plan.file, e);
  }
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
export async function openSceneNavMesh(opened: OpenedHouseScene, policy: 'file-or-rebuild' | 'rebuild', agent: AgentShape = DEFAULT_AGENT): Promise<{ nav: SceneNavMesh; source: SceneNavSource }> {
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
