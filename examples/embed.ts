/**
 * The navigation core on its own, as a robot or an edge device would embed it: depth frames with
 * camera-to-world poses in, an occupancy map, a route and a map picture out. No simulator, tracker or
 * harness; one 15 KB WebAssembly module (navcore.wasm) that loads the same way in Node and browsers.
 *
 *   npx tsx examples/embed.ts [tum-folder]     (default: ../shared/data/tum_fr3_teddy_100)
 */
import { writeFileSync } from 'node:fs';
import {
  encodePng,
  type Intrinsics,
  type Mat4,
  Navcore,
  OccupancyMap,
  planarPose,
  Planner,
  type PlanResult,
  renderMap,
  type WorldFrame,
  Z_UP_FRAME,
} from 'navharness/core';

export interface DepthFrame {
  /** metres, row-major, K.width × K.height */
  depth: Float32Array;
  /** camera-to-world, row-major 4×4, OpenCV camera axes */
  pose: Mat4;
}

export interface EmbedResult {
  integrated: number;
  exploredM2: number;
  route: PlanResult;
  png: Uint8Array;
  /** linear memory of the module after mapping, bytes */
  wasmBytes: number;
}

/** Maps `frames`, then plans from the first camera position to the last one and draws the map. */
export async function mapAndPlan(frames: Iterable<DepthFrame>, K: Intrinsics, world: WorldFrame, floorUp: number): Promise<EmbedResult> {
  const core = await Navcore.load(); // one instance: its own linear memory
  const map = new OccupancyMap(core, world);
  const floor = map.openFloor(floorUp);
  const trail: { x: number; z: number }[] = [];
  for (const f of frames) {
    const r = map.integrate({ intrinsics: K, depth: f.depth }, f.pose, floor);
    if (!r.ok) throw new Error(r.error); // bad frames and poses come back as errors, never crashes
    trail.push(planarPose(world, f.pose));
  }
  if (trail.length === 0) throw new Error('no frames to map');
  const route = new Planner(map).plan(trail[0], trail[trail.length - 1], floor);
  const png = encodePng(
    renderMap(map, floor, {
      zoom: 4,
      trail,
      markers: [{ name: 'start', ...trail[0] }],
      route: route.status === 'ok' ? route.path : [],
    }),
  );
  return { integrated: trail.length, exploredM2: map.exploredArea(floor), route, png, wasmBytes: core.memory.buffer.byteLength };
}

async function main(folder: string): Promise<void> {
  const { readTumFrames, readTumTrajectory, readRgbd, poseAt, TUM_FR3_INTRINSICS } = await import('navharness/core');
  const { join } = await import('node:path');
  const K: Intrinsics = { ...TUM_FR3_INTRINSICS };
  const gt = readTumTrajectory(join(folder, 'groundtruth.txt'));
  const frames = readTumFrames(folder).flatMap((f) => {
    const pose = poseAt(gt, f.rgbTime, 0.02);
    return pose ? [{ depth: readRgbd(folder, f, 5000).depth, pose }] : [];
  });
  const r = await mapAndPlan(frames, K, Z_UP_FRAME, 0);
  writeFileSync('embed-map.png', r.png);
  const route = r.route.status === 'ok' ? `${r.route.lengthM.toFixed(2)} m` : r.route.reason;
  console.log(
    `${r.integrated} frames, ${r.exploredM2.toFixed(1)} m² explored, route ${route}, ${(r.wasmBytes / 2 ** 20).toFixed(1)} MiB linear memory; wrote embed-map.png`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv[2] ?? '../shared/data/tum_fr3_teddy_100').catch((err) => {
    console.error(String(err instanceof Error ? err.message : err));
    process.exit(1);
  });
}
