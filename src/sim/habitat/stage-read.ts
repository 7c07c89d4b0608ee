/**
 * A habitat stage read from bytes: its `*.stage_config.json` (checked with zod), its frame (up/front,
 * units, scale, origin, a scene instance's placement), its GLB with the reader's texture decoders,
 * and HM3D annotations when they are there. Free of Node modules: the files come through a
 * `SceneReader` (the command line's reads the disk, the browser demo's the files the user picked).
 */
import { type Vec3, z } from '../../geometry/index.js';
import { describeIssues } from '../episodes/schema.js';
import { type GltfReport, loadGltfScene, mul4 } from '../gltf-read.js';
import type { AgentShape } from '../navmesh.js';
import type { Scene } from '../scene.js';
import type { SceneFiles } from '../scene-files.js';
import type { TextureDecoder } from '../texture.js';
import { HABITAT_MESH_FRONT, HABITAT_MESH_UP, stageFrameMatrix } from './frame.js';
import { applySemantics, parseSemanticTxt, type SemanticInstance } from './semantic.js';

const vec3 = z.tuple([z.number(), z.number(), z.number()]);
// a stage placed more than 100 km away is a mistake, and float32 vertices out there lose centimetres
const coordinate = z
  .number()
  .check(z.minimum(-1e5, 'a stage origin coordinate must be at least -100000 m'), z.maximum(1e5, 'a stage origin coordinate must be at most 100000 m'));
/** The fields that place a stage's mesh in the world: a stage config's, or a dataset's defaults for its stages. */
const frameFields = {
  up: z.optional(vec3),
  front: z.optional(vec3),
  /** where the stage file's own origin stands in the y-up world, in metres (habitat-sim's CoordinateFrame origin: relative to the parent) */
  origin: z.optional(z.tuple([coordinate, coordinate, coordinate])),
  /** per-axis scale of the stage in the world frame (habitat-sim's stage `scale`) */
  scale: z.optional(z.tuple([z.number().check(z.positive()), z.number().check(z.positive()), z.number().check(z.positive())])),
  // millimetres to kilometres: 1e-30 would shrink a house to nothing (and every distance with it)
  units_to_meters: z.optional(
    z.number().check(z.minimum(1e-4, 'units_to_meters must be at least 0.0001 (1e-4)'), z.maximum(1e4, 'units_to_meters must be at most 10000')),
  ),
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

export interface DatasetScene {
  /** a `*.stage_config.json` or a stage `.glb` */
  stage: string;
  /** the config's `stages.default_attributes` (frame, origin, scale, units), for what a stage's own config does not say */
  frame: StageDefaults | null;
  /** the navmesh the config names for the scene (`navmesh_instances`), or null */
  navmesh: string | null;
  /** where the scene instance places its stage (`stage_instance.translation`/`rotation`), or null */
  place: StagePlacement | null;
  /** what the scene instance places besides its stage, which is not read (objects, articulated objects) */
  unread: { objects: number; articulated: number };
}

export interface SceneReader {
  files: SceneFiles;
  /** base colour texture decoders by mimeType for a glTF's images (its bytes, GLB or JSON text) */
  decoders(gltf: Uint8Array, binary: boolean): Promise<Record<string, TextureDecoder>>;
  /**
   * the stage a scene dataset config names for a scene; absent where the reader cannot list folders
   * (the config finds its stages by folder and glob), and the opener then refuses such a config
   */
  datasetScene?(config: string, scene: string): DatasetScene;
}

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

async function readBytes(files: SceneFiles, path: string, what: string): Promise<Uint8Array> {
  try {
    return await files.read(path);
  } catch (e) {
    throw new Error(`cannot read ${what} '${path}': ${(e as Error).message}`);
  }
}

export async function readStageConfigWith(files: SceneFiles, path: string): Promise<StageConfig> {
  let data: unknown;
  try {
    data = JSON.parse(new TextDecoder().decode(await readBytes(files, path, 'stage config')));
  } catch (e) {
    throw new Error(`stage config '${path}' is not valid JSON: ${(e as Error).message}`);
  }
  const r = StageConfigSchema.safeParse(data);
  if (!r.success) throw new Error(`stage config '${path}' is invalid:\n${describeIssues(r.error)}`);
  return r.data;
}

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
    1 - 2 * (y * y + z * z),
    2 * (x * y + w * z),
    2 * (x * z - w * y),
    0,
    2 * (x * y - w * z),
    1 - 2 * (x * x + z * z),
    2 * (y * z + w * x),
    0,
    2 * (x * z + w * y),
    2 * (y * z - w * x),
    1 - 2 * (x * x + y * y),
    0,
    t[0],
    t[1],
    t[2],
    1,
  ];
}

