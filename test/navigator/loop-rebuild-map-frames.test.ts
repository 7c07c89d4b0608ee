/**
 * Map frames (navigator/loop-rebuild.ts): between keyframes the rebuild keeps the depth of a mapped
 * frame once the camera has moved MAP_FRAME_M or turned MAP_FRAME_RAD, so that a rebuilt layer holds
 * what the live one saw between keyframes (a rebuild from keyframes alone dropped it: the stairwell
 * railing of house 2, places seen in passing); a map frame moves with its keyframe's correction.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { LoopRebuild, MAP_FRAME_M } from '../../src/navigator/loop-rebuild.js';
import { FloorMapper } from '../../src/mapping/index.js';
import { Navcore } from '../../src/wasm/navcore.js';
import { fromQuatTranslation, identity, type Mat4 } from '../../src/geometry/index.js';

const INTRINSICS = { width: 64, height: 48, fx: 50, fy: 50, cx: 32, cy: 24 };
/** a wall 2 m ahead of the camera, filling the view */
const WALL = () => new Float32Array(64 * 48).fill(2);

/** camera at (x, z) turned `deg` about up from facing +z (90: facing +x) */
const at = (x: number, z: number, deg = 0): Mat4 => {
  const h = (deg * Math.PI) / 360;
  return fromQuatTranslation([0, Math.sin(h), 0, Math.cos(h)], [x, 0, z]);
};

let core: Navcore;
beforeAll(async () => {
  core = await Navcore.load();
});

/** True when layer 0 holds an obstacle within 0.1 m of (x, z). */
function obstacleNear(mapper: FloorMapper, x: number, z: number): boolean {
  for (let dx = -0.1; dx <= 0.1; dx += 0.025) for (let dz = -0.1; dz <= 0.1; dz += 0.025) if (mapper.map.cellAt(x + dx, z + dz, 0) === 'obstacle') return true;
  return false;
}

/** A keyframe facing +z, then (no keyframe) the camera turned to face +x: each frame mapped live. */
function setUp(mapFrames: boolean) {
  const mapper = new FloorMapper(core, { cameraHeight: 0.88 });
  const rb = new LoopRebuild(mapper, INTRINSICS, { mapFrames });
  const frame = { intrinsics: INTRINSICS, depth: WALL() };
  expect(mapper.integrateFrame(frame, at(0, 0))).toMatchObject({ ok: true, floor: 0 });
  rb.keep(frame.depth, 1, 0, 0, at(0, 0), at(0, 0));
  const turned = rb.keepFrame(frame.depth, 2, 0, 0, at(0, 0, 90));
  expect(mapper.integrateFrame(frame, at(0, 0, 90))).toMatchObject({ ok: true });
  return { mapper, rb, turned };
}

describe('map frames between keyframes', () => {
  it('a rebuild keeps what the live layer saw only between keyframes', () => {
    for (const mapFrames of [true, false]) {
      const { mapper, rb, turned } = setUp(mapFrames);
      expect(turned).toBe(mapFrames);
      expect(obstacleNear(mapper, 2, 0)).toBe(true); // the live layer saw the wall to +x
      rb.refresh();
      rb.finish();
      expect(rb.stats.floorsRebuilt).toBe(1);
      expect(obstacleNear(mapper, 0, 2)).toBe(true);
      // without map frames the rebuilt layer had only the keyframe, facing +z
      expect(obstacleNear(mapper, 2, 0)).toBe(mapFrames);
    }
  });

  it('keeps a frame only once the camera moved or turned enough since the last one kept, after a keyframe of its map and floor', () => {
    const { rb } = setUp(true);
    const d = WALL();
    expect(rb.keepFrame(d, 3, 0, 0, at(0, 0.5 * MAP_FRAME_M, 92))).toBe(false);
    expect(rb.keepFrame(d, 4, 0, 0, at(0, 1.1 * MAP_FRAME_M, 90))).toBe(true);
    expect(rb.keepFrame(d, 5, 0, 0, at(0, 1.1 * MAP_FRAME_M, 105))).toBe(true);
    // another map, or another floor, than the last keyframe's: nothing to move it with
    expect(rb.keepFrame(d, 6, 1, 0, at(5, 5))).toBe(false);
    expect(rb.keepFrame(d, 7, 0, 1, at(5, 5))).toBe(false);
    expect(rb.size).toBe(1);
    expect(rb.mapFrameCount).toBe(3);
  });

  it('a closure moves a map frame with the correction of the keyframe kept before it', () => {
    const { mapper, rb } = setUp(true);
    // the tracker's keyframe 1 is corrected 0.5 m along +x: the wall seen from the turned frame moves too
    rb.closed(0, [{ id: 1, timestamp: 1, pose: at(0.5, 0) }], () => identity());
    expect(rb.pending).toBe(true);
    rb.finish();
    expect(obstacleNear(mapper, 2.5, 0)).toBe(true);
    expect(obstacleNear(mapper, 2, 0)).toBe(false);
    expect(rb.poses().map((k) => +k.pose[3].toFixed(6))).toEqual([0.5]);
  });
});
