/**
 * The project's own episodes in the published benchmark formats (BENCHMARK-FORMATS.md §2–3):
 * GOAT-Bench per-scene `content/{scene}.json.gz` objects (`episodes` + `goals` keyed
 * "{scene_basename}_{category}") and VLN-CE R2R `{split}.json.gz` (with `instruction_vocab`) plus its
 * `{split}_gt.json.gz`. Positions stay in the y-up world frame (habitat's and the simulator's);
 * rotations are yaw-only [x, y, z, w] quaternions. Values nothing here measures (GOAT's view-point
 * `iou`, image-goal coverages) are written as null, which habitat-lab's dataclasses accept.
 */
import type { Vec3 } from '../../geometry/index.js';
import type { GoatEpisode, InstructionEpisode } from '../episodes/schema.js';
import type { SceneNavMesh } from '../navmesh.js';
import type { CameraConfig } from '../render/camera.js';
import { type Scene, objectById } from '../scene.js';
import { yawQuaternion } from './frame.js';

const r5 = (x: number) => Math.round(x * 1e5) / 1e5;
const p5 = (p: readonly number[]) => p.map(r5);

export interface SceneRef {
  /** `scene_id` as episodes store it, relative to habitat's scene_datasets folder */
  sceneId: string;
  /** the `scene_dataset_config` path episodes carry */
  datasetConfig: string;
}

const basename = (p: string) => p.slice(p.lastIndexOf('/') + 1);

/** GOAT's instance name: "{category}_{id}" (HM3D names read "pillow_608"). */
export const goatObjectId = (category: string, id: number) => `${category.replace(/\s+/g, '_')}_${id}`;

/** Yaw that faces `target` from `from` (0 looks along −z). */
function facing(from: Vec3, target: Vec3): number {
  return Math.atan2(-(target[0] - from[0]), -(target[2] - from[2]));
}

interface GoatGoalOut {
  object_category: string;
  object_id: string;
  position: number[];
  children_object_categories: string[];
  view_points: Array<{ agent_state: { position: number[]; rotation: number[] }; iou: null }>;
  lang_desc?: string;
  image_goals?: Array<{
    position: number[];
    rotation: number[];
    hfov: number;
    image_dimensions: [number, number];
    frame_coverage: null;
    object_coverage: null;
  }>;
}

/**
 * A GOAT-Bench scene file for one house. `viewpoints(id)` gives an instance's success view points
 * (the ones the project's own episodes were generated with).
 */
export function goatSceneFile(scene: Scene, episodes: GoatEpisode[], ref: SceneRef, viewpoints: (id: number) => Vec3[], camera: CameraConfig): object {
  const goals = new Map<number, GoatGoalOut>();
  const keyOf = (category: string) => `${basename(ref.sceneId)}_${category}`;
  const instance = (id: number): GoatGoalOut => {
    if (!goals.has(id)) {
      const o = objectById(scene, id);
      if (!o) throw new Error(`GOAT export: episode goal names instance ${id}, which is not in scene '${scene.name}'`);
      const centre: Vec3 = [(o.min[0] + o.max[0]) / 2, (o.min[1] + o.max[1]) / 2, (o.min[2] + o.max[2]) / 2];
      const vps = viewpoints(id).map((p) => ({ agent_state: { position: p5(p), rotation: p5(yawQuaternion(facing(p, centre))) }, iou: null }));
      goals.set(id, {
        object_category: o.category,
        object_id: goatObjectId(o.category, id),
        position: p5(centre),
        children_object_categories: [],
        view_points: vps,
      });
    }
    return goals.get(id)!;
  };
  const out = episodes.map((e, n) => ({
    episode_id: n,
    scene_id: ref.sceneId,
    scene_dataset_config: ref.datasetConfig,
    start_position: p5(e.start.position),
    start_rotation: p5(yawQuaternion(e.start.yaw)),
    tasks: e.goals.map((g) => {
      const gs = g.instanceIds.map(instance);
      if (g.type === 'object') return [g.category, 'object', null];
      const goal = gs[0];
      if (g.type === 'description') {
        goal.lang_desc = g.description;
        return [g.category, 'description', goal.object_id];
      }
      const floorY = scene.floors[g.floor]?.y ?? g.view.position[1];
      const image = {
        position: p5([g.view.position[0], floorY + camera.cameraHeight, g.view.position[2]]),
        rotation: p5(yawQuaternion(g.view.yaw)),
        hfov: camera.hfovDeg,
        image_dimensions: [camera.height, camera.width] as [number, number],
        frame_coverage: null,
        object_coverage: null,
      };
      goal.image_goals = [...(goal.image_goals ?? []), image];
      return [g.category, 'image', goal.object_id, goal.image_goals.length - 1];
    }),
  }));
  const byKey: Record<string, GoatGoalOut[]> = {};
  for (const g of goals.values()) (byKey[keyOf(g.object_category)] ??= []).push(g);
  return { episodes: out, goals: byKey };
}

