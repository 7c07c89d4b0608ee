import { describe, expect, it } from 'vitest';
import { OccupancyMap } from '../../src/mapping/occupancy-map.js';
import { NAVIGATOR_FRAME, Z_UP_FRAME, type WorldFrame } from '../../src/geometry/frames.js';
import { fromHfov, type Intrinsics } from '../../src/geometry/intrinsics.js';
import { identity, type Mat4 } from '../../src/geometry/pose.js';
import { ReferenceMapper } from '../../bench/reference/mapper-ref.js';
import { castDepth, cameraPose, FURNITURE, rng, ROOM } from '../../bench/support/synthetic.js';
import { loadNavcores } from '../helpers/navcores.js';
import { expectSameCells } from '../helpers/same-cells.js';

const cores = loadNavcores();

const K: Intrinsics = fromHfov(160, 120, 79);

function randomFrame(r: () => number, n: number): Float32Array {
  const d = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const x = r();
    // mostly plausible depths, with holes, NaN, negatives, infinities and out-of-range values
    d[i] = x < 0.05 ? 0 : x < 0.07 ? NaN : x < 0.08 ? -1 : x < 0.09 ? Infinity : r() * 5.5;
  }
  return d;
}

describe.each([
  ['one thread', () => cores.one],
  ['two threads (rows split with a worker)', () => cores.two],
] as const)('WASM mapper equals the TypeScript reference cell for cell, %s', (_, getCore) => {
  for (const [name, frame, floorUp] of [
    ['navigator frame (y down)', NAVIGATOR_FRAME, -0.88],
    ['z-up frame', Z_UP_FRAME, 0],
  ] as [string, WorldFrame, number][]) {
    it(`on 30 random frames and poses, ${name}`, () => {
      const r = rng(name.length * 7919);
      const map = new OccupancyMap(getCore(), frame);
      const layer = map.openFloor(floorUp);
      const ref = new ReferenceMapper(frame, floorUp);
      for (let i = 0; i < 30; i++) {
        // random rigid pose: any yaw, tilts up to ±25°, positions spread over ±8 m (forces growth)
        const pose = cameraPose([(r() - 0.5) * 16, (r() - 0.5) * 0.6, (r() - 0.5) * 16], r() * 2 * Math.PI, (r() - 0.5) * 0.9, (r() - 0.5) * 0.9);
        if (frame === Z_UP_FRAME) {
          // camera-to-world for a z-up world: rotate the y-down camera so that its −y maps to +z, height 1.5 m
          const Rx = identity();
          Rx[5] = 0;
          Rx[6] = -1;
          Rx[9] = 1;
          Rx[10] = 0;
          const m = mulPose(Rx, pose);
          m[11] += 1.5;
          pose.set(m);
        }
        const depth = i % 2 ? randomFrame(r, K.width * K.height) : castDepth(K, cameraPose([0, 0, 0], 0), ROOM, FURNITURE);
        const res = map.integrate({ intrinsics: K, depth }, pose, layer);
        expect(res.ok).toBe(true);
        ref.integrate(depth, K, pose);
      }
      expect(expectSameCells(map, ref, layer)).toBeGreaterThan(500);
    });
  }

  it('on 20 frames of a furnished room seen from a moving camera', () => {
    const map = new OccupancyMap(getCore());
    map.openFloor(-0.88);
    const ref = new ReferenceMapper(NAVIGATOR_FRAME, -0.88);
    for (let i = 0; i < 20; i++) {
      const pose = cameraPose([0.1 * i - 1, 0, 0.05 * i], (i * Math.PI) / 10, 0.05 * Math.sin(i));
      const depth = castDepth(K, pose, ROOM, FURNITURE);
      expect(map.integrate({ intrinsics: K, depth }, pose).ok).toBe(true);
      ref.integrate(depth, K, pose);
    }
    const known = expectSameCells(map, ref);
    expect(known).toBeGreaterThan(1000);
  });

  // widths that end in a partial 8-pixel step (and a partial 4-pixel one), with and without drops:
  // the kernel's tail pixels and its drop terms take other paths than the full steps
  it.each([
    [157, 117, false],
    [157, 117, true],
    [84, 61, true],
  ] as const)('at %i×%i pixels (drops: %s) on 12 frames', (w, h, drops) => {
    const Kw = fromHfov(w, h, 79);
    const r = rng(w * 31 + h);
    const map = new OccupancyMap(getCore());
    map.openFloor(-0.88);
    const ref = new ReferenceMapper(NAVIGATOR_FRAME, -0.88);
    for (let i = 0; i < 12; i++) {
      const pose = cameraPose([(r() - 0.5) * 2, (r() - 0.5) * 0.4, (r() - 0.5) * 2], r() * 2 * Math.PI, (r() - 0.5) * 0.6);
      const depth = i % 3 === 2 ? randomFrame(r, w * h) : castDepth(Kw, pose, ROOM, FURNITURE);
      expect(map.integrate({ intrinsics: Kw, depth }, pose, 0, drops).ok).toBe(true);
      ref.integrate(depth, Kw, pose, drops);
    }
    expect(expectSameCells(map, ref)).toBeGreaterThan(200);
  });
});

