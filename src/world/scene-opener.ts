/**
 * The scene opener's reading and assembly, free of Node modules: a house spec's path becomes a scene
 * through a `SceneReader` (where the bytes come from, and which texture decoders there are). The
 * command line opens with the file system's reader (open-scene.ts); the browser demo with the files
 * the user picked (web/scene-reader.ts). What each kind of file is, and every refusal, is decided here once.
 */
import {
  emptyGltfReport,
  type GltfReport,
  loadGltfScene,
  navMeshPathWith,
  readStageWith,
  type SceneReader,
  type SemanticInstance,
  type StageConfig,
  type StageDefaults,
  type StagePlacement,
} from '../sim/scene-read.js';
import type { Scene } from '../sim/index.js';

export type SceneKind = 'procedural' | 'gltf' | 'habitat-stage' | 'habitat-object' | 'hm3d-stage' | 'mp3d-stage' | 'scene-dataset';

/** What a house spec may name, for refusals. */
export const ACCEPTED_SCENES =
  'seed:N; a .gltf/.glb (y-up glTF); a habitat stage (X.stage_config.json, or X.glb with X.stage_config.json beside it); an HM3D X.basis.glb (with X.semantic.glb + X.semantic.txt for annotations); an MP3D X.glb with X.navmesh beside it; or X.scene_dataset_config.json#SCENE (scene inspect also opens a habitat object, X.object_config.json)';

