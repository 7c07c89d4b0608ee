/**
 * A saved tracker map moved into another world keyframe by keyframe (moveMapWorld): every keyframe's
 * pose becomes W·P, the file still loads (its checksum written anew), and a tracker that loads it
 * relocalises where the moved landmarks say: at W·P of the pose the original map gave.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimBody } from '../../src/body/sim-body.js';
import { loadHouse } from '../../src/sim/load-house.js';
import { identity, multiply, type Mat4 } from '../../src/geometry/index.js';
import { mapFileProblem, moveMapWorld, readMapKeyframes, type RgbdFrame, type Tracker } from '../../src/perception/index.js';
import { fnv1a64 } from '../../src/perception/map-world.js';
import { navigatorTracker } from '../../bench/support/kidnap.js';

let body: SimBody;
let tracker: Tracker;
let dispose: () => void;
let saved: Uint8Array;
const frames: RgbdFrame[] = [];

/** a turn of 30° and a move of (1.2, 0.3, −0.8) m: what a navigator's correction could be */
function world(): Mat4 {
  const a = Math.PI / 6,
    c = Math.cos(a),
    s = Math.sin(a);
  return Float64Array.from([c, 0, s, 1.2, 0, 1, 0, 0.3, -s, 0, c, -0.8, 0, 0, 0, 1]);
}
const gap = (a: Mat4, b: Mat4) => Math.hypot(a[3] - b[3], a[7] - b[7], a[11] - b[11]);

describe('a saved tracker map moved into another world', () => {
  beforeAll(async () => {
    body = await SimBody.create(await loadHouse({ kind: 'procedural', seed: 7 }));
    ({ tracker, dispose } = await navigatorTracker(body));
    for (let i = 0; i < 60; i++) {
      const r = await body.execute(i % 3 === 2 ? 'forward' : 'left', { transient: true });
      frames.push(r.frame);
      tracker.track(r.frame);
    }
    saved = tracker.saveMap();
  }, 120_000);

  afterAll(() => {
    dispose?.();
    body?.renderer.dispose();
    body?.navmesh.destroy();
  });

  it('computes the checksum the tracker writes, and the identity leaves the file as it was', () => {
    const noise = Uint8Array.from({ length: 999 }, (_, i) => (i * 7919 + 13) & 255);
    let h = 1469598103934665603n; // the format's basis (native/src/io/byte_stream.h)
    for (const x of noise) h = ((h ^ BigInt(x)) * 0x100000001b3n) & 0xffffffffffffffffn;
    const [hi, lo] = fnv1a64(noise);
    expect((BigInt(hi) << 32n) | BigInt(lo)).toBe(h);
    expect(Buffer.from(moveMapWorld(saved, () => identity())).equals(Buffer.from(saved))).toBe(true);
  });

  it('mapFileProblem accepts the whole file the tracker wrote and names a flipped byte, a cut and a forged count (issue 38)', () => {
    expect(mapFileProblem(saved)).toBeNull();
    expect(mapFileProblem(moveMapWorld(saved, () => world()))).toBeNull();
    const flipped = saved.slice();
    flipped[200] ^= 0x10;
    expect(mapFileProblem(flipped)).toMatch(/checksum/);
    expect(mapFileProblem(saved.subarray(0, saved.length - 100))).not.toBeNull();
    const forged = saved.slice();
    new DataView(forged.buffer).setUint32(88, 0x7fffffff, true);
    const [hi, lo] = fnv1a64(forged.subarray(0, forged.length - 8));
    new DataView(forged.buffer).setUint32(forged.length - 8, lo, true);
    new DataView(forged.buffer).setUint32(forged.length - 4, hi, true);
    expect(mapFileProblem(forged)).toMatch(/ends inside its records/);
  });

  it('moves every keyframe to W·P, and a tracker that loads it relocalises at W·P', () => {
    const W = world();
    const moved = moveMapWorld(saved, () => W);
    const before = readMapKeyframes(saved),
      after = readMapKeyframes(moved);
    expect(after).toHaveLength(before.length);
    for (const [i, k] of before.entries()) expect(gap(after[i].pose, multiply(W, k.pose))).toBeLessThan(1e-9);
    // the landmarks moved with them: the same frames relocalise in the moved map at W·P
    tracker.loadMap(saved);
    const inSaved = frames
      .map((f) => tracker.track(f))
      .filter((e) => e.status === 'ok')
      .map((e) => e.pose!);
    tracker.loadMap(moved);
    const inMoved = frames
      .map((f) => tracker.track(f))
      .filter((e) => e.status === 'ok')
      .map((e) => e.pose!);
    expect(inMoved.length).toBeGreaterThan(10);
    expect(gap(inMoved.at(-1)!, multiply(W, inSaved.at(-1)!))).toBeLessThan(0.05);
  }, 120_000);

  it('refuses a file that ends inside its records', () => {
    expect(() => moveMapWorld(saved.subarray(0, 200), () => world())).toThrow(/ends inside its records/);
  });
});
