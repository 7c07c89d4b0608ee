/**
 * A procedural house as a Habitat scene dataset, laid out as habitat-lab's `data/` folder:
 *
 *   scene_datasets/navharness/navharness.scene_dataset_config.json
 *   scene_datasets/navharness/house_N/house_N.glb            stage, +Z up, +Y front
 *   scene_datasets/navharness/house_N/house_N.navmesh        habitat version 2, with its settings
 *   scene_datasets/navharness/house_N/house_N.semantic.glb + .semantic.txt   HM3D-style instances
 *   scene_datasets/navharness/house_N/house_N.stage_config.json
 *   datasets/goat_bench/navharness/{split}/content/house_N.json.gz
 *   datasets/r2r_vlnce/navharness/{split}/{split}.json.gz and {split}_gt.json.gz
 *
 * The navmesh is the simulator's own (the one its episodes and metrics use), so distances measured
 * in Habitat on it are the project's. Episodes come from the project's generators. Returns the files
 * as relative path → bytes; writing them is the caller's.
 */
import { gzipSync } from 'node:zlib';
import { generateGoatEpisodes, goatCandidates } from '../episodes/goat.js';
import { generateInstructionEpisodes } from '../episodes/instruction.js';
import { generateHouse } from '../house/generate.js';
import { type AgentShape, DEFAULT_AGENT, recastConfig, SceneNavMesh } from '../navmesh.js';
import { hashString } from '../random.js';
import { cameraConfig } from '../render/camera.js';
import { Renderer } from '../render/renderer.js';
import type { Scene } from '../scene.js';
import { goatSceneFile, r2rGroundTruth, r2rSplitFile, type SceneRef } from './episodes-out.js';
import { HABITAT_MESH_FRONT, HABITAT_MESH_UP } from './frame.js';
import { type HabitatNavMeshSettings, writeHabitatNavMesh } from './navmesh-file.js';
import { recastOfBuildConfig, recastOfHabitatSettings, type RecastValues } from './navmesh-settings.js';
import { sceneToSemanticGlb, sceneToStageGlb, semanticTxt } from './stage-glb.js';

export interface HabitatExportOptions {
  seed: number;
  /** GOAT-Bench episodes to write (0: none) */
  goatEpisodes: number;
  /** R2R-CE episodes to write (0: none) */
  r2rEpisodes: number;
  split: string;
  agent?: AgentShape;
}

export const DATASET_NAME = 'navharness';
const DATASET_CONFIG = `${DATASET_NAME}.scene_dataset_config.json`;

/**
 * The NavMeshSettings block describing how `recastConfig(agent)` built the navmesh, in habitat-sim's
 * units (recast-navigation-js's build config takes the same units: region sizes per side, sample
 * distance in cells, sample error in cell heights; edge length in metres here, in cells there).
 * Checked before it is written: habitat-sim's PathFinder must turn the block into exactly the Recast
 * values the mesh was built with (float32 arithmetic included), or the block would describe another mesh.
 */
export function navMeshSettings(agent: AgentShape): HabitatNavMeshSettings {
  const c = recastConfig(agent);
  const s: HabitatNavMeshSettings = {
    cellSize: c.cs,
    cellHeight: c.ch,
    agentHeight: agent.height,
    agentRadius: agent.radius,
    agentMaxClimb: agent.maxClimb,
    agentMaxSlope: agent.maxSlopeDeg,
    regionMinSize: c.minRegionArea,
    regionMergeSize: c.mergeRegionArea,
    edgeMaxLen: c.maxEdgeLen * c.cs,
    edgeMaxError: c.maxSimplificationError,
    vertsPerPoly: c.maxVertsPerPoly,
    detailSampleDist: c.detailSampleDist,
    detailSampleMaxError: c.detailSampleMaxError,
    filterLowHangingObstacles: true,
    filterLedgeSpans: true,
    filterWalkableLowHeightSpans: true,
    includeStaticObjects: false,
  };
  const built = recastOfBuildConfig(c);
  // habitat-sim computes in float32: where x / cell lands a rounding error above a whole number,
  // its ceil is one cell more than the build's; the stored value is then moved to its float32
  // neighbour (a change below 1e-7 m) on the side that gives the build's cells
  const fields: Array<[keyof HabitatNavMeshSettings, keyof RecastValues]> = [
    ['agentHeight', 'walkableHeight'],
    ['agentMaxClimb', 'walkableClimb'],
    ['agentRadius', 'walkableRadius'],
    ['edgeMaxLen', 'maxEdgeLen'],
    ['regionMinSize', 'minRegionArea'],
    ['regionMergeSize', 'mergeRegionArea'],
  ];
  for (const [field, value] of fields) {
    for (let i = 0; i < 16; i++) {
      const got = recastOfHabitatSettings(s)[value];
      if (got === built[value]) break;
      (s[field] as number) = nextFloat32(s[field] as number, got > built[value] ? -1 : 1);
    }
  }
  const habitat = recastOfHabitatSettings(s);
  const differ = (Object.keys(built) as (keyof RecastValues)[]).filter((k) => habitat[k] !== built[k]);
  if (differ.length)
    throw new Error(
      `the navmesh settings of an agent of ${agent.height} m / ${agent.radius} m would not reproduce its mesh in habitat-sim: ${differ.map((k) => `${k} ${habitat[k]} (habitat) against ${built[k]} (built)`).join(', ')}`,
    );
  return s;
}