export class SceneError extends Error {
  override name = 'SceneError';
  constructor(
    readonly file: string,
    readonly problem: string,
    readonly accepted: string = ACCEPTED_SCENES,
  ) {
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

const isFile = async (r: SceneReader, path: string) => (await r.files.kind(path)) === 'file';

async function stageConfigBeside(r: SceneReader, glb: string): Promise<string | null> {
  for (const stem of [glb.replace(/\.glb$/i, ''), glb.replace(/(\.basis)?\.glb$/i, '')])
    if (await isFile(r, `${stem}.stage_config.json`)) return `${stem}.stage_config.json`;
  return null;
}

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
async function planOf(r: SceneReader, path: string, glb: 'auto' | 'habitat'): Promise<Plan> {
  const hash = path.lastIndexOf('#');
  if (/\.scene_dataset_config\.json#/i.test(path) || /\.scene_dataset_config\.json$/i.test(path)) {
    const [cfg, name] = hash > 0 ? [path.slice(0, hash), path.slice(hash + 1)] : [path, ''];
    if (!name) throw new SceneError(path, 'a scene dataset config needs the scene to open after a #, e.g. hm3d.scene_dataset_config.json#TEEsavR23oF');
    if (!(await isFile(r, cfg))) throw new SceneError(cfg, 'the file does not exist');
    if (!r.datasetScene)
      throw new SceneError(
        cfg,
        'a scene dataset config finds its stages by folder and glob, which this reader cannot list',
        'here: a .glb, a .gltf with its files, or a stage config with its folder; a scene dataset config opens from the command line',
      );
    let d;
    try {
      d = r.datasetScene(cfg, name);
    } catch (e) {
      throw new SceneError(cfg, (e as Error).message);
    }
    const { objects, articulated } = d.unread;
    const notes =
      objects + articulated > 0
        ? [
            `the scene instance '${name}' places ${objects} object(s) and ${articulated} articulated object(s) besides its stage; only the stage is read (they are not in the scene, its navmesh or its views)`,
          ]
        : [];
    return { kind: 'scene-dataset', file: d.stage, frame: d.frame ?? undefined, navmesh: d.navmesh, place: d.place ?? undefined, notes };
  }
  const kind = await r.files.kind(path);
  if (!kind) throw new SceneError(path, 'the file does not exist');
  if (kind !== 'file') throw new SceneError(path, 'is not a file');
  if (/\.stage_config\.json$/i.test(path)) return { kind: 'habitat-stage', file: path };
  // habitat-sim's object attributes default to glTF's frame: +Y up, −Z front
  if (/\.object_config\.json$/i.test(path)) return { kind: 'habitat-object', file: path, frame: { up: [0, 1, 0], front: [0, 0, -1] } };
  if (/\.gltf$/i.test(path)) return { kind: 'gltf', file: path };
  if (!/\.glb$/i.test(path)) throw new SceneError(path, 'is not a scene file this opener reads');
  const cfg = await stageConfigBeside(r, path);
  if (cfg) return { kind: 'habitat-stage', file: cfg };
  if (/\.basis\.glb$/i.test(path)) return { kind: 'hm3d-stage', file: path };
  if (glb === 'habitat' || (await isFile(r, path.replace(/\.glb$/i, '.navmesh')))) return { kind: 'mp3d-stage', file: path };
  return { kind: 'gltf', file: path };
}

/** External files a `.gltf` names (buffers, images), read from beside it. */
async function gltfResources(r: SceneReader, file: string, bytes: Uint8Array): Promise<Record<string, Uint8Array>> {
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
    const at = r.files.resolve(r.files.dirname(file), decodeURIComponent(uri));
    if (!(await isFile(r, at))) throw new SceneError(file, `names the external file '${uri}', which is not at ${at}`);
    out[uri] = await r.files.read(at);
  }
  return out;
}

async function openGltf(r: SceneReader, file: string, o: SceneOpenOptions, report: GltfReport): Promise<Scene> {
  const bytes = await r.files.read(file);
  const binary = /\.glb$/i.test(file);
  const resources = binary ? {} : await gltfResources(r, file, bytes);
  const decoders = await r.decoders(bytes, binary);
  return loadGltfScene(bytes, { name: file, binary, resources, decoders, textures: o.textures, report });
}

const refusalOf = (file: string, e: unknown): SceneError => {
  if (e instanceof SceneError) return e;
  const msg = (e as Error).message;
  if (/texture '.*' .*(cannot be decoded|unsupported image type|has no image data)/.test(msg))
    return new SceneError(
      file,
      msg,
      'a scene whose base colour textures decode (PNG, JPEG, Basis .basis, KTX2), or --allow-missing-textures to open it with the undecodable ones grey',
    );
  return new SceneError(file, msg);
};

/** Opens the scene file at `path` (any kind but a procedural seed) through `r`; refusals are `SceneError`s. */
export async function openSceneWith(r: SceneReader, path: string, o: SceneOpenOptions = {}): Promise<OpenedHouseScene> {
  const report = emptyGltfReport();
  const plan = await planOf(r, path, o.glb ?? 'auto');
  try {
    if (plan.kind === 'gltf') {
      const scene = await openGltf(r, plan.file, o, report);
      return { kind: 'gltf', scene, files: [plan.file], stageConfig: null, textures: report.textures, notes: report.notes, semantic: null, navmeshFile: null };
    }
    const stage = await readStageWith(r, {
      stage: plan.file,
      frame: plan.frame,
      place: plan.place,
      textures: o.textures,
      report,
      ...(plan.kind === 'habitat-object' ? { semantic: 'none' as const } : {}),
    });
    const navmeshFile = plan.navmesh ?? (await navMeshPathWith(r.files, stage.glb, stage.stageConfig, stage.configDir));
    if (navmeshFile && !(await isFile(r, navmeshFile)))
      throw new SceneError(
        plan.file,
        `its navmesh '${navmeshFile}' does not exist`,
        'a navmesh the stage config (nav_asset) or dataset config (navmesh_instances) names that is there, or none (the navmesh is then built)',
      );
    const files = [
      ...new Set([path.replace(/#.*$/, ''), plan.file, stage.glb, ...(stage.semanticFiles ? [stage.semanticFiles.glb, stage.semanticFiles.txt] : [])]),
    ];
    return {
      kind: plan.kind,
      scene: stage.scene,
      files,
      stageConfig: stage.stageConfig,
      textures: report.textures,
      notes: [...(plan.notes ?? []), ...report.notes],
      semantic: stage.semantic,
      navmeshFile,
    };
  } catch (e) {
    throw refusalOf(plan.file, e);
  }
}
