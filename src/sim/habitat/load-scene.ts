/**
 * Habitat scenes into the simulator: a stage GLB (HM3D `.basis.glb`, MP3D `.glb`, or an exported
 * house), or a `*.stage_config.json` naming one, rotated from its file frame (+Z up, +Y front unless
 * the config says otherwise) into the y-up world as habitat-sim does; Basis/KTX2 textures through the
 * transcoder; the navmesh from a habitat `.navmesh` (version 1 or 2) or rebuilt with an agent's
 * settings; HM3D semantic annotations when they are beside the stage (or named). Node only.
 */
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { type Vec3, z } from '../../geometry/index.js';
import { describeIssues } from '../episodes/schema.js';
import { type GltfReport, gltfJson, loadGltfScene, mul4 } from '../gltf.js';
import type { TextureDecoder } from '../texture.js';
import { type AgentShape, DEFAULT_AGENT, SceneNavMesh } from '../navmesh.js';
import type { Scene } from '../scene.js';
import { basisTextureDecoders } from './basis.js';
import { HABITAT_MESH_FRONT, HABITAT_MESH_UP, stageFrameMatrix } from './frame.js';
import { type HabitatNavMeshSettings, parseHabitatNavMesh } from './navmesh-file.js';
import { applySemantics, parseSemanticTxt, type SemanticInstance } from './semantic.js';

/** GOAT-Bench rebuilds every navmesh with this agent (goat_bench/task/simulator.py). */
export const GOAT_AGENT: AgentShape = { height: 1.41, radius: 0.17, maxClimb: 0.2, maxSlopeDeg: 45 };
/** habitat-sim's AgentConfiguration defaults, for version-1 navmeshes that record no agent. */
export const HABITAT_DEFAULT_AGENT: AgentShape = { height: 1.5, radius: 0.1, maxClimb: 0.2, maxSlopeDeg: 45 };

const vec3 = z.tuple([z.number(), z.number(), z.number()]);
// a stage placed more than 100 km away is a mistake, and float32 vertices out there lose centimetres
const coordinate = z.number().check(z.minimum(-1e5, 'a stage origin coordinate must be at least -100000 m'), z.maximum(1e5, 'a stage origin coordinate must be at most 100000 m'));
/** The fields that place a stage's mesh in the world: a stage config's, or a dataset's defaults for its stages. */
const frameFields = {
  up: z.optional(vec3),
  front: z.optional(vec3),
  /** where the stage file's own origin stands in the y-up world, in metres (habitat-sim's CoordinateFrame origin: relative to the parent) */
  origin: z.optional(z.tuple([coordinate, coordinate, coordinate])),
  /** per-axis scale of the stage in the world frame (habitat-sim's stage `scale`) */
  scale: z.optional(z.tuple([z.number().check(z.positive()), z.number().check(z.positive()), z.number().check(z.positive())])),
  // millimetres to kilometres: 1e-30 would shrink a house to nothing (and every distance with it)
  units_to_meters: z.optional(z.number().check(z.minimum(1e-4, 'units_to_meters must be at least 0.0001 (1e-4)'), z.maximum(1e4, 'units_to_meters must be at most 10000'))),
};
/** A scene dataset's `stages.default_attributes`, as far as they place a stage (the rest is not read). */
export const StageDefaultsSchema = z.looseObject(frameFields);
export type StageDefaults = z.infer<typeof StageDefaultsSchema>;
export const StageConfigSchema = z.looseObject({
  render_asset: z.string().check(z.minLength(1)),
  ...frameFields,
  nav_asset: z.optional(z.string().check(z.minLength(1))),
  semantic_asset: z.optional(z.string().check(z.minLength(1))),
  semantic_descriptor_filename: z.optional(z.string().check(z.minLength(1))),
});
export type StageConfig = z.infer<typeof StageConfigSchema>;

export interface HabitatSceneOptions {
  /** a stage `.glb`, or a `*.stage_config.json` whose `render_asset` names one */
  stage: string;
  /** a habitat `.navmesh`, or 'rebuild' (with `agent`); default: the config's `nav_asset`, else `<stem>.navmesh` beside the stage, else rebuild */
  navmesh?: string | 'rebuild';
  /** the agent a rebuilt navmesh is made for (default: the simulator's) */
  agent?: AgentShape;
  /** HM3D annotations; default: the config's semantic assets, else `<stem>.semantic.glb` + `.semantic.txt` beside the stage */
  semantic?: { glb: string; txt: string } | 'none';
  /** an undecodable texture: refuse the stage (default) or paint it grey and list it in `report` */
  textures?: 'strict' | 'grey';
  /** filled while reading the stage: textures decoded and failed, extensions ignored */
  report?: GltfReport;
  /** the stage's frame, origin, scale and units where its stage config says nothing (default habitat's +Z up, +Y front, metres) */
  frame?: StageDefaults;
  /** where a scene instance places its stage, after the stage config's own frame and origin */
  place?: StagePlacement;
}

