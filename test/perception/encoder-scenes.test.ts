/**
 * The generated encoder on rendered and real views: place recognition across the rooms of a
 * simulated house, and the real TUM fr3/teddy sequence (neighbouring frames closer than distant ones).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePng, readTumFrames } from '../../src/body/tum.js';
import { SimBody } from '../../src/body/sim-body.js';
import { ViewEncoder, type EncoderFrame } from '../../src/perception/encoder.js';
import { generateHouse } from '../../src/sim/index.js';
import { skipReason, TEDDY } from '../../bench/support/shared-data.js';

let enc: ViewEncoder;
beforeAll(async () => {
  enc = await ViewEncoder.create();
});
afterAll(async () => {
  await enc.close();
});

interface PlaceView {
  room: number;
  heading: number;
  /** the view at the place */
  here: Float32Array;
  /** the view after one forward sub-motion and one 3° turn */
  moved: Float32Array;
}

/** A floor point well inside the room (not snapped into a neighbour), or null. */
function spotInRoom(body: SimBody, r: { x0: number; x1: number; z0: number; z1: number }): [number, number, number] | null {
  const cx = (r.x0 + r.x1) / 2,
    cz = (r.z0 + r.z1) / 2;
  for (const [dx, dz] of [
    [0, 0],
    [0.5, 0],
    [-0.5, 0],
    [0, 0.5],
    [0, -0.5],
    [0.5, 0.5],
    [-0.5, -0.5],
    [0.5, -0.5],
    [-0.5, 0.5],
  ]) {
    try {
      body.teleport({ position: [cx + dx, 0, cz + dz], yaw: 0 });
    } catch {
      continue;
    }
    const p = body.simPose.position;
    if (p[0] > r.x0 + 0.3 && p[0] < r.x1 - 0.3 && p[2] > r.z0 + 0.3 && p[2] < r.z1 - 0.3) return [p[0], p[1], p[2]];
  }
  return null;
}

describe('place recognition in a simulated house', () => {
  it('matches a slightly moved view to its own place, and same-place views are closer than views of other rooms', async () => {
    const scene = generateHouse(7);
    // sensor noise on: gallery and query views carry different noise draws
    const body = await SimBody.create(scene, { sensorNoise: { seed: 3, rgbSigma: 6 } });
    const views: PlaceView[] = [];
    for (const room of scene.rooms) {
      const spot = spotInRoom(body, room);
      if (!spot) continue;
      for (let h = 0; h < 4; h++) {
        body.teleport({ position: spot, yaw: (h * Math.PI) / 2 });
        const here = await enc.embed(await body.observe());
        await body.execute('forward');
        const moved = await enc.embed((await body.execute('left')).frame);
        views.push({ room: room.index, heading: h, here, moved });
      }
    }
    expect(new Set(views.map((v) => v.room)).size).toBeGreaterThanOrEqual(4);

    let minSame = 1,
      maxOtherRoom = -1,
      correct = 0;
    for (const q of views) {
      minSame = Math.min(minSame, enc.similarity(q.moved, q.here));
      let best = views[0],
        bestSim = -2;
      for (const g of views) {
        const s = enc.similarity(q.moved, g.here);
        if (s > bestSim) [best, bestSim] = [g, s];
        if (g.room !== q.room) maxOtherRoom = Math.max(maxOtherRoom, enc.similarity(q.here, g.here));
      }
      if (best === q) correct++;
    }
    expect(correct).toBe(views.length);
    expect(minSame).toBeGreaterThan(maxOtherRoom);
  });
});

function readRgb(dir: string, file: string): EncoderFrame {
  const png = decodePng(join(dir, file));
  const n = png.width * png.height;
  const rgb = new Uint8Array(n * 3);
  for (let i = 0; i < n; i++) rgb.set(png.data.subarray(i * 4, i * 4 + 3), i * 3);
  return { width: png.width, height: png.height, rgb };
}

describe.skipIf(!TEDDY)(`real frames: TUM fr3/teddy${TEDDY ? '' : ` (skipped: ${skipReason('tum_fr3_teddy_100')})`}`, () => {
  it('finds neighbouring frames more similar than frames far apart in the sequence', async () => {
    const step = 2;
    const refs = readTumFrames(TEDDY!).filter((_, i) => i % step === 0);
    const embs = await enc.embedBatch(refs.map((r) => readRgb(TEDDY!, r.rgbFile)));
    const sims = (gap: number) => {
      const out: number[] = [];
      for (let i = 0; i + gap < embs.length; i++) out.push(enc.similarity(embs[i], embs[i + gap]));
      return out.sort((a, b) => a - b);
    };
    const med = (xs: number[]) => xs[xs.length >> 1];
    const near = sims(1),
      mid = sims(10),
      far = sims(30);
    expect(med(near)).toBeGreaterThan(med(mid));
    expect(med(mid)).toBeGreaterThan(med(far));
    // every pair 2 frames apart (~0.07 s) beats every pair 60 frames apart (~2 s, ~40° around the bear)
    expect(near[0]).toBeGreaterThan(far[far.length - 1]);
  });
});