const tokenise = (text: string) => text.toLowerCase().match(/[a-z0-9]+|[^\sa-z0-9]/g) ?? [];

/** VLN-CE's `instruction_vocab`: `<pad>` 0, `<unk>` 1, then the words sorted. */
export function instructionVocab(texts: string[]): {
  word_list: string[];
  word2idx_dict: Record<string, number>;
  stoi: Record<string, number>;
  itos: string[];
  num_vocab: number;
  UNK_INDEX: number;
  PAD_INDEX: number;
} {
  const words = [...new Set(texts.flatMap(tokenise))].sort();
  const list = ['<pad>', '<unk>', ...words];
  const idx = Object.fromEntries(list.map((w, i) => [w, i]));
  return { word_list: list, word2idx_dict: idx, stoi: idx, itos: list, num_vocab: list.length, UNK_INDEX: 1, PAD_INDEX: 0 };
}

/** R2R-CE pads instruction tokens with 0 to a fixed length (200 in the published files). */
export const R2R_TOKEN_LENGTH = 200;

/** The R2R-CE `{split}.json.gz` object for instruction episodes of houses (one `ref` per episode). */
export function r2rSplitFile(episodes: Array<{ e: InstructionEpisode; ref: SceneRef }>): object {
  const vocab = instructionVocab(episodes.map((x) => x.e.instruction));
  const out = episodes.map(({ e, ref }, n) => {
    const tokens = tokenise(e.instruction)
      .map((w) => vocab.stoi[w] ?? vocab.UNK_INDEX)
      .slice(0, R2R_TOKEN_LENGTH);
    return {
      episode_id: n + 1,
      trajectory_id: n + 1,
      scene_id: ref.sceneId,
      start_position: p5(e.start.position),
      start_rotation: p5(yawQuaternion(e.start.yaw)),
      info: { geodesic_distance: r5(e.geodesicDistance) },
      goals: [{ position: p5(e.goal.position), radius: e.successRadius }],
      instruction: { instruction_text: e.instruction, instruction_tokens: [...tokens, ...new Array(R2R_TOKEN_LENGTH - tokens.length).fill(0)] },
      reference_path: e.referencePath.map(p5),
    };
  });
  return { episodes: out, instruction_vocab: vocab };
}

/** VLN-CE action ids in `_gt` files. */
export const VLNCE_ACTIONS = { STOP: 0, FORWARD: 1, LEFT: 2, RIGHT: 3 } as const;

/**
 * The dense ground truth of an R2R-CE episode: the positions and actions of an agent that follows
 * the shortest path with the benchmark's 0.25 m steps and 15° turns (turning towards the next path
 * corner when it is more than half a turn off, sliding along the navmesh), ending with STOP within
 * half a step of the goal.
 */
export function r2rGroundTruth(
  nav: SceneNavMesh,
  e: InstructionEpisode,
  step = 0.25,
  turnDeg = 15,
  maxSteps = 500,
): { locations: number[][]; actions: number[]; forward_steps: number } {
  const turn = (turnDeg * Math.PI) / 180;
  const path = nav.path(e.start.position, e.goal.position);
  if (!path) throw new Error(`R2R export: the goal of episode '${e.id}' is not reachable from its start`);
  let at = nav.snap(e.start.position);
  if (!at) throw new Error(`R2R export: the start of episode '${e.id}' is off the navmesh`);
  let yaw = e.start.yaw,
    corner = 1,
    forward = 0;
  const locations = [p5(at.point)],
    actions: number[] = [];
  const wrap = (a: number) => Math.atan2(Math.sin(a), Math.cos(a));
  for (;;) {
    while (corner < path.length - 1 && Math.hypot(path[corner][0] - at.point[0], path[corner][2] - at.point[2]) < step / 2) corner++;
    const end = path[path.length - 1];
    if (corner === path.length - 1 && Math.hypot(end[0] - at.point[0], end[2] - at.point[2]) < step / 2) break;
    if (actions.length >= maxSteps) throw new Error(`R2R export: a shortest-path follower did not reach the goal of episode '${e.id}' in ${maxSteps} actions`);
    const off = wrap(facing(at.point, path[corner]) - yaw);
    if (Math.abs(off) > turn / 2) {
      yaw = wrap(yaw + Math.sign(off) * turn);
      actions.push(off > 0 ? VLNCE_ACTIONS.LEFT : VLNCE_ACTIONS.RIGHT);
      continue;
    }
    at = nav.moveAlong(at, [at.point[0] - Math.sin(yaw) * step, at.point[1], at.point[2] - Math.cos(yaw) * step]);
    actions.push(VLNCE_ACTIONS.FORWARD);
    forward++;
    // as in the published files, a location is recorded per move (turns add none)
    locations.push(p5(at.point));
  }
  actions.push(VLNCE_ACTIONS.STOP);
  return { locations, actions, forward_steps: forward };
}
