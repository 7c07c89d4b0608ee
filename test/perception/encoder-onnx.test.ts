/**
 * The ONNX writer and the generated graphs: wire format, determinism, and the graphs computing what the
 * plain-TypeScript reference computes.
 */
import { createHash } from 'node:crypto';
import * as ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { ProtoWriter } from '../../src/perception/encoder/protobuf.js';
import { DataType, GraphBuilder } from '../../src/perception/encoder/onnx-builder.js';
import { buildGistModel, buildPreprocessModel, centreCrop, gistDimension, GIST_PARAMS, type PreprocessSpec } from '../../src/perception/encoder.js';
import { gaborBank } from '../../src/perception/encoder/gabor.js';
import { gistRef, resizeRef } from '../../bench/reference/gist-ref.js';
import { proceduralView } from '../../bench/support/views.js';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const maxAbsDiff = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  expect(a.length).toBe(b.length);
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i] - b[i]));
  return m;
};

describe('protobuf wire format', () => {
  it('writes varints, negative int64, fixed32 floats and nested messages as protobuf does', () => {
    const w = new ProtoWriter();
    w.varint(1, 150);
    expect(hex(w.finish())).toBe('089601');
    const n = new ProtoWriter();
    n.varint(2, -1);
    expect(hex(n.finish())).toBe('10ffffffffffffffffff01');
    const f = new ProtoWriter();
    f.float(2, 1.5);
    expect(hex(f.finish())).toBe('150000c03f');
    const m = new ProtoWriter();
    m.message(3, (x) => x.string(1, 'ab'));
    expect(hex(m.finish())).toBe('1a040a026162');
    const p = new ProtoWriter();
    p.packedVarints(4, [3, 270]);
    expect(hex(p.finish())).toBe('2203038e02');
  });

  it('rejects a non-integer varint and a float-valued integer attribute', () => {
    expect(() => new ProtoWriter().varint(1, 1.5)).toThrow(/integer/);
    const g = new GraphBuilder('t');
    g.input('x', DataType.FLOAT, [1]);
    g.node('Identity', ['x'], { bad: 0.5 }, 'y');
    expect(() => g.toBytes({ producer: 'p', version: '1', doc: '' })).toThrow(/integer expected/);
  });
});

describe('generated GIST model', () => {
  it('is byte-for-byte deterministic and declares its input, output and parameters', async () => {
    const a = buildGistModel(),
      b = buildGistModel();
    expect(sha(a)).toBe(sha(b));
    const changed = buildGistModel({ ...GIST_PARAMS, orientations: 6 });
    expect(sha(changed)).not.toBe(sha(a));
    const s = await ort.InferenceSession.create(a);
    try {
      expect(s.inputMetadata[0]).toMatchObject({ name: 'pixels', isTensor: true, type: 'float32', shape: ['N', 3, 128, 128] });
      expect(s.outputMetadata[0]).toMatchObject({ name: 'embedding', shape: ['N', gistDimension()] });
    } finally {
      await s.release();
    }
    expect(gistDimension()).toBe(4 * 8 * 16 + 16 + 32 + 1);
  });

  it('rejects parameters whose pyramid does not fit the grid', () => {
    expect(() => buildGistModel({ ...GIST_PARAMS, size: 100 })).toThrow(/multiple of grid/);
  });

  it('has zero-mean, unit-norm Gabor filters', () => {
    const r = 7,
      k = 15,
      o = 8;
    const bank = gaborBank({ orientations: o, wavelength: 4, sigma: 2.24, radius: r });
    for (let f = 0; f < 2 * o; f++) {
      const w = bank.subarray(f * k * k, (f + 1) * k * k);
      expect(Math.abs(w.reduce((a, b) => a + b, 0))).toBeLessThan(1e-5);
      expect(Math.sqrt(w.reduce((a, b) => a + b * b, 0))).toBeCloseTo(1, 5);
    }
  });

  it('computes what the TypeScript reference computes', async () => {
    const s = await ort.InferenceSession.create(buildGistModel(), { intraOpNumThreads: 1 });
    try {
      for (const seed of [3, 11]) {
        const f = proceduralView(seed, 200, 150);
        const pixels = resizeRef(f.rgb, f.width, f.height, 128, 128);
        const out = (await s.run({ pixels: new ort.Tensor('float32', pixels, [1, 3, 128, 128]) })).embedding.data as Float32Array;
        const ref = gistRef(pixels, GIST_PARAMS);
        expect(maxAbsDiff(out, ref)).toBeLessThan(2e-5);
      }
    } finally {
      await s.release();
    }
  });
});

describe('generated preprocessing graph', () => {
  const spec = (over: Partial<PreprocessSpec>): PreprocessSpec => ({
    width: 320,
    height: 240,
    targetWidth: 128,
    targetHeight: 128,
    mean: [0, 0, 0],
    std: [1, 1, 1],
    channelOrder: 'rgb',
    fit: 'stretch',
    ...over,
  });
  const run = async (s: PreprocessSpec, rgb: Uint8Array) => {
    const sess = await ort.InferenceSession.create(buildPreprocessModel(s));
    try {
      return (await sess.run({ rgb: new ort.Tensor('uint8', rgb, [1, s.height, s.width, 3]) })).pixels.data as Float32Array;
    } finally {
      await sess.release();
    }
  };

  it('resizes like the Pillow-style reference when shrinking and enlarging', async () => {
    for (const [w, h, tw, th] of [
      [320, 240, 128, 128],
      [640, 480, 224, 224],
      [90, 50, 128, 96],
    ]) {
      const f = proceduralView(w + h, w, h);
      const out = await run(spec({ width: w, height: h, targetWidth: tw, targetHeight: th }), f.rgb);
      expect(maxAbsDiff(out, resizeRef(f.rgb, w, h, tw, th))).toBeLessThan(1e-5);
    }
  });

  it('crops the centred box, swaps to BGR and applies mean/std', async () => {
    const f = proceduralView(5, 320, 240);
    const s = spec({ fit: 'crop', channelOrder: 'bgr', mean: [0.4, 0.5, 0.6], std: [0.2, 0.25, 0.3], targetWidth: 64, targetHeight: 64 });
    const out = await run(s, f.rgb);
    const c = centreCrop(s);
    expect(c).toEqual({ x: 40, y: 0, width: 240, height: 240 });
    const cropped = new Uint8Array(c.width * c.height * 3);
    for (let y = 0; y < c.height; y++) cropped.set(f.rgb.subarray(((c.y + y) * 320 + c.x) * 3, ((c.y + y) * 320 + c.x + c.width) * 3), y * c.width * 3);
    const ref = resizeRef(cropped, c.width, c.height, 64, 64);
    const plane = 64 * 64;
    const expected = new Float32Array(3 * plane);
    for (let ch = 0; ch < 3; ch++) for (let i = 0; i < plane; i++) expected[ch * plane + i] = (ref[(2 - ch) * plane + i] - s.mean[ch]) / s.std[ch];
    expect(maxAbsDiff(out, expected)).toBeLessThan(1e-4);
  });
});
