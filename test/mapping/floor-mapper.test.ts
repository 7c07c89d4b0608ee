import { beforeAll, describe, expect, it } from 'vitest';
import { NAVIGATOR_FRAME } from '../../src/geometry/frames.js';
import { levelPose } from '../../src/geometry/heights.js';
import { fromHfov } from '../../src/geometry/intrinsics.js';
import { FloorMapper } from '../../src/mapping/floor-mapper.js';
import { Navcore } from '../../src/wasm/navcore.js';

let core: Navcore;
beforeAll(async () => {
  core = await Navcore.load();
});

const K = fromHfov(64, 48, 90);
const CAMERA_HEIGHT = 1.25;
/** A flat floor seen by a level camera: every pixel below the horizon reads the floor plane. */
function floorDepth(): Float32Array {
  const d = new Float32Array(K.width * K.height);
  for (let v = 0; v < K.height; v++) {
    const ray = (v + 0.5 - K.cy) / K.fy;
    if (ray > 0.05) d.fill(CAMERA_HEIGHT / ray, v * K.width, (v + 1) * K.width);
  }
  return d;
}
const at = (x: number, height: number) => levelPose(NAVIGATOR_FRAME, { x, z: 0, yaw: 0 }, height);
/** The same floor seen from `drop` metres below the usual camera height (the body a step down a flight). */
function floorDepthFrom(drop: number): Float32Array {
  return floorDepth().map((d) => (d * (CAMERA_HEIGHT - drop)) / CAMERA_HEIGHT);
}

describe('FloorMapper', () => {
  it('opens the first layer under the first pose and maps its floor', () => {
    const m = new FloorMapper(core, { cameraHeight: CAMERA_HEIGHT });
    const step = m.integrateFrame({ intrinsics: K, depth: floorDepth() }, at(0, CAMERA_HEIGHT));
    expect(step).toMatchObject({ floor: 0, ok: true });
    expect(m.floor).toBe(0);
    expect(m.map.floors()).toEqual([{ id: 0, floorUp: 0, frames: 1 }]);
    expect(m.map.counts(0).free).toBeGreaterThan(0);
  });

  it('writes nothing while the height is in transit, and keeps the last floor', () => {
    const m = new FloorMapper(core, { cameraHeight: CAMERA_HEIGHT, floors: { settleFrames: 3 } });
    m.integrateFrame({ intrinsics: K, depth: floorDepth() }, at(0, CAMERA_HEIGHT));
    const step = m.integrateFrame({ intrinsics: K, depth: floorDepth() }, at(0, CAMERA_HEIGHT + 1.5));
    expect(step).toEqual({ floor: null });
    expect(m.floor).toBe(0);
    expect(m.map.floors()[0].frames).toBe(1);
  });

  it('keeps the estimated height of frames going down a flight, so the landing ahead stays floor', () => {
    // house 34 with true poses: the first steps down from the landing stay on its layer; snapped up
    // to its height, their views put the landing's floor 0.15–0.3 m high, in the obstacle band
    const m = new FloorMapper(core, { cameraHeight: CAMERA_HEIGHT });
    for (let i = 0; i < 10; i++) m.integrateFrame({ intrinsics: K, depth: floorDepth() }, at(0, CAMERA_HEIGHT));
    for (let k = 1; k <= 10; k++) {
      const drop = 0.03 * k;
      expect(m.integrateFrame({ intrinsics: K, depth: floorDepthFrom(drop) }, at(0, CAMERA_HEIGHT - drop))).toMatchObject({ floor: 0, ok: true });
    }
    expect(m.map.counts(0).obstacle).toBe(0);
    expect(m.map.counts(0).free).toBeGreaterThan(0);
  });

  it('still snaps a held height off its layer (vertical drift) to the layer', () => {
    const m = new FloorMapper(core, { cameraHeight: CAMERA_HEIGHT });
    // the estimate drifts up 5 mm a frame to 0.25 m and holds there; the camera stays where it was
    for (let i = 0; i <= 60; i++) m.integrateFrame({ intrinsics: K, depth: floorDepth() }, at(0, CAMERA_HEIGHT + 0.005 * Math.min(i, 50)));
    expect(m.map.counts(0).obstacle).toBe(0);
  });

  it('saves and restores its layers', () => {
    const a = new FloorMapper(core, { cameraHeight: CAMERA_HEIGHT });
    a.integrateFrame({ intrinsics: K, depth: floorDepth() }, at(0, CAMERA_HEIGHT));
    const b = new FloorMapper(core, { cameraHeight: CAMERA_HEIGHT });
    b.restore(a.layers(), 0);
    expect(b.floor).toBe(0);
    expect(b.map.snapshot(0)).toEqual(a.map.snapshot(0));
    expect(b.integrateFrame({ intrinsics: K, depth: floorDepth() }, at(0.5, CAMERA_HEIGHT))).toMatchObject({ floor: 0, ok: true });
  });
});
