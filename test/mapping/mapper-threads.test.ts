import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Navcore } from '../../src/wasm/navcore.js';
import { OccupancyMap } from '../../src/mapping/occupancy-map.js';
import { fromHfov, type Intrinsics } from '../../src/geometry/intrinsics.js';
import { castDepth, cameraPose, FURNITURE, rng, ROOM } from '../../bench/support/synthetic.js';

// The two-thread mapper splits each frame's rows with a worker over shared memory; these tests pin
// what the split must not change and how the worker fails.
let one: Navcore;
let two: Navcore;
beforeAll(async () => {
  one = await Navcore.load();
  two = await Navcore.load({ threads: 2 });
});
afterAll(async () => {
  await two.dispose();
});

describe('two-thread mapping', () => {
  it('gives the same grid and the same frame statistics as one thread, at 640×481 (odd rows)', () => {
    const K: Intrinsics = fromHfov(640, 481, 79);
    const a = new OccupancyMap(one),
      b = new OccupancyMap(two);
    a.openFloor(-0.88);
    b.openFloor(-0.88);
    const r = rng(41);
    for (let i = 0; i < 6; i++) {
      const pose = cameraPose([r() * 2 - 1, 0, r() * 2 - 1], r() * 2 * Math.PI, (r() - 0.5) * 0.3);
      const depth = castDepth(K, pose, ROOM, FURNITURE);
      // a few holes so both halves see invalid pixels too
      for (let k = 0; k < depth.length; k += 97) depth[k] = NaN;
      const sa = a.integrate({ intrinsics: K, depth }, pose);
      const sb = b.integrate({ intrinsics: K, depth }, pose);
      expect(sb).toEqual(sa);
      expect(sa.ok && sa.value.obstaclePoints).toBeGreaterThan(1000);
    }
    expect(b.snapshot(0)).toEqual(a.snapshot(0));
  });

  it('handles a frame of one row (the helper gets no rows)', () => {
    const K: Intrinsics = { width: 3, height: 1, fx: 1000, fy: 1000, cx: 1, cy: 0 };
    const a = new OccupancyMap(one),
      b = new OccupancyMap(two);
    a.openFloor(-0.88);
    b.openFloor(-0.88);
    const depth = Float32Array.of(2, 2, 2);
    const pose = cameraPose([0, 0, 0], 0, -0.2);
    expect(b.integrate({ intrinsics: K, depth }, pose)).toEqual(a.integrate({ intrinsics: K, depth }, pose));
    expect(b.snapshot(0)).toEqual(a.snapshot(0));
  });

  it('a kernel that traps on the worker is a clear error, and the thread keeps working', () => {
    const t = two.thread!;
    const s = two.block<Float32Array>(Float32Array, 4096);
    s.view().fill(0);
    // depth pointer far outside linear memory: the first load traps
    t.post('classifyRows', [0x7fff0000, 64, 4, 0, 4, 4, s.ptr, 1, s.ptr + 256, s.ptr + 8192, s.ptr + 128]);
    expect(() => t.join()).toThrow(/classifyRows trapped/);
    expect(() => t.join()).toThrow(/without a posted call/);
    const map = new OccupancyMap(two);
    map.openFloor(-0.88);
    const K: Intrinsics = fromHfov(64, 48, 79);
    const pose = cameraPose([0, 0, 0], 0, -0.3);
    expect(map.integrate({ intrinsics: K, depth: castDepth(K, pose, ROOM, FURNITURE) }, pose).ok).toBe(true);
    expect(map.counts().known).toBeGreaterThan(10);
  });

  it('one call in flight at a time; a stopped thread refuses work', async () => {
    const core = await Navcore.load({ threads: 2 });
    const t = core.thread!;
    const s = core.block<Int32Array>(Int32Array, 256);
    t.post('classifyRows', [s.ptr, 4, 0, 0, 1, 1, s.ptr, 1, s.ptr + 256, s.ptr + 512, s.ptr + 768]);
    expect(() => t.post('classifyRows', [s.ptr, 4, 0, 0, 1, 1, s.ptr, 1, s.ptr + 256, s.ptr + 512, s.ptr + 768])).toThrow(/in flight/);
    expect(t.join()).toBe(0);
    await core.dispose();
    expect(() => t.post('classifyRows', [])).toThrow(/after stop/);
  });

  it('a helper that fails on a frame costs nothing but time: its rows are done here, the error is kept', async () => {
    const core = await Navcore.load({ threads: 2 });
    const K: Intrinsics = fromHfov(160, 120, 79);
    const a = new OccupancyMap(one),
      b = new OccupancyMap(core);
    a.openFloor(-0.88);
    b.openFloor(-0.88);
    const t = core.thread!;
    const join = t.join.bind(t);
    let calls = 0;
    // the second frame's join fails as a dead worker's would
    t.join = () => {
      const r = join();
      if (++calls === 2) throw new Error('navcore thread failed: simulated');
      return r;
    };
    for (let i = 0; i < 3; i++) {
      const pose = cameraPose([0.2 * i, 0, 0], i, -0.2);
      const depth = castDepth(K, pose, ROOM, FURNITURE);
      expect(b.integrate({ intrinsics: K, depth }, pose)).toEqual(a.integrate({ intrinsics: K, depth }, pose));
    }
    expect(b.snapshot(0)).toEqual(a.snapshot(0));
    expect(b.threadErrors).toEqual(['navcore thread failed: simulated']);
    // once stopped, the helper is not asked again and frames still map
    await core.dispose();
    expect(t.usable).toBe(false);
    const pose = cameraPose([0, 0, 0.5], 2, -0.2);
    const depth = castDepth(K, pose, ROOM, FURNITURE);
    expect(b.integrate({ intrinsics: K, depth }, pose)).toEqual(a.integrate({ intrinsics: K, depth }, pose));
    expect(b.snapshot(0)).toEqual(a.snapshot(0));
  });

  it("thread counts other than 1, 2 or 'auto' are refused", async () => {
    await expect(Navcore.load({ threads: 3 as 2 })).rejects.toThrow(/1, 2 or 'auto', got 3/);
  });
});
