// Column shadows (MapParams.shadows, assembly/navcore/shadows.ts): a frame frees a cell only where it
// saw the whole obstacle band of the cell's column empty.
import { describe, expect, it } from 'vitest';
import { NAVIGATOR_FRAME } from '../../src/geometry/frames.js';
import { fromHfov, type Intrinsics } from '../../src/geometry/intrinsics.js';
import { OccupancyMap } from '../../src/mapping/occupancy-map.js';
import { MapParamsSchema } from '../../src/mapping/params.js';
import { reintegrateKeyframes } from '../../src/mapping/reintegrate.js';
import { ReferenceMapper } from '../../bench/reference/mapper-ref.js';
import { castDepth, cameraPose, FURNITURE, rng, ROOM, type Box } from '../../bench/support/synthetic.js';
import { loadNavcores } from '../helpers/navcores.js';
import { expectSameCells } from '../helpers/same-cells.js';

const cores = loadNavcores();

const K: Intrinsics = fromHfov(160, 120, 79);
const FLOOR = -0.88; // the navigator's frame: y down, the camera at y = 0 rides 0.88 m above the floor
const SHADOWS = MapParamsSchema.parse({ shadows: true });
/** a room whose far wall stands 4 m ahead of a camera at the origin looking along +z */
const HALL: Box = { min: [-3, -1.62, -1], max: [3, 0.88, 4] };
/** y-down boxes in front of the camera, 1.2 m wide, from 1.5 to 2 m ahead (heights above the floor) */
const LOW_BOX: Box = { min: [-0.6, 0.38, 1.5], max: [0.6, 0.88, 2] }; // 0 – 0.5 m
const SHELF: Box = { min: [-0.6, -0.52, 1.5], max: [0.6, -0.12, 2] }; // 1.0 – 1.4 m, nothing under it

/** One frame from the origin into a map with or without the rule; the cell states straight ahead. */
function view(shadows: boolean, solids: Box[]) {
  const map = new OccupancyMap(cores.one, NAVIGATOR_FRAME, { shadows });
  map.openFloor(FLOOR);
  const pose = cameraPose([0, 0, 0], 0);
  const r = map.integrate({ intrinsics: K, depth: castDepth(K, pose, HALL, solids) }, pose);
  expect(r.ok).toBe(true);
  const at = (z0: number, z1: number) => {
    const out = new Set<string>();
    for (let z = z0; z < z1; z += 0.1) out.add(map.cellAt(0.05, z));
    return [...out];
  };
  return { map, stats: r.ok ? r.value : null, at };
}

describe('column shadows', () => {
  it('a ray over a low box to the far wall frees the cells behind the box only with the rule off', () => {
    // the line from the camera (0.88 m) over the box's far top edge (0.5 m at 2 m) reaches the band's
    // foot (0.15 m) 3.84 m ahead: in between, the frame saw the columns only above that line
    const off = view(false, [LOW_BOX]),
      on = view(true, [LOW_BOX]);
    expect(off.at(2.05, 3.75)).toEqual(['free']);
    expect(on.at(2.05, 3.75)).toEqual(['unknown']);
    // the box and the wall are obstacles either way; the columns seen whole are free either way
    for (const m of [off, on]) {
      expect(m.at(1.55, 1.6)).toEqual(['obstacle']);
      expect(m.at(4.05, 4.1)).toEqual(['obstacle']);
      expect(m.at(1.25, 1.45)).toEqual(['free']); // in front of the box, band in view (from 1.18 m)
      expect(m.at(3.9, 3.95)).toEqual(['free']); // beyond the shadow, seen over the box down to the floor
    }
    expect(on.stats!.shadowedCells).toBeGreaterThan(20);
    expect(off.stats!.shadowedCells).toBe(0);
  });

  it('a ray under a shelf to the far wall frees the cells behind the shelf only with the rule off', () => {
    // the camera (0.88 m) sees the shelf's front face and underside (1.0–1.4 m, 1.5–2 m ahead); behind
    // it the line under its far edge climbs to the band's top (1.4 m) only 8.7 m ahead
    // (the underside is seen at a grazing angle: some cells under the shelf get no obstacle point)
    const off = view(false, [SHELF]),
      on = view(true, [SHELF]);
    expect(off.at(1.65, 3.95)).toContain('free');
    expect(off.at(2.05, 3.95)).toEqual(['free']);
    expect(on.at(1.65, 3.95)).not.toContain('free');
    expect(on.at(2.05, 3.95)).toEqual(['unknown']);
    for (const m of [off, on]) {
      expect(m.at(1.55, 1.6)).toEqual(['obstacle']);
      expect(m.at(1.25, 1.45)).toEqual(['free']);
    }
  });

  it('the band must lie in the view: cells too near the camera for the band to be seen whole stay unknown', () => {
    // the lower image edge (31.7° down) shows the band's foot from 1.18 m on
    const on = view(true, []),
      off = view(false, []);
    expect(off.at(0.25, 1.1)).toEqual(['free']);
    expect(on.at(0.25, 1.1)).toEqual(['unknown']);
    expect(on.at(1.25, 3.95)).toEqual(['free']);
  });

  it('a missing depth reading hides the columns behind its pixels', () => {
    const map = new OccupancyMap(cores.one, NAVIGATOR_FRAME, { shadows: true });
    map.openFloor(FLOOR);
    const pose = cameraPose([0, 0, 0], 0);
    const depth = castDepth(K, pose, HALL, []);
    const full = new OccupancyMap(cores.one, NAVIGATOR_FRAME, { shadows: true });
    full.openFloor(FLOOR);
    full.integrate({ intrinsics: K, depth }, pose);
    // a hole of no readings over the image's middle columns, every row
    for (let v = 0; v < K.height; v++) depth.fill(NaN, v * K.width + 76, v * K.width + 84);
    map.integrate({ intrinsics: K, depth }, pose);
    expect(full.cellAt(0.05, 2.55)).toBe('free');
    expect(map.cellAt(0.05, 2.55)).toBe('unknown');
  });

  it('the option is validated like the other map parameters', () => {
    expect(() => new OccupancyMap(cores.one, NAVIGATOR_FRAME, { shadows: 'yes' as unknown as boolean })).toThrow(/shadows/);
    expect(new OccupancyMap(cores.one).params.shadows).toBe(false);
  });
});