function mulPose(a: Mat4, b: Mat4): Mat4 {
  const o = new Float64Array(16);
  for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) for (let k = 0; k < 4; k++) o[i * 4 + j] += a[i * 4 + k] * b[k * 4 + j];
  return o;
}

describe('paper 001 §3.2 classification and carving', () => {
  const K1: Intrinsics = { width: 1, height: 1, fx: 100, fy: 100, cx: 0, cy: 0 };
  // A one-pixel camera at the origin looking along +z; the ray through the pixel is the optical axis.
  // Tilting it down lets one pixel hit a chosen height.
  function single(depth: number, pitchDown: number) {
    const map = new OccupancyMap(cores.one);
    map.openFloor(-0.88);
    const pose = cameraPose([0, 0, 0], 0, -pitchDown);
    const r = map.integrate({ intrinsics: K1, depth: Float32Array.of(depth) }, pose);
    return { map, r, pose };
  }
  const pitchFor = (h: number, d: number) => Math.asin((0.88 - h) / d); // depth d along the axis reaches height h

  it.each([
    [0.2, 'obstacle'],
    [1.3, 'obstacle'],
    [0.1, 'free'],
    [-0.4, 'free'],
    [1.45, 'unknown'],
    [-0.6, 'unknown'],
  ] as const)('a point %s m above the floor is %s', (h, state) => {
    const d = 2;
    const { map } = single(d, pitchFor(h, d));
    const zHit = d * Math.cos(pitchFor(h, d));
    expect(map.cellAt(0.05, zHit, 0)).toBe(state);
  });

  it.each([0.29, 4.51, 0, -1, NaN, Infinity, -Infinity])('depth %s is ignored', (d) => {
    const { map, r } = single(d, 0);
    expect(r.ok).toBe(true);
    expect(map.counts().known).toBe(0);
  });

  it('the ray to an obstacle carves free cells and the endpoint stays obstacle', () => {
    const map = new OccupancyMap(cores.one);
    map.openFloor(-0.88);
    const K3: Intrinsics = { width: 3, height: 1, fx: 1000, fy: 1000, cx: 1, cy: 0 };
    // three rays from x = 0.05 m straight ahead, hitting a wall 3 m away at camera height (0.88 m
    // above the floor), 3 mm apart: three points in one cell
    const at = cameraPose([0.05, 0, 0], 0);
    map.integrate({ intrinsics: K3, depth: Float32Array.of(3, 3, 3) }, at);
    expect(map.cellAt(0.05, 3.05)).toBe('obstacle');
    for (let z = 0.05; z < 2.95; z += 0.1) expect(map.cellAt(0.05, z)).toBe('free');
    const r = map.integrate({ intrinsics: K3, depth: Float32Array.of(3, 3, 3) }, at);
    expect(r.ok && r.value.obstaclePoints).toBe(3);
    expect(r.ok && r.value.endpointCells).toBe(1); // three points, one distinct endpoint cell
  });

  it('an obstacle is never overwritten by free (floor point or carving)', () => {
    const map = new OccupancyMap(cores.one);
    map.openFloor(-0.88);
    const K1b: Intrinsics = { width: 1, height: 1, fx: 100, fy: 100, cx: 0, cy: 0 };
    map.integrate({ intrinsics: K1b, depth: Float32Array.of(1.0) }, identity()); // obstacle at z = 1 (h = 0.88)
    expect(map.cellAt(0.05, 1.05)).toBe('obstacle');
    // a floor point in the same cell, then a ray through it to a farther obstacle
    const down = cameraPose([0, 0, 0], 0, -Math.atan2(0.88, 1.05));
    map.integrate({ intrinsics: K1b, depth: Float32Array.of(Math.hypot(0.88, 1.05) * Math.cos(Math.atan2(0.88, 1.05))) }, down);
    map.integrate({ intrinsics: K1b, depth: Float32Array.of(3) }, identity());
    expect(map.cellAt(0.05, 1.05)).toBe('obstacle');
    expect(map.cellAt(0.05, 3.05)).toBe('obstacle');
    expect(map.cellAt(0.05, 2.05)).toBe('free');
  });

  it('the grid grows with the explored area without clipping or losing cells', () => {
    const map = new OccupancyMap(cores.one);
    map.openFloor(-0.88);
    const Kw = fromHfov(40, 30, 79);
    const depth = new Float32Array(40 * 30).fill(2);
    map.integrate({ intrinsics: Kw, depth }, identity());
    const before = map.snapshot();
    for (const [x, z] of [
      [60, 0],
      [-45, 80],
      [0, -120],
    ]) {
      const r = map.integrate({ intrinsics: Kw, depth }, cameraPose([x, 0, z], 0));
      expect(r.ok).toBe(true);
      expect(map.cellAt(x + 0.05, z + 2.05)).toBe('obstacle');
    }
    const after = map.snapshot();
    expect(after.width * after.height).toBeGreaterThan(before.width * before.height);
    for (let z = 0; z < before.height; z++) {
      for (let x = 0; x < before.width; x++) {
        const c = before.cells[z * before.width + x];
        if (c) expect(map.cellState(x + before.originX, z + before.originZ)).toBe(c);
      }
    }
  });
});