/** A stage read without its navmesh (`readHabitatStage`): what `openHabitatNavMesh` needs after it. */
export interface HabitatStage {
  scene: Scene;
  /** the stage GLB */
  glb: string;
  stageConfig: StageConfig | null;
  /** the folder the config's relative paths start from */
  configDir: string;
  semantic: SemanticInstance[] | null;
  /** the semantic files read, or null */
  semanticFiles: { glb: string; txt: string } | null;
}

export type NavMeshSource = { kind: 'file'; path: string; version: 1 | 2; settings: HabitatNavMeshSettings | null } | { kind: 'rebuilt'; agent: AgentShape };

export interface HabitatScene {
  scene: Scene;
  nav: SceneNavMesh;
  navSource: NavMeshSource;
  stageConfig: StageConfig | null;
  /** the annotated instances (scene object ids are their index + 1), or null without annotations */
  semantic: SemanticInstance[] | null;
}

async function readBytes(path: string, what: string): Promise<Uint8Array> {
  try {
    return new Uint8Array(await readFile(path));
  } catch (e) {
    throw new Error(`cannot read ${what} '${path}': ${(e as Error).message}`);
  }
}

async function readStageConfig(path: string): Promise<StageConfig> {
  let data: unknown;
  try {
    data = JSON.parse(new TextDecoder().decode(await readBytes(path, 'stage config')));
  } catch (e) {
    throw new Error(`stage config '${path}' is not valid JSON: ${(e as Error).message}`);
  }
  const r = StageConfigSchema.safeParse(data);
  if (!r.success) throw new Error(`stage config '${path}' is invalid:\n${describeIssues(r.error)}`);
  return r.data;
}

/** Reads and checks a `*.stage_config.json` (also for inspection); errors name the file and the field. */
export const readHabitatStageConfig = readStageConfig;

/** The stage's stem: 'x/TEEsavR23oF.basis.glb' → 'x/TEEsavR23oF'. */
const stemOf = (glb: string) => glb.replace(/(\.basis)?\.glb$/i, '');

/**
 * Stage frame, units, scale and origin as one column-major matrix: world = scale ∘ (R · units · p) +
 * origin, then the scene instance's placement (rotation, then translation) when it gives one.
 */
function frameOf(cfg: StageConfig | null, fallback: StageDefaults | undefined, place: StagePlacement | undefined): number[] {
  const m = stageFrameMatrix((cfg?.up ?? fallback?.up ?? HABITAT_MESH_UP) as Vec3, (cfg?.front ?? fallback?.front ?? HABITAT_MESH_FRONT) as Vec3);
  const u = cfg?.units_to_meters ?? fallback?.units_to_meters ?? 1;
  const sc = cfg?.scale ?? fallback?.scale ?? [1, 1, 1];
  const o = cfg?.origin ?? fallback?.origin ?? [0, 0, 0];
  // element (row r, column c) at c * 4 + r: row r of the rotation is scaled by the world axis' scale
  const stage = m.map((v, i) => (i < 12 && i % 4 < 3 ? v * u * sc[i % 4] : i >= 12 && i < 15 ? o[i - 12] : v));
  return place ? mul4(placementMatrix(place), stage) : stage;
}

/** A scene instance's placement of its stage (`stage_instance.translation` / `rotation`). */
export interface StagePlacement {
  translation: Vec3;
  /** a unit quaternion [w, x, y, z] (habitat-sim's JSON order) */
  rotation: [number, number, number, number];
}

function placementMatrix(p: StagePlacement): number[] {
  const [w, x, y, z] = p.rotation;
  const t = p.translation;
  return [
    1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y), 0,
    2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x), 0,
    2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y), 0,
    t[0], t[1], t[2], 1,
  ];
}

/** The navmesh file a stage uses by default: the config's `nav_asset`, else `<stem>.navmesh` (`X.basis.navmesh`) beside it, else null. */
export function habitatNavMeshPathOf(glb: string, cfg: StageConfig | null, cfgDir: string): string | null {
  if (cfg?.nav_asset) return resolve(cfgDir, cfg.nav_asset);
  const beside = `${stemOf(glb)}${glb.toLowerCase().endsWith('.basis.glb') ? '.basis' : ''}.navmesh`;
  return existsSync(beside) ? beside : null;
}