describe.each([
  ['one thread', () => cores.one],
  ['two threads (rows split with a worker)', () => cores.two],
] as const)('with column shadows the WASM mapper equals the TypeScript reference cell for cell, %s', (_, getCore) => {
  it('on 30 frames of the furnished room from random poses, tilted and level, drops on every third', () => {
    const r = rng(4099);
    const map = new OccupancyMap(getCore(), NAVIGATOR_FRAME, { shadows: true });
    const layer = map.openFloor(FLOOR);
    const ref = new ReferenceMapper(NAVIGATOR_FRAME, FLOOR, SHADOWS);
    let shadowed = 0;
    for (let i = 0; i < 30; i++) {
      const tilt = i % 2 ? 0 : 0.5;
      const pose = cameraPose([(r() - 0.5) * 4, (r() - 0.5) * 0.2, r() * 2.5 - 0.5], r() * 2 * Math.PI, (r() - 0.5) * tilt, (r() - 0.5) * tilt);
      const depth = castDepth(K, pose, ROOM, FURNITURE);
      // a few holes and out-of-range readings
      for (let k = 0; k < 200; k++) depth[Math.floor(r() * depth.length)] = r() < 0.5 ? NaN : 9;
      const res = map.integrate({ intrinsics: K, depth }, pose, layer, i % 3 === 0);
      expect(res.ok).toBe(true);
      if (res.ok) shadowed += res.value.shadowedCells;
      ref.integrate(depth, K, pose, i % 3 === 0);
    }
    expect(expectSameCells(map, ref, layer)).toBeGreaterThan(1000);
    expect(shadowed).toBeGreaterThan(100);
  });

  it('on random depth (holes, NaN, infinities) from random poses', () => {
    const r = rng(77);
    const map = new OccupancyMap(getCore(), NAVIGATOR_FRAME, { shadows: true });
    map.openFloor(FLOOR);
    const ref = new ReferenceMapper(NAVIGATOR_FRAME, FLOOR, SHADOWS);
    for (let i = 0; i < 20; i++) {
      const pose = cameraPose([(r() - 0.5) * 10, 0, (r() - 0.5) * 10], r() * 2 * Math.PI, (r() - 0.5) * 0.4);
      const depth = new Float32Array(K.width * K.height);
      for (let k = 0; k < depth.length; k++) {
        const x = r();
        depth[k] = x < 0.03 ? NaN : x < 0.05 ? Infinity : x < 0.06 ? 0 : 0.2 + r() * 5;
      }
      expect(map.integrate({ intrinsics: K, depth }, pose).ok).toBe(true);
      ref.integrate(depth, K, pose);
    }
    expect(expectSameCells(map, ref)).toBeGreaterThan(500);
  });
});

describe('the whole-floor re-integration from keyframes', () => {
  const pose = cameraPose([0, 0, 0], 0);
  const keyframes = () => [
    { frame: { intrinsics: K, depth: castDepth(K, pose, HALL, [LOW_BOX]) }, pose },
    { frame: { intrinsics: K, depth: new Float32Array(10) }, pose }, // a keyframe with broken depth
  ];
  it('uses column shadows unless told otherwise, and names the keyframes it refused', () => {
    const on = reintegrateKeyframes(cores.one, keyframes(), { cameraHeight: 0.88 });
    const off = reintegrateKeyframes(cores.one, keyframes(), { cameraHeight: 0.88, mapParams: { shadows: false } });
    expect(on.mapper.map.params.shadows).toBe(true);
    expect(on.mapper.map.cellAt(0.05, 2.55)).toBe('unknown');
    expect(off.mapper.map.cellAt(0.05, 2.55)).toBe('free');
    for (const r of [on, off]) {
      expect(r.mapper.map.cellAt(0.05, 1.55)).toBe('obstacle');
      expect(r.refused).toEqual([{ index: 1, error: expect.stringMatching(/depth has 10 values/) }]);
    }
  });
});
