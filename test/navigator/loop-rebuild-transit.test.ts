/**
 * A rebuild maps a frame taken on a flight as the live layer did (navigator/loop-rebuild.ts, `transit`).
 * Going down from a landing, the first steps stay on its layer at their estimated height; a rebuild
 * that snapped them up to the layer's camera height put the landing's floor 0.15–0.3 m high, in the
 * obstacle band: seed:2's deployment had 190 cells of its upper walkway walled by one rebuild in run 1,
 * saved, and remembered by every later run.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { NAVIGATOR_FRAME } from '../../src/geometry/frames.js';
import { levelPose } from '../../src/geometry/heights.js';
import { fromHfov } from '../../src/geometry/intrinsics.js';
import { FloorMapper } from '../../src/mapping/floor-mapper.js';
import { Cell } from '../../src/mapping/params.js';
import { LoopRebuild } from '../../src/navigator/loop-rebuild.js';
import { Navcore } from '../../src/wasm/navcore.js';

let core: Navcore;
beforeAll(async () => {
  core = await Navcore.load();
});

const K = fromHfov(64, 48, 90);
const CAMERA_HEIGHT = 1.25;
/** metres ahead of the camera: a wall across the view, so that the floor's columns are seen whole */
const WALL_M = 3;
/** A flat floor up to a wall, seen by a level camera `above` metres over the floor. */
function floorDepth(above: number): Float32Array {
  const d = new Float32Array(K.width * K.height);
  for (let v = 0; v < K.height; v++) {
    const ray = (v + 0.5 - K.cy) / K.fy;
    d.fill(ray > 0 ? Math.min(above / ray, WALL_M) : WALL_M, v * K.width, (v + 1) * K.width);
  }
  return d;
}
/** The layer's cells nearer the camera (at the origin, looking along +z) than the wall: free and obstacle. */
function beforeWall(mapper: FloorMapper): { free: number; obstacle: number } {
  const s = mapper.map.snapshot(0);
  const n = { free: 0, obstacle: 0 };
  for (let z = 0; z < s.height; z++)
    for (let x = 0; x < s.width; x++) {
      if ((z + s.originZ + 1) * mapper.map.params.cellSize > WALL_M - 0.3) continue;
      const c = s.cells[z * s.width + x];
      if (c === Cell.Free) n.free++;
      else if (c === Cell.Obstacle) n.obstacle++;
    }
  return n;
}
const at = (x: number, height: number) => levelPose(NAVIGATOR_FRAME, { x, z: 0, yaw: 0 }, height);

/** Ten frames on the landing, then ten a step lower each (3 cm), every one kept as a keyframe. */
function walkDown(): { mapper: FloorMapper; rebuild: LoopRebuild; transit: boolean[] } {
  const mapper = new FloorMapper(core, { cameraHeight: CAMERA_HEIGHT });
  const rebuild = new LoopRebuild(mapper, K);
  const transit: boolean[] = [];
  for (let i = 0; i < 20; i++) {
    const drop = i < 10 ? 0 : 0.03 * (i - 9);
    const pose = at(0, CAMERA_HEIGHT - drop);
    const depth = floorDepth(CAMERA_HEIGHT - drop);
    const step = mapper.integrateFrame({ intrinsics: K, depth }, pose);
    if (step.floor === null || !step.ok) throw new Error(`frame ${i} was not mapped`);
    transit.push(step.transit);
    rebuild.keep(depth, i, 0, step.floor, pose, pose, step.transit);
  }
  return { mapper, rebuild, transit };
}

describe('a rebuild of frames on a flight', () => {
  it('keeps their estimated height, so the landing stays floor', () => {
    const { mapper, rebuild, transit } = walkDown();
    expect(transit.slice(0, 10).every((t) => !t)).toBe(true);
    expect(transit.slice(11).every((t) => t)).toBe(true);
    const live = beforeWall(mapper);
    expect(live.obstacle).toBe(0);
    expect(live.free).toBeGreaterThan(100);
    rebuild.refresh();
    rebuild.finish();
    expect(rebuild.stats.floorsRebuilt).toBe(1);
    const rebuilt = beforeWall(mapper);
    expect(rebuilt.obstacle).toBe(0);
    expect(rebuilt.free).toBeGreaterThan(100);
  });

  it('still levels a frame kept off its layer without transit (vertical drift) to the layer', () => {
    const mapper = new FloorMapper(core, { cameraHeight: CAMERA_HEIGHT });
    const rebuild = new LoopRebuild(mapper, K);
    const step = mapper.integrateFrame({ intrinsics: K, depth: floorDepth(CAMERA_HEIGHT) }, at(0, CAMERA_HEIGHT));
    if (step.floor === null) throw new Error('not mapped');
    // the pose reads 0.25 m high, the camera is where it always was: the floor is at the layer's plane
    rebuild.keep(floorDepth(CAMERA_HEIGHT), 1, 0, step.floor, at(0.5, CAMERA_HEIGHT + 0.25), null, false);
    rebuild.refresh();
    rebuild.finish();
    const rebuilt = beforeWall(mapper);
    expect(rebuilt.obstacle).toBe(0);
    expect(rebuilt.free).toBeGreaterThan(100);
  });
});