/** Where a stage's navmesh would be: the config's `nav_asset`, else `<stem>.navmesh` (`X.basis.navmesh`) beside the stage if it is there. */
export function navMeshCandidate(
  glb: string,
  cfg: StageConfig | null,
  cfgDir: string,
  resolve: (dir: string, rel: string) => string,
): { named: string | null; beside: string } {
  return {
    named: cfg?.nav_asset ? resolve(cfgDir, cfg.nav_asset) : null,
    beside: `${stemOf(glb)}${glb.toLowerCase().endsWith('.basis.glb') ? '.basis' : ''}.navmesh`,
  };
}

/** The navmesh file a stage uses by default (see `navMeshCandidate`), or null. */
export async function navMeshPathWith(files: SceneFiles, glb: string, cfg: StageConfig | null, cfgDir: string): Promise<string | null> {
  const c = navMeshCandidate(glb, cfg, cfgDir, files.resolve);
  return c.named ?? ((await files.kind(c.beside)) === 'file' ? c.beside : null);
}

async function semanticPaths(
  files: SceneFiles,
  o: HabitatSceneOptions,
  glb: string,
  cfg: StageConfig | null,
  cfgDir: string,
): Promise<{ glb: string; txt: string } | null> {
  if (o.semantic === 'none') return null;
  if (o.semantic) return o.semantic;
  const stem = stemOf(glb);
  const sg = cfg?.semantic_asset ? files.resolve(cfgDir, cfg.semantic_asset) : `${stem}.semantic.glb`;
  const st = cfg?.semantic_descriptor_filename ? files.resolve(cfgDir, cfg.semantic_descriptor_filename) : `${stem}.semantic.txt`;
  return (await files.kind(sg)) === 'file' && (await files.kind(st)) === 'file' ? { glb: sg, txt: st } : null;
}

/** Reads a habitat stage (frame, scale, textures, semantics) without touching its navmesh. */
export async function readStageWith(reader: SceneReader, o: HabitatSceneOptions): Promise<HabitatStage> {
  const { files } = reader;
  const isConfig = o.stage.toLowerCase().endsWith('.json');
  const cfg = isConfig ? await readStageConfigWith(files, o.stage) : null;
  const cfgDir = files.dirname(o.stage);
  const glb = cfg ? files.resolve(cfgDir, cfg.render_asset) : o.stage;
  if (!/\.glb$/i.test(glb)) throw new Error(`habitat stage '${glb}' must be a .glb file (habitat's stage convention), or a .stage_config.json naming one`);
  const frame = frameOf(cfg, o.frame, o.place);
  const bytes = await readBytes(files, glb, 'stage');
  const decoders = await reader.decoders(bytes, true);
  let scene = await loadGltfScene(bytes, { name: glb, binary: true, frame, decoders, textures: o.textures, report: o.report });
  const sem = await semanticPaths(files, o, glb, cfg, cfgDir);
  let semantic: SemanticInstance[] | null = null;
  if (sem) {
    const instances = parseSemanticTxt(new TextDecoder().decode(await readBytes(files, sem.txt, 'semantic descriptor')), sem.txt);
    const semBytes = await readBytes(files, sem.glb, 'semantic mesh');
    const semScene = await loadGltfScene(semBytes, {
      name: sem.glb,
      binary: true,
      frame,
      decoders: { ...decoders, ...(await reader.decoders(semBytes, true)) },
      exactVertexColours: true,
    });
    scene = applySemantics(scene, semScene, instances);
    semantic = instances;
  }
  return { scene, glb, stageConfig: cfg, configDir: cfgDir, semantic, semanticFiles: sem };
}