/** The float32 next to `x` (a positive float32) upwards (dir 1) or downwards (-1). */
function nextFloat32(x: number, dir: 1 | -1): number {
  const f = new Float32Array([x]);
  const bits = new Int32Array(f.buffer);
  bits[0] += dir;
  return f[0];
}

const json = (o: unknown) => new TextEncoder().encode(JSON.stringify(o, null, 2) + '\n');
const gz = (o: unknown) => new Uint8Array(gzipSync(JSON.stringify(o)));

function configs(stem: string): Record<string, Uint8Array> {
  const dir = `scene_datasets/${DATASET_NAME}`;
  const frame = { up: HABITAT_MESH_UP, front: HABITAT_MESH_FRONT, origin: [0, 0, 0], units_to_meters: 1.0 };
  return {
    [`${dir}/${DATASET_CONFIG}`]: json({
      stages: { default_attributes: { ...frame, requires_lighting: false }, paths: { '.json': ['*/*.stage_config.json'] } },
    }),
    [`${dir}/${stem}/${stem}.stage_config.json`]: json({
      render_asset: `${stem}.glb`,
      collision_asset: `${stem}.glb`,
      nav_asset: `${stem}.navmesh`,
      semantic_asset: `${stem}.semantic.glb`,
      semantic_descriptor_filename: `${stem}.semantic.txt`,
      has_semantic_textures: false,
      ...frame,
      shader_type: 'flat',
      requires_lighting: false,
    }),
  };
}

async function episodeFiles(
  scene: Scene,
  nav: SceneNavMesh,
  renderer: Renderer,
  o: HabitatExportOptions,
  ref: SceneRef,
  stem: string,
): Promise<Record<string, Uint8Array>> {
  const files: Record<string, Uint8Array> = {};
  const house = { kind: 'procedural' as const, seed: o.seed };
  if (o.goatEpisodes > 0) {
    const cands = goatCandidates(scene, nav, renderer);
    const eps = generateGoatEpisodes(scene, house, nav, renderer, o.goatEpisodes, hashString(`habitat-goat:${o.seed}`), {}, cands);
    const vps = new Map(cands.map((c) => [c.o.id, c.viewpoints]));
    const file = goatSceneFile(scene, eps, ref, (id) => vps.get(id) ?? [], renderer.camera);
    files[`datasets/goat_bench/${DATASET_NAME}/${o.split}/content/${stem}.json.gz`] = gz(file);
  }
  if (o.r2rEpisodes > 0) {
    const eps = generateInstructionEpisodes(scene, house, nav, o.r2rEpisodes, hashString(`habitat-r2r:${o.seed}`));
    const dir = `datasets/r2r_vlnce/${DATASET_NAME}/${o.split}`;
    files[`${dir}/${o.split}.json.gz`] = gz(r2rSplitFile(eps.map((e) => ({ e, ref }))));
    files[`${dir}/${o.split}_gt.json.gz`] = gz(Object.fromEntries(eps.map((e, n) => [String(n + 1), r2rGroundTruth(nav, e)])));
  }
  return files;
}

/** Every file of the export, relative path → bytes. */
export async function exportHabitatHouse(o: HabitatExportOptions): Promise<Record<string, Uint8Array>> {
  const scene = generateHouse(o.seed);
  const agent = o.agent ?? DEFAULT_AGENT;
  const stem = `house_${o.seed}`;
  const ref: SceneRef = { sceneId: `${DATASET_NAME}/${stem}/${stem}.glb`, datasetConfig: `./data/scene_datasets/${DATASET_NAME}/${DATASET_CONFIG}` };
  // one tile whatever the house's size, as habitat-sim builds: its rebuild from the settings block is this mesh
  const nav = await SceneNavMesh.build(scene, agent, recastConfig(agent), 'solo');
  const renderer = await Renderer.create(scene, cameraConfig());
  try {
    const dir = `scene_datasets/${DATASET_NAME}/${stem}`;
    return {
      [`${dir}/${stem}.glb`]: await sceneToStageGlb(scene, (i) => renderer.textureTexels(i)),
      [`${dir}/${stem}.navmesh`]: writeHabitatNavMesh(nav.toRecastBytes(), navMeshSettings(agent)),
      [`${dir}/${stem}.semantic.glb`]: await sceneToSemanticGlb(scene),
      [`${dir}/${stem}.semantic.txt`]: new TextEncoder().encode(semanticTxt(scene)),
      ...configs(stem),
      ...(await episodeFiles(scene, nav, renderer, o, ref, stem)),
    };
  } finally {
    renderer.dispose();
    nav.destroy();
  }
}