describe('bad frames never crash or corrupt the grid', () => {
  function mapWithContent() {
    const map = new OccupancyMap(cores.one);
    map.openFloor(-0.88);
    map.integrate({ intrinsics: K, depth: castDepth(K, identity(), ROOM, FURNITURE) }, identity());
    return map;
  }

  it.each([
    ['NaN everywhere', () => new Float32Array(K.width * K.height).fill(NaN)],
    ['all zeros', () => new Float32Array(K.width * K.height)],
    ['all negative', () => new Float32Array(K.width * K.height).fill(-2)],
    ['all +inf', () => new Float32Array(K.width * K.height).fill(Infinity)],
  ])('%s: accepted, nothing changes', (_, make) => {
    const map = mapWithContent();
    const before = map.snapshot();
    const r = map.integrate({ intrinsics: K, depth: make() }, identity());
    expect(r.ok).toBe(true);
    expect(r.ok && r.value.validPixels).toBe(0);
    expect(map.snapshot()).toEqual(before);
  });

  const far = identity();
  far[3] = 1e7;
  const inf = identity();
  inf[3] = Infinity;
  const nan = identity();
  nan[5] = NaN;
  const skew = identity();
  skew[1] = 0.5;
  const mirror = identity();
  mirror[0] = -1;
  it.each([
    ['wrong length', { intrinsics: K, depth: new Float32Array(10) }, identity(), /depth has 10 values/],
    ['not a Float32Array', { intrinsics: K, depth: [1, 2, 3] as unknown as Float32Array }, identity(), /Float32Array/],
    ['zero focal length', { intrinsics: { ...K, fx: 0 }, depth: new Float32Array(K.width * K.height) }, identity(), /intrinsics/],
    ['infinite pose', { intrinsics: K, depth: new Float32Array(K.width * K.height) }, inf, /pose element 3 is Infinity/],
    ['NaN pose', { intrinsics: K, depth: new Float32Array(K.width * K.height) }, nan, /pose element 5 is NaN/],
    ['non-rigid pose', { intrinsics: K, depth: new Float32Array(K.width * K.height) }, skew, /not orthonormal/],
    ['pose 10 000 km away', { intrinsics: K, depth: new Float32Array(K.width * K.height) }, far, /beyond the 16777216 cells/],
    ['mirrored pose', { intrinsics: K, depth: new Float32Array(K.width * K.height) }, mirror, /reflection/],
  ] as const)('%s: a clear error, grid untouched', (_, frame, pose, msg) => {
    const map = mapWithContent();
    const before = map.snapshot();
    const r = map.integrate(frame as never, pose);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(msg);
    expect(map.snapshot()).toEqual(before);
  });

  it('map parameters the kernel cannot honour are refused with what is accepted', () => {
    expect(() => new OccupancyMap(cores.one, NAVIGATOR_FRAME, { floorMax: 0.1 })).toThrow(/floor band must end where the obstacle band starts/);
    expect(() => new OccupancyMap(cores.one, NAVIGATOR_FRAME, { minDepth: 5 })).toThrow(/minDepth must be below maxDepth/);
    expect(new OccupancyMap(cores.one, NAVIGATOR_FRAME, { floorMax: 0.2, obstacleMin: 0.2 }).params.obstacleMin).toBe(0.2);
  });

  it('an unknown layer is an error', () => {
    const map = mapWithContent();
    const r = map.integrate({ intrinsics: K, depth: new Float32Array(K.width * K.height) }, identity(), 3);
    expect(!r.ok && r.error).toMatch(/no floor layer 3/);
  });
});
