/**
 * R2R-CE-like instruction episodes: start and goal in different rooms, the shortest navmesh path
 * between them as the reference path (sampled every metre), and an instruction generated from it.
 */
import type { Vec3 } from '../../geometry/index.js';
import { pathLength, type SceneNavMesh } from '../navmesh.js';
import { Rng } from '../random.js';
import { roomAt, type Room, type Scene } from '../scene.js';
import type { HouseRef, InstructionEpisode } from './schema.js';
import { resample, routeInstruction } from './route-text.js';

function pointIn(rng: Rng, scene: Scene, nav: SceneNavMesh, room: Room): Vec3 | null {
  for (let k = 0; k < 20; k++) {
    const x = rng.range(room.x0 + 0.4, room.x1 - 0.4),
      z = rng.range(room.z0 + 0.4, room.z1 - 0.4);
    const s = nav.snap([x, scene.floors[room.floor].y, z], 0.25);
    if (!s) continue;
    const r = roomAt(scene, s.point[0], s.point[2], room.floor);
    if (r?.index !== room.index) continue;
    if (!Number.isFinite(nav.geodesic(scene.start.position, s.point))) continue;
    return s.point;
  }
  return null;
}

export function generateInstructionEpisodes(scene: Scene, house: HouseRef, nav: SceneNavMesh, count: number, seed: number): InstructionEpisode[] {
  const rng = new Rng(seed);
  const out: InstructionEpisode[] = [];
  for (let attempt = 0; out.length < count && attempt < count * 40; attempt++) {
    const a = rng.pick(scene.rooms),
      b = rng.pick(scene.rooms);
    if (a.index === b.index || (a.type === 'hallway' && b.type === 'hallway')) continue;
    const start = pointIn(rng, scene, nav, a),
      goal = pointIn(rng, scene, nav, b);
    if (!start || !goal) continue;
    const path = nav.path(start, goal);
    if (!path) continue;
    const len = pathLength(path);
    if (len < 3 || len > 30) continue;
    const yaw = rng.range(-Math.PI, Math.PI);
    out.push({
      id: `instr-${scene.name.replace(/[^a-z0-9]+/gi, '')}-${out.length}`,
      kind: 'instruction',
      house,
      start: { position: start, yaw },
      goal: { position: goal },
      instruction: routeInstruction(scene, path, yaw),
      referencePath: resample(path, 1.0),
      geodesicDistance: len,
      successRadius: 3.0,
    });
  }
  if (out.length < count) throw new Error(`house '${scene.name}': generated only ${out.length} of ${count} instruction episodes`);
  return out;
}
