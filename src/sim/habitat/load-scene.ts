/**
 * Habitat scenes into the simulator: a stage GLB (HM3D `.basis.glb`, MP3D `.glb`, or an exported
 * house), or a `*.stage_config.json` naming one, rotated from its file frame (+Z up, +Y front unless
 * the config says otherwise) into the y-up world as habitat-sim does; Basis/KTX2 textures through the
 * transcoder; the navmesh from a habitat `.navmesh` (version 1 or 2) or rebuilt with an agent's
 * settings; HM3D semantic annotations when they are beside the stage (or named). Node only.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { gltfJson, IMAGE_DECODERS } from '../gltf.js';
import type { TextureDecoder } from '../texture.js';
import { type AgentShape, DEFAULT_AGENT, SceneNavMesh } from '../navmesh.js';
import type { Scene } from '../scene.js';
import type { SceneReader } from './stage-read.js';
import { NODE_SCENE_FILES } from '../scene-files-node.js';
import { basisTextureDecoders } from './basis.js';
import { resolveDatasetScene } from './scene-dataset.js';
import { type HabitatNavMeshSettings, parseHabitatNavMesh } from './navmesh-file.js';
import type { SemanticInstance } from './semantic.js';
import { type HabitatSceneOptions, type HabitatStage, navMeshCandidate, readStageConfigWith, readStageWith, type StageConfig } from './stage-read.js';

export {
  type HabitatSceneOptions,
  type HabitatStage,
  type StageConfig,
  StageConfigSchema,
  type StageDefaults,
  StageDefaultsSchema,
  type StagePlacement,
} from './stage-read.js';

/** GOAT-Bench rebuilds every navmesh with this agent (goat_bench/task/simulator.py). */
export const GOAT_AGENT: AgentShape = { height: 1.41, radius: 0.17, maxClimb: 0.2, maxSlopeDeg: 45 };
/** habitat-sim's AgentConfiguration defaults, for version-1 navmeshes that record no agent. */
export const HABITAT_DEFAULT_AGENT: AgentShape = { height: 1.5, radius: 0.1, maxClimb: 0.2, maxSlopeDeg: 45 };

export type NavMeshSource = { kind: 'file'; path: string; version: 1 | 2; settings: HabitatNavMeshSettings | null } | { kind: 'rebuilt'; agent: AgentShape };

export interface HabitatScene {
  scene: Scene;
  nav: SceneNavMesh;
  navSource: NavMeshSource;
  stageConfig: StageConfig | null;
  /** the annotated instances (scene object ids are their index + 1), or null without annotations */
  semantic: SemanticInstance[] | null;
}

/** The navmesh file a stage uses by default: the config's `nav_asset`, else `<stem>.navmesh` (`X.basis.navmesh`) beside it, else null. */
export function habitatNavMeshPathOf(glb: string, cfg: StageConfig | null, cfgDir: string): string | null {
  const c = navMeshCandidate(glb, cfg, cfgDir, resolve);
  return c.named ?? (existsSync(c.beside) ? c.beside : null);
}

/** The agent a habitat navmesh file was built for: its settings block, else (version 1) `fallback`. */
export function navMeshFileAgent(settings: HabitatNavMeshSettings | null, fallback: AgentShape): AgentShape {
  return settings
    ? { height: settings.agentHeight, radius: settings.agentRadius, maxClimb: settings.agentMaxClimb, maxSlopeDeg: settings.agentMaxSlope }
    : fallback;
}

async function readNavMeshBytes(path: string): Promise<Uint8Array> {
  try {
    return await NODE_SCENE_FILES.read(path);
  } catch (e) {
    throw new Error(`cannot read navmesh '${path}': ${(e as Error).message}`);
  }
}

/** The stage's navmesh, as `HabitatSceneOptions.navmesh` says. */
export async function openHabitatNavMesh(
  stage: HabitatStage,
  o: Pick<HabitatSceneOptions, 'navmesh' | 'agent'>,
): Promise<{ nav: SceneNavMesh; navSource: NavMeshSource }> {
  const path =
    o.navmesh && o.navmesh !== 'rebuild' ? o.navmesh : o.navmesh === 'rebuild' ? null : habitatNavMeshPathOf(stage.glb, stage.stageConfig, stage.configDir);
  if (!path) {
    const agent = o.agent ?? DEFAULT_AGENT;
    return { nav: await SceneNavMesh.build(stage.scene, agent), navSource: { kind: 'rebuilt', agent } };
  }
  const file = parseHabitatNavMesh(await readNavMeshBytes(path), path);
  const agent = navMeshFileAgent(file.settings, o.agent ?? HABITAT_DEFAULT_AGENT);
  const nav = await SceneNavMesh.fromRecastBytes(file.recastBytes, agent, path);
  return { nav, navSource: { kind: 'file', path, version: file.version, settings: file.settings } };
}

const BASIS_HINT = /GOOGLE_texture_basis|KHR_texture_basisu|image\/x-basis|image\/basis|image\/ktx2/;

/** The Basis/KTX2 decoders when the glTF JSON names such images (the transcoder is loaded only for scans that need it). */
export async function decodersFor(bytes: Uint8Array, binary: boolean): Promise<Record<string, TextureDecoder>> {
  let json: string;
  try {
    json = JSON.stringify(gltfJson(bytes, binary));
  } catch {
    return {};
  }
  return BASIS_HINT.test(json) ? basisTextureDecoders() : {};
}

/** The command line's reader: the file system, PNG and JPEG, and Basis/KTX2 through the transcoder. */
export const NODE_SCENE_READER: SceneReader = {
  files: NODE_SCENE_FILES,
  decoders: async (bytes, binary) => ({ ...IMAGE_DECODERS, ...(await decodersFor(bytes, binary)) }),
  datasetScene: resolveDatasetScene,
};

/** Reads and checks a `*.stage_config.json` (also for inspection); errors name the file and the field. */
export const readHabitatStageConfig = (path: string): Promise<StageConfig> => readStageConfigWith(NODE_SCENE_FILES, path);

/** Reads a habitat stage (frame, scale, textures, semantics) from disk without touching its navmesh. */
export const readHabitatStage = (o: HabitatSceneOptions): Promise<HabitatStage> => readStageWith(NODE_SCENE_READER, o);

/** Opens a habitat stage as a simulator scene with its navmesh (see the options for defaults). */
export async function loadHabitatScene(o: HabitatSceneOptions): Promise<HabitatScene> {
  const stage = await readHabitatStage(o);
  const { scene } = stage;
  const { nav, navSource } = await openHabitatNavMesh(stage, o);
  const start = nav.snap(scene.start.position, 3);
  if (start) scene.start = { position: start.point, yaw: scene.start.yaw };
  return { scene, nav, navSource, stageConfig: stage.stageConfig, semantic: stage.semantic };
}
