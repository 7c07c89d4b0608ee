/**
 * Benchmark-format episode files for a procedural house (scene id `seed:N`): a GOAT-Bench per-scene
 * file (goals keyed "{scene}_{category}", view points on GOAT's 0.25 m grid within 1 m of the object,
 * image goals as camera poses) and an R2R-CE split with its `_gt` file, built from the house's own
 * GOAT and instruction episodes, so that the benchmark loaders and runners can be tested end to end.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Vec3 } from '../../src/geometry/index.js';
import { generateGoatEpisodes } from '../../src/sim/episodes/goat.js';
import { generateInstructionEpisodes } from '../../src/sim/episodes/instruction.js';
import { generateHouse } from '../../src/sim/house/generate.js';
import { distanceToFootprint } from '../../src/sim/metrics/goat.js';
import { SceneNavMesh } from '../../src/sim/navmesh.js';
import { Renderer } from '../../src/sim/render/renderer.js';
import { objectById, type Scene, type SceneObject } from '../../src/sim/scene.js';
import { quaternionOfYaw } from '../../src/world/node.js';

const gz = (path: string, data: unknown) => {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, gzipSync(JSON.stringify(data)));
};

/** GOAT-Bench's view points: floor points on a 0.25 m grid within 1 m of the object, reachable from `from`. */
function gridViewPoints(scene: Scene, nav: SceneNavMesh, o: SceneObject, from: Vec3): Vec3[] {
  const f = { x0: o.min[0], z0: o.min[2], x1: o.max[0], z1: o.max[2], floor: o.floor };
  const y = scene.floors[o.floor].y;
  const out: Vec3[] = [];
  for (let x = Math.floor((f.x0 - 1) / 0.25) * 0.25; x <= f.x1 + 1; x += 0.25) {
    for (let z = Math.floor((f.z0 - 1) / 0.25) * 0.25; z <= f.z1 + 1; z += 0.25) {
      const s = nav.snap([x, y, z], 0.05);
      if (!s || distanceToFootprint(s.point, f) > 1 || !Number.isFinite(nav.geodesic(from, s.point))) continue;
      out.push(s.point);
    }
  }
  return out;
}

export interface WrittenBenchmarks {
  /** dataset roots holding `val/` */
  goatRoot: string;
  r2rRoot: string;
  scene: string;
}

export async function writeHabitatEpisodes(dir: string, seed: number, goals = 2): Promise<WrittenBenchmarks> {
  const scene = generateHouse(seed);
  const sceneId = `seed:${seed}`;
  const house = { kind: 'procedural' as const, seed };
  const nav = await SceneNavMesh.build(scene);
  const renderer = await Renderer.create(scene);
  try {
    const ep = generateGoatEpisodes(scene, house, nav, renderer, 1, seed, { minGoals: goals, maxGoals: goals })[0];
    const goalsByKey: Record<string, unknown[]> = {};
    const goalEntry = (o: SceneObject, desc: string | null, image: unknown[]) => ({
      object_category: o.category,
      object_id: `${o.category}_${o.id}`,
      position: [(o.min[0] + o.max[0]) / 2, (o.min[1] + o.max[1]) / 2, (o.min[2] + o.max[2]) / 2],
      view_points: gridViewPoints(scene, nav, o, ep.start.position).map((p) => ({ agent_state: { position: p, rotation: [0, 0, 0, 1] }, iou: 0.5 })),
      children_object_categories: [],
      lang_desc: desc,
      image_goals: image,
    });
    const tasks = ep.goals.map((g) => {
      const key = `${sceneId}_${g.category}`;
      const list = (goalsByKey[key] ??= []);
      const add = (e: ReturnType<typeof goalEntry>) => {
        const i = list.findIndex((x) => (x as { object_id: string }).object_id === e.object_id);
        if (i >= 0) list[i] = e;
        else list.push(e);
      };
      if (g.type === 'object') {
        for (const id of g.instanceIds) add(goalEntry(objectById(scene, id)!, null, []));
        return [g.category, 'object', null];
      }
      const o = objectById(scene, g.instanceIds[0])!;
      if (g.type === 'description') {
        add(goalEntry(o, g.description, []));
        return [g.category, 'description', `${o.category}_${o.id}`];
      }
      const cam = [g.view.position[0], g.view.position[1] + renderer.camera.cameraHeight, g.view.position[2]];
      add(
        goalEntry(o, null, [
          {
            position: cam,
            rotation: quaternionOfYaw(g.view.yaw),
            hfov: renderer.camera.hfovDeg,
            image_dimensions: [renderer.camera.height, renderer.camera.width],
            frame_coverage: 0.3,
            object_coverage: 0.9,
          },
        ]),
      );
      return [g.category, 'image', `${o.category}_${o.id}`, 0];
    });
    const goatRoot = join(dir, 'goat');
    gz(join(goatRoot, 'val', 'content', `seed${seed}.json.gz`), {
      episodes: [{ episode_id: 0, scene_id: sceneId, start_position: ep.start.position, start_rotation: quaternionOfYaw(ep.start.yaw), tasks }],
      goals: goalsByKey,
    });
    const ie = generateInstructionEpisodes(scene, house, nav, 1, seed)[0];
    const r2rRoot = join(dir, 'r2r');
    gz(join(r2rRoot, 'val', 'val.json.gz'), {
      episodes: [
        {
          episode_id: 1,
          trajectory_id: 5,
          scene_id: sceneId,
          start_position: ie.start.position,
          start_rotation: quaternionOfYaw(ie.start.yaw),
          info: { geodesic_distance: ie.geodesicDistance },
          goals: [{ position: ie.goal.position, radius: 3.0 }],
          instruction: { instruction_text: ie.instruction, instruction_tokens: [1, 2, 0] },
          reference_path: [ie.referencePath[0], ie.referencePath[ie.referencePath.length - 1]],
        },
      ],
      instruction_vocab: { word_list: ['<PAD>', 'walk', 'stop'] },
    });
    gz(join(r2rRoot, 'val', 'val_gt.json.gz'), { 1: { locations: ie.referencePath, actions: [], forward_steps: 0 } });
    return { goatRoot, r2rRoot, scene: sceneId };
  } finally {
    renderer.dispose();
    nav.destroy();
  }
}
