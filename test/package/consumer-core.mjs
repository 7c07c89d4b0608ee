// Runs in a folder where the packed navharness tarball was installed, under plain Node (no tsx, no
// TypeScript): imports navharness/core, maps synthetic depth frames and plans across them, loads the
// tracker, and, given a TUM folder, maps its frames with the ground truth and plans a path. Prints one
// JSON object. Copied there by test/package/pack-install.test.ts.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  encodePng,
  Navcore,
  OccupancyMap,
  planarPose,
  Planner,
  poseAt,
  readRgbd,
  readTumFrames,
  readTumTrajectory,
  Tracker,
  TUM_FR3_INTRINSICS,
  Z_UP_FRAME,
} from 'navharness/core';

const K = { width: 64, height: 48, fx: 50, fy: 50, cx: 31.5, cy: 23.5 };

/** A camera 1 m above the floor (z up) looking along +x at a wall at x = 4. */
function syntheticFrame(x) {
  const depth = new Float32Array(K.width * K.height);
  for (let v = 0; v < K.height; v++) {
    const down = (v - K.cy) / K.fy; // floor met where 1 m − down·d = 0
    for (let u = 0; u < K.width; u++) depth[v * K.width + u] = down > 0 ? Math.min(4 - x, 1 / down) : 4 - x;
  }
  // camera-to-world, OpenCV camera axes: z (forward) → +x, x (right) → −y, y (down) → −z
  const pose = [0, 0, 1, x, -1, 0, 0, 0, 0, -1, 0, 1, 0, 0, 0, 1];
  return { depth, pose };
}

async function mapAndPlan(frames, intrinsics) {
  const map = new OccupancyMap(await Navcore.load(), Z_UP_FRAME);
  const floor = map.openFloor(0);
  const trail = [];
  for (const f of frames) {
    const r = map.integrate({ intrinsics, depth: f.depth }, f.pose, floor);
    if (!r.ok) throw new Error(r.error);
    trail.push(planarPose(Z_UP_FRAME, f.pose));
  }
  const route = new Planner(map).plan(trail[0], trail[trail.length - 1], floor);
  const counts = map.counts(floor);
  return {
    integrated: trail.length,
    explored_m2: map.exploredArea(floor),
    obstacle_cells: counts.obstacle,
    route: route.status === 'ok' ? { status: 'ok', length_m: route.lengthM } : route,
  };
}

const out = {};
out.synthetic = await mapAndPlan([0, 0.25, 0.5, 0.75, 1].map(syntheticFrame), K);
const tracker = await Tracker.create({ intrinsics: { ...TUM_FR3_INTRINSICS } });
out.tracker = { width: tracker.width, height: tracker.height };
tracker.dispose();
out.png_bytes = encodePng({ width: 2, height: 2, data: new Uint8ClampedArray(16) }).length;

const folder = process.argv[2];
if (folder && existsSync(join(folder, 'groundtruth.txt'))) {
  const gt = readTumTrajectory(join(folder, 'groundtruth.txt'));
  const frames = readTumFrames(folder).flatMap((f) => {
    const pose = poseAt(gt, f.rgbTime, 0.02);
    return pose ? [{ depth: readRgbd(folder, f, 5000).depth, pose }] : [];
  });
  out.tum = await mapAndPlan(frames, { ...TUM_FR3_INTRINSICS });
}
console.log(JSON.stringify(out));