/** The agent a habitat navmesh file was built for: its settings block, else (version 1) `fallback`. */
export function navMeshFileAgent(settings: HabitatNavMeshSettings | null, fallback: AgentShape): AgentShape {
  return settings ? { height: settings.agentHeight, radius: settings.agentRadius, maxClimb: settings.agentMaxClimb, maxSlopeDeg: settings.agentMaxSlope } : fallback;
}

/** The stage's navmesh, as `HabitatSceneOptions.navmesh` says. */
export async function openHabitatNavMesh(stage: HabitatStage, o: Pick<HabitatSceneOptions, 'navmesh' | 'agent'>): Promise<{ nav: SceneNavMesh; navSource: NavMeshSource }> {
  const path = o.navmesh && o.navmesh !== 'rebuild' ? o.navmesh : o.navmesh === 'rebuild' ? null : habitatNavMeshPathOf(stage.glb, stage.stageConfig, stage.configDir);
  if (!path) {
    const agent = o.agent ?? DEFAULT_AGENT;
    return { nav: await SceneNavMesh.build(stage.scene, agent), navSource: { kind: 'rebuilt', agent } };
  }
  const file = parseHabitatNavMesh(await readBytes(path, 'navmesh'), path);
  const agent = navMeshFileAgent(file.settings, o.agent ?? HABITAT_DEFAULT_AGENT);
  const nav = await SceneNavMesh.fromRecastBytes(file.recastBytes, agent, path);
  return { nav, navSource: { kind: 'file', path, version: file.version, settings: file.settings } };
}

function semanticPaths(o: HabitatSceneOptions, glb: string, cfg: StageConfig | null, cfgDir: string): { glb: string; txt: string } | null {
  if (o.semantic === 'none') return null;
  if (o.semantic) return o.semantic;
  const stem = stemOf(glb);
  const sg = cfg?.semantic_asset ? resolve(cfgDir, cfg.semantic_asset) : `${stem}.semantic.glb`;
  const st = cfg?.semantic_descriptor_filename ? resolve(cfgDir, cfg.semantic_descriptor_filename) : `${stem}.semantic.txt`;
  return existsSync(sg) && existsSync(st) ? { glb: sg, txt: st } : null;
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

/** Reads a habitat stage (frame, scale, textures, semantics) without touching its navmesh. */
export async function readHabitatStage(o: HabitatSceneOptions): Promise<HabitatStage> {
  const isConfig = o.stage.toLowerCase().endsWith('.json');
  const cfg = isConfig ? await readStageConfig(o.stage) : null;
  const cfgDir = dirname(o.stage);
  const glb = cfg ? resolve(cfgDir, cfg.render_asset) : o.stage;
  if (!/\.glb$/i.test(glb)) throw new Error(`habitat stage '${glb}' must be a .glb file (habitat's stage convention), or a .stage_config.json naming one`);
  const frame = frameOf(cfg, o.frame, o.place);
  const bytes = await readBytes(glb, 'stage');
  const decoders = await decodersFor(bytes, true);
  let scene = await loadGltfScene(bytes, { name: glb, binary: true, frame, decoders, textures: o.textures, report: o.report });
  const sem = semanticPaths(o, glb, cfg, cfgDir);
  let semantic: SemanticInstance[] | null = null;
  if (sem) {
    const instances = parseSemanticTxt(new TextDecoder().decode(await readBytes(sem.txt, 'semantic descriptor')), sem.txt);
    const semBytes = await readBytes(sem.glb, 'semantic mesh');
    const semScene = await loadGltfScene(semBytes, { name: sem.glb, binary: true, frame, decoders: { ...decoders, ...(await decodersFor(semBytes, true)) }, exactVertexColours: true });
    scene = applySemantics(scene, semScene, instances);
    semantic = instances;
  }
  return { scene, glb, stageConfig: cfg, configDir: cfgDir, semantic, semanticFiles: sem };
}

/** Opens a habitat stage as a simulator scene with its navmesh (see the options for defaults). */
export async function loadHabitatScene(o: HabitatSceneOptions): Promise<HabitatScene> {
  const stage = await readHabitatStage(o);
  const { scene } = stage;
  const { nav, navSource } = await openHabitatNavMesh(stage, o);
  const start = nav.snap(scene.start.position, 3);
  if (start) scene.start = { position: start.point, yaw: scene.start.yaw };
  return { scene, nav, navSource, stageConfig: stage.stageConfig, semantic: stage.semantic };
}
