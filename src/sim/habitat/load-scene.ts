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
import { loadGltfScene, type TextureDecoder } from '../gltf.js';
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
export const StageConfigSchema = z.looseObject({
  render_asset: z.string().check(z.minLength(1)),
  up: z.optional(vec3),
  front: z.optional(vec3),
  origin: z.optional(vec3),
  // millimetres to kilometres: 1e-30 would shrink a house to nothing (and every distance with it)
  units_to_meters: z.optional(z.number().check(z.gte(1e-4, 'units_to_meters must be at least 0.0001 (1e-4)'), z.lte(1e4, 'units_to_meters must be at most 10000'))),
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
  if (r.data.origin && r.data.origin.some((v) => v !== 0)) throw new Error(`stage config '${path}': a non-zero origin [${r.data.origin.join(', ')}] is not supported; accepted is [0, 0, 0]`);
  return r.data;
}

/** The stage's stem: 'x/TEEsavR23oF.basis.glb' → 'x/TEEsavR23oF'. */
const stemOf = (glb: string) => glb.replace(/(\.basis)?\.glb$/i, '');

/** Stage frame and scale as one column-major matrix. */
function frameOf(cfg: StageConfig | null): number[] {
  const m = stageFrameMatrix((cfg?.up ?? HABITAT_MESH_UP) as Vec3, (cfg?.front ?? HABITAT_MESH_FRONT) as Vec3);
  const s = cfg?.units_to_meters ?? 1;
  return m.map((v, i) => (i < 12 ? v * s : v));
}

async function openNavMesh(scene: Scene, o: HabitatSceneOptions, glb: string, cfg: StageConfig | null, cfgDir: string): Promise<{ nav: SceneNavMesh; navSource: NavMeshSource }> {
  const beside = `${stemOf(glb)}${glb.toLowerCase().endsWith('.basis.glb') ? '.basis' : ''}.navmesh`;
  const path = o.navmesh && o.navmesh !== 'rebuild' ? o.navmesh : o.navmesh === 'rebuild' ? null : cfg?.nav_asset ? resolve(cfgDir, cfg.nav_asset) : existsSync(beside) ? beside : null;
  if (!path) {
    const agent = o.agent ?? DEFAULT_AGENT;
    return { nav: await SceneNavMesh.build(scene, agent), navSource: { kind: 'rebuilt', agent } };
  }
  const file = parseHabitatNavMesh(await readBytes(path, 'navmesh'), path);
  const s = file.settings;
  const agent = s ? { height: s.agentHeight, radius: s.agentRadius, maxClimb: s.agentMaxClimb, maxSlopeDeg: s.agentMaxSlope } : o.agent ?? HABITAT_DEFAULT_AGENT;
  const nav = await SceneNavMesh.fromRecastBytes(file.recastBytes, agent, path);
  return { nav, navSource: { kind: 'file', path, version: file.version, settings: s } };
}

function semanticPaths(o: HabitatSceneOptions, glb: string, cfg: StageConfig | null, cfgDir: string): { glb: string; txt: string } | null {
  if (o.semantic === 'none') return null;
  if (o.semantic) return o.semantic;
  const stem = stemOf(glb);
  const sg = cfg?.semantic_asset ? resolve(cfgDir, cfg.semantic_asset) : `${stem}.semantic.glb`;
  const st = cfg?.semantic_descriptor_filename ? resolve(cfgDir, cfg.semantic_descriptor_filename) : `${stem}.semantic.txt`;
  return existsSync(sg) && existsSync(st) ? { glb: sg, txt: st } : null;
}

/** Opens a habitat stage as a simulator scene with its navmesh (see the options for defaults). */
export async function loadHabitatScene(o: HabitatSceneOptions): Promise<HabitatScene> {
  const isConfig = o.stage.toLowerCase().endsWith('.json');
  const cfg = isConfig ? await readStageConfig(o.stage) : null;
  const cfgDir = dirname(o.stage);
  const glb = cfg ? resolve(cfgDir, cfg.render_asset) : o.stage;
  if (!/\.glb$/i.test(glb)) throw new Error(`habitat stage '${glb}' must be a .glb file (habitat's stage convention), or a .stage_config.json naming one`);
  const frame = frameOf(cfg);
  let decoders: Record<string, TextureDecoder> = {};
  const bytes = await readBytes(glb, 'stage');
  // the transcoder is loaded only for scans that need it
  if (/GOOGLE_texture_basis|KHR_texture_basisu|image\/x-basis|image\/ktx2/.test(new TextDecoder('latin1').decode(bytes.subarray(0, Math.min(bytes.byteLength, 1 << 20))))) decoders = await basisTextureDecoders();
  let scene = await loadGltfScene(bytes, { name: glb, binary: true, frame, decoders });
  const sem = semanticPaths(o, glb, cfg, cfgDir);
  let semantic: SemanticInstance[] | null = null;
  if (sem) {
    const instances = parseSemanticTxt(new TextDecoder().decode(await readBytes(sem.txt, 'semantic descriptor')), sem.txt);
    const semScene = await loadGltfScene(await readBytes(sem.glb, 'semantic mesh'), { name: sem.glb, binary: true, frame, decoders, exactVertexColours: true });
    scene = applySemantics(scene, semScene, instances);
    semantic = instances;
  }
  const { nav, navSource } = await openNavMesh(scene, o, glb, cfg, cfgDir);
  const start = nav.snap(scene.start.position, 3);
  if (start) scene.start = { position: start.point, yaw: scene.start.yaw };
  return { scene, nav, navSource, stageConfig: cfg, semantic };
}
