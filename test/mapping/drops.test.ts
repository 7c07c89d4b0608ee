// Drops: points seen through a hole in the floor (a stairwell seen from above) mark the hole's near
// side, where their rays crossed the floor plane, instead of being ignored (assembly/navcore/mapper.ts).
import { describe, expect, it } from 'vitest';
import { NAVIGATOR_FRAME } from '../../src/geometry/frames.js';
import { levelPose } from '../../src/geometry/heights.js';
import { fromHfov, type Intrinsics } from '../../src/geometry/intrinsics.js';
import { FloorMapper } from '../../src/mapping/floor-mapper.js';
import { OccupancyMap } from '../../src/mapping/occupancy-map.js';
import { MapParamsSchema } from '../../src/mapping/params.js';
import { ReferenceMapper } from '../../bench/reference/mapper-ref.js';
import { cameraPose, rng } from '../../bench/support/synthetic.js';
import { loadNavcores } from '../helpers/navcores.js';
import { expectSameCells } from '../helpers/same-cells.js';

const cores = loadNavcores();

const CAMERA_HEIGHT = 1.25;
const K: Intrinsics = fromHfov(96, 72, 79);
/** the stairwell: the floor ends this far ahead of the camera and starts again at WELL_END */
const WELL_START = 2,
  WELL_END = 4,
  WELL_DEPTH = 2.5;
/** a wall across the house this far ahead: the rays to it pass over the stairwell */
const WALL = 4.4;

/**
 * What a level camera CAMERA_HEIGHT above the floor sees when looking straight at a stairwell (a hole
 * across its whole view, WELL_DEPTH deep) with a wall beyond: z-depth per pixel, which for planes
 * across the view depends only on the row.
 */
function stairwellDepth(): Float32Array {
  const d = new Float32Array(K.width * K.height);
  for (let v = 0; v < K.height; v++) {
    const down = (v - K.cy) / K.fy; // the ray's drop per metre ahead
    let depth = WALL;
    const onFloor = down > 0 ? CAMERA_HEIGHT / down : Infinity;
    if (onFloor < WELL_START || (onFloor >= WELL_END && onFloor < WALL)) depth = onFloor;
    else if (onFloor < WELL_END) depth = Math.min((CAMERA_HEIGHT + WELL_DEPTH) / down, WELL_END); // the well's bottom or far side
    d.fill(depth, v * K.width, (v + 1) * K.width);
  }
  return d;
}

const at = (height: number) => levelPose(NAVIGATOR_FRAME, { x: 0, z: 0, yaw: 0 }, height);
/** the cell states straight ahead of the camera (yaw 0 looks along +z), from..to metres ahead */
function ahead(map: OccupancyMap, from: number, to: number, layer = 0): string[] {
  const out: string[] = [];
  for (let r = from; r < to; r += 0.1) out.push(map.cellAt(0.05, r, layer));
  return out;
}

describe('drops seen through a hole in the floor', () => {
  it('mark the stairwell as an obstacle where the rays to the wall beyond would carve it free', () => {
    const seen = (drops: boolean) => {
      const map = new OccupancyMap(cores.one);
      map.openFloor(0);
      expect(map.integrate({ intrinsics: K, depth: stairwellDepth() }, at(CAMERA_HEIGHT), 0, drops).ok).toBe(true);
      return map;
    };
    const without = seen(false),
      withDrops = seen(true);
    // the floor up to the well is free either way, the wall beyond it an obstacle
    for (const m of [without, withDrops]) {
      expect(ahead(m, 0.65, 1.85).every((c) => c === 'free')).toBe(true);
      expect(m.cellAt(0.05, WALL + 0.05)).toBe('obstacle');
    }
    // paper 001 §3.2 alone: the rays to the wall carve the well free
    expect(ahead(without, WELL_START + 0.05, WELL_END - 0.1).filter((c) => c === 'free').length).toBeGreaterThan(10);
    // with drops its near side is an obstacle, so no route crosses it (farther in, one frame's rows
    // cross the floor plane more than a cell apart, and the cells between them are carved)
    expect(ahead(withDrops, WELL_START + 0.05, WELL_START + 0.6).every((c) => c === 'obstacle')).toBe(true);
    expect(ahead(withDrops, WELL_START + 0.05, WELL_END - 0.1).filter((c) => c === 'obstacle').length).toBeGreaterThan(6);
  });

  it('are ignored by a FloorMapper whose camera is off the layer height (on a flight)', () => {
    const run = (height: number) => {
      const m = new FloorMapper(cores.one, { cameraHeight: CAMERA_HEIGHT, floors: { settleFrames: 1 } });
      m.restore([{ floorUp: 0, frames: 0, grid: { originX: 0, originZ: 0, width: 1, height: 1, cells: new Uint8Array(1) } }], 0);
      const step = m.integrateFrame({ intrinsics: K, depth: stairwellDepth() }, at(height));
      expect(step).toMatchObject({ floor: 0, ok: true });
      return m.map.cellAt(0.05, WELL_START + 0.05, 0);
    };
    expect(run(CAMERA_HEIGHT)).toBe('obstacle');
    expect(run(CAMERA_HEIGHT + 0.1)).toBe('obstacle');
    // 0.25 m above the layer's camera height: still mapped on the layer (levelled), but drops say
    // nothing about this layer's floor
    expect(run(CAMERA_HEIGHT + 0.25)).not.toBe('obstacle');
  });

  it.each([
    ['one thread', () => cores.one],
    ['two threads', () => cores.two],
  ] as const)('are marked by the kernel exactly as the TypeScript reference marks them, %s', (_, getCore) => {
    const r = rng(4242);
    const map = new OccupancyMap(getCore());
    map.openFloor(-0.88);
    const ref = new ReferenceMapper(NAVIGATOR_FRAME, -0.88);
    const plain = new OccupancyMap(cores.one);
    plain.openFloor(-0.88);
    for (let i = 0; i < 30; i++) {
      // tilted down up to 35°, so that many rays end well below the floor
      const pose = cameraPose([(r() - 0.5) * 6, (r() - 0.5) * 0.3, (r() - 0.5) * 6], r() * 2 * Math.PI, -r() * 0.6, (r() - 0.5) * 0.3);
      const depth = new Float32Array(K.width * K.height);
      for (let k = 0; k < depth.length; k++) depth[k] = r() < 0.05 ? NaN : 0.2 + r() * 4.5;
      expect(map.integrate({ intrinsics: K, depth }, pose, 0, true).ok).toBe(true);
      expect(plain.integrate({ intrinsics: K, depth }, pose, 0, false).ok).toBe(true);
      ref.integrate(depth, K, pose, true);
    }
    expectSameCells(map, ref);
    // and they matter: more obstacles than the same frames without drops
    expect(map.counts(0).obstacle).toBeGreaterThan(plain.counts(0).obstacle + 50);
  });

  it('a dropMax inside the floor band is refused with what is accepted', () => {
    const r = MapParamsSchema.safeParse({ dropMax: -0.2 });
    expect(r.success).toBe(false);
    expect(String(r.error)).toMatch(/dropMax must be at or below floorMin/);
    expect(MapParamsSchema.parse({}).dropMax).toBe(-0.5);
  });
});
