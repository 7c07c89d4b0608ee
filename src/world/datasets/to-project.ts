/**
 * Benchmark episodes → the project's episode schema (src/sim/episodes), once their scene is open:
 * GOAT-Bench subtasks become GOAT goals (instance ids from the `{category}_{id}` object ids, the
 * floor from the view points, image goals as the floor point under the goal camera with its heading);
 * VLN-CE episodes become instruction episodes whose reference is the dense `_gt` path when there is one.
 */
import type { Vec3 } from '../../geometry/index.js';
import { floorAt, type GoatEpisode, type GoatGoal, type HouseRef, type InstructionEpisode, type Scene } from '../../sim/index.js';
import type { GoatBenchEpisode, GoatBenchGoal, GoatBenchSubtask, VlnceEpisode } from './types.js';

/** The scene instance id of a GOAT object id: the number after the last '_' (HM3D `pillow_608` → 608). */
export function instanceIdOf(objectId: string): number {
  const m = /_(\d+)$/.exec(objectId);
  const id = m ? Number(m[1]) : NaN;
  if (!(id > 0)) throw new Error(`object id '${objectId}' does not end in a positive instance number ('{category}_{id}')`);
  return id;
}

/** A GOAT object id → the scene's instance id (HM3D scenes map semantic ids to scene objects). */
export type InstanceIdOf = (objectId: string) => number;

function goalOf(scene: Scene, t: GoatBenchSubtask, idOf: InstanceIdOf): GoatGoal {
  const viewpoints: Vec3[] = t.targets.flatMap((g: GoatBenchGoal) => g.viewPoints);
  if (viewpoints.length === 0) throw new Error(`the ${t.kind} subtask '${t.category}' has no view points: it cannot be scored`);
  const base = {
    category: t.category,
    instanceIds: [...new Set(t.targets.map((g) => idOf(g.objectId)))],
    floor: floorAt(scene, viewpoints[0][1]).index,
    viewpoints,
    successRadius: 1.0,
  };
  if (t.kind === 'object') return { type: 'object', ...base };
  if (t.kind === 'description') return { type: 'description', ...base, description: t.text };
  // the photograph is rendered from the floor point under the goal camera, at its height and pitch
  const im = t.image;
  const c = im.position;
  const floorY = floorAt(scene, Math.min(c[1], viewpoints[0][1])).y;
  const camera = { heightM: Math.max(0.05, c[1] - floorY), pitch: im.pitch, hfovDeg: im.hfovDeg, width: im.width, height: im.height };
  return { type: 'image', ...base, view: { position: [c[0], floorY, c[2]], yaw: im.yaw }, camera };
}

/** `idOf`: how the scene numbers GOAT's objects (default: the number in the object id, as procedural and exported houses do). */
export function goatEpisodeOf(ep: GoatBenchEpisode, house: HouseRef, scene: Scene, idOf: InstanceIdOf = instanceIdOf): GoatEpisode {
  if (ep.subtasks.length === 0) throw new Error(`GOAT-Bench episode ${ep.id} of ${ep.file} has no subtask left to run`);
  return {
    id: `${ep.scene.split('/').pop()}-${ep.id}`,
    kind: 'goat',
    house,
    start: { position: ep.start.position, yaw: ep.start.yaw },
    goals: ep.subtasks.map((t) => goalOf(scene, t, idOf)),
  };
}

/** nDTW's reference: the `_gt` locations (VLN-CE's NDTW reads them), else the file's sparse path. */
function referenceOf(ep: VlnceEpisode): Vec3[] {
  const path = ep.gt?.locations ?? ep.referencePath ?? [];
  if (path.length === 0) throw new Error(`episode ${ep.id} has neither a _gt entry nor a reference_path: nDTW has no reference`);
  return path.length === 1 ? [path[0], path[0]] : path;
}

/** `geodesic` measures d0 when the file gives no `info.geodesic_distance` (RxR-CE). */
export function instructionEpisodeOf(ep: VlnceEpisode, house: HouseRef, geodesic: (a: Vec3, b: Vec3) => number): InstructionEpisode {
  const reference = referenceOf(ep);
  const goal = ep.goals[0] ?? reference[reference.length - 1];
  const d0 = ep.geodesicDistance ?? geodesic(ep.start.position, goal);
  if (!(d0 > 0) || !Number.isFinite(d0)) throw new Error(`episode ${ep.id}: the goal is not reachable from the start on this scene's navmesh (geodesic ${d0})`);
  return {
    id: ep.id,
    kind: 'instruction',
    house,
    start: ep.start,
    goal: { position: goal },
    instruction: ep.instruction.text,
    referencePath: reference,
    geodesicDistance: d0,
    successRadius: 3.0,
  };
}
