/**
 * The ViewEncoder API: unit-norm deterministic embeddings, tolerance to small view changes, user
 * models by path (input shape read from the model, mean/std, crop, BGR), and clear errors.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ort from 'onnxruntime-node';
import { buildGistModel, gistDimension, nearestViews, ViewEncoder, type EncoderFrame } from '../../src/perception/encoder.js';
import { DataType, GraphBuilder, type DataTypeCode, type Dim } from '../../src/perception/encoder/onnx-builder.js';
import { brighten, noisy, proceduralView, shift } from '../../bench/support/views.js';

const norm = (v: Float32Array) => Math.sqrt(v.reduce((a, b) => a + b * b, 0));

let dir: string;
let enc: ViewEncoder;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'encoder-test-'));
  enc = await ViewEncoder.create();
});
afterAll(async () => {
  await enc.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A model that returns the per-channel means of its input (and a second, unused output). */
function channelMeanModel(shape: Dim[], opts: { inputType?: DataTypeCode; twoInputs?: boolean } = {}): string {
  const g = new GraphBuilder('channel-means');
  const x = g.input('image', opts.inputType ?? DataType.FLOAT, shape);
  if (opts.twoInputs) g.input('mask', DataType.FLOAT, [1]);
  const fx = opts.inputType === DataType.UINT8 ? g.node('Cast', [x], { to: DataType.FLOAT }) : x;
  const means = g.node('Flatten', [g.node('GlobalAveragePool', [fx])], { axis: 1 }, 'means');
  g.node('Mul', [means, g.floats([1], [2])], {}, 'doubled');
  g.output('doubled', DataType.FLOAT, [shape[0], 3]);
  g.output('means', DataType.FLOAT, [shape[0], 3]);
  const path = join(dir, `m${Math.random().toString(36).slice(2)}.onnx`);
  writeFileSync(path, g.toBytes({ producer: 'test', version: '1', doc: '' }));
  return path;
}

const uniform = (w: number, h: number, c: [number, number, number]): EncoderFrame => {
  const rgb = new Uint8Array(w * h * 3);
  for (let i = 0; i < w * h; i++) rgb.set(c, i * 3);
  return { width: w, height: h, rgb };
};

describe('built-in GIST encoder', () => {
  it('embeds any frame size to a unit vector of the declared dimension, deterministically', async () => {
    expect(enc.info).toMatchObject({ source: 'builtin:navharness-gist', inputWidth: 128, inputHeight: 128, dimension: gistDimension() });
    for (const [w, h] of [
      [320, 240],
      [640, 480],
      [97, 61],
      [1, 1],
    ]) {
      const f = proceduralView(w, w, h);
      const e = await enc.embed(f);
      expect(e).toBeInstanceOf(Float32Array);
      expect(e.length).toBe(gistDimension());
      expect(norm(e)).toBeCloseTo(1, 5);
      expect(Array.from(await enc.embed(f))).toEqual(Array.from(e));
    }
    const other = await ViewEncoder.create({ threads: 2 });
    const f = proceduralView(42);
    try {
      const a = await enc.embed(f),
        b = await other.embed(f);
      expect(enc.similarity(a, b)).toBeGreaterThan(0.999999);
    } finally {
      await other.close();
    }
    await expect(other.embed(f)).rejects.toThrow(/embed after close/);
  });

  it('reads frames that are views into a larger buffer (zero-copy renderer frames)', async () => {
    const f = proceduralView(17, 64, 48);
    const big = new Uint8Array(f.rgb.length + 1001);
    big.set(f.rgb, 1001);
    const view = { width: 64, height: 48, rgb: big.subarray(1001) };
    expect(Array.from(await enc.embed(view))).toEqual(Array.from(await enc.embed(f)));
    const [a, b] = await enc.embedBatch([view, f]);
    expect(Array.from(a)).toEqual(Array.from(b));
  });

  it('gives a blank image a unit vector too', async () => {
    const e = await enc.embed(uniform(64, 48, [128, 128, 128]));
    expect(norm(e)).toBeCloseTo(1, 5);
    expect(e.every(Number.isFinite)).toBe(true);
  });

  it('batches frames of mixed sizes and matches one-by-one embedding', async () => {
    const frames = [proceduralView(1), proceduralView(2, 160, 120), proceduralView(3), proceduralView(4, 160, 120)];
    const progress: number[] = [];
    const batch = await enc.embedBatch(frames, { onProgress: (done, total) => progress.push(done / total) });
    expect(batch).toHaveLength(4);
    expect(progress).toEqual([0.5, 1]);
    for (let i = 0; i < frames.length; i++) expect(enc.similarity(batch[i], await enc.embed(frames[i]))).toBeGreaterThan(0.99999);
    expect(await enc.embedBatch([])).toEqual([]);
  });

  it('keeps a view much closer to itself under brightness change, 1–2 px shifts and mild noise than to other scenes', async () => {
    const seeds = [1, 2, 3, 4, 5, 6, 7, 8];
    const base = await enc.embedBatch(seeds.map((s) => proceduralView(s)));
    let worstSame = 1;
    for (const change of [
      (f: EncoderFrame) => brighten(f, 1.3),
      (f: EncoderFrame) => brighten(f, 0.7, 10),
      (f: EncoderFrame) => shift(f, 1, 0),
      (f: EncoderFrame) => shift(f, 2, -2),
      (f: EncoderFrame) => noisy(f, 8, 5),
    ]) {
      const changed = await enc.embedBatch(seeds.map((s) => change(proceduralView(s))));
      changed.forEach((e, i) => (worstSame = Math.min(worstSame, enc.similarity(e, base[i]))));
    }
    let bestCross = -1;
    for (let i = 0; i < base.length; i++) for (let j = i + 1; j < base.length; j++) bestCross = Math.max(bestCross, enc.similarity(base[i], base[j]));
    expect(worstSame).toBeGreaterThan(0.95);
    expect(bestCross).toBeLessThan(0.8);
    expect(worstSame - bestCross).toBeGreaterThan(0.2);
  });

  it('keeps results right when more frame sizes arrive than it caches preprocessors for, also concurrently', async () => {
    const sizes = [
      [40, 30],
      [41, 30],
      [42, 30],
      [43, 30],
      [44, 30],
      [45, 30],
    ];
    const frames = sizes.map(([w, h], i) => proceduralView(i + 20, w, h));
    const first = await Promise.all(frames.map((f) => enc.embed(f)));
    const again = await Promise.all([...frames].reverse().map((f) => enc.embed(f)));
    again.reverse().forEach((e, i) => expect(enc.similarity(e, first[i])).toBeGreaterThan(0.99999));
  });

  it('ranks a gallery for image-goal matching', async () => {
    const gallery = await enc.embedBatch([1, 2, 3, 4].map((s) => proceduralView(s)));
    const goal = await enc.embed(noisy(shift(proceduralView(3), 2, 1), 6, 1));
    const ranked = nearestViews(goal, gallery, 4);
    expect(ranked.map((m) => m.index)[0]).toBe(2);
    expect(ranked[0].similarity).toBeGreaterThan(ranked[1].similarity);
    expect(ranked).toHaveLength(4);
    expect(() => nearestViews(goal, gallery, 0)).toThrow(/k must be an integer ≥ 1/);
  });

  it('reports bad frames clearly', async () => {
    const f = proceduralView(1, 32, 24);
    await expect(enc.embed({ ...f, rgb: f.rgb.subarray(1) })).rejects.toThrow(/frame: rgb: 2303 bytes given; a 32×24 frame needs 2304 \(3 bytes per pixel\)/);
    await expect(enc.embed({ width: 0, height: 24, rgb: new Uint8Array(0) })).rejects.toThrow(/width must be ≥ 1/);
    await expect(enc.embed({ width: 2.5, height: 2, rgb: new Uint8Array(15) })).rejects.toThrow(/width must be an integer/);
    await expect(enc.embed({ width: 2, height: 2, rgb: new Float32Array(12) } as unknown as EncoderFrame)).rejects.toThrow(/rgb must be a Uint8Array/);
    await expect(enc.embedBatch([f, { ...f, height: 25 }])).rejects.toThrow(/frame 1: rgb: 2304 bytes given; a 32×25 frame needs 2400/);
    expect(() => enc.similarity(new Float32Array(3), new Float32Array(4))).toThrow(/differ in length/);
  });
});

describe('user models by path', () => {
  it('loads the generated model from a file and gives the built-in embeddings', async () => {
    const path = join(dir, 'gist.onnx');
    writeFileSync(path, buildGistModel());
    const byPath = await ViewEncoder.create({ modelPath: path });
    try {
      expect(byPath.info).toMatchObject({
        source: path,
        modelId: enc.info.modelId,
        inputName: 'pixels',
        outputName: 'embedding',
        inputWidth: 128,
        inputHeight: 128,
      });
      expect(enc.info.modelId).toMatch(/^[0-9a-f]{16}$/);
      const f = proceduralView(9);
      expect(byPath.similarity(await byPath.embed(f), await enc.embed(f))).toBeGreaterThan(0.99999);
    } finally {
      await byPath.close();
    }
  });

  it('applies mean/std, channel order and centre crop before the model', async () => {
    const path = channelMeanModel(['N', 3, 16, 16]);
    const m = await ViewEncoder.create({ modelPath: path, outputName: 'means', mean: [0.5, 0.25, 0], std: [0.5, 0.25, 1], channelOrder: 'bgr' });
    try {
      expect(m.info).toMatchObject({ inputName: 'image', outputName: 'means', inputWidth: 16, inputHeight: 16, dimension: 3 });
      expect(m.info.modelId).not.toBe(enc.info.modelId);
      // BGR of (51, 102, 204) is (0.8, 0.4, 0.2); normalised: ((0.8−0.5)/0.5, (0.4−0.25)/0.25, 0.2) = (0.6, 0.6, 0.2)
      const e = await m.embed(uniform(40, 30, [51, 102, 204]));
      const want = [0.6, 0.6, 0.2].map((v) => v / Math.hypot(0.6, 0.6, 0.2));
      for (let i = 0; i < 3; i++) expect(e[i]).toBeCloseTo(want[i], 4);
    } finally {
      await m.close();
    }
    // 80×40 frame: red left quarter, blue right quarter, green middle; the centred square is all green
    const f = uniform(80, 40, [0, 255, 0]);
    for (let y = 0; y < 40; y++) for (let x = 0; x < 80; x++) if (x < 20 || x >= 60) f.rgb.set(x < 20 ? [255, 0, 0] : [0, 0, 255], (y * 80 + x) * 3);
    const crop = await ViewEncoder.create({ modelPath: path, outputName: 'means', fit: 'crop' });
    const stretch = await ViewEncoder.create({ modelPath: path, outputName: 'means' });
    try {
      const c = await crop.embed(f);
      expect(c[0]).toBeCloseTo(0, 5);
      expect(c[1]).toBeCloseTo(1, 5);
      const s = await stretch.embed(f);
      expect(s[0]).toBeGreaterThan(0.3);
      expect(s[2]).toBeGreaterThan(0.3);
    } finally {
      await crop.close();
      await stretch.close();
    }
  });

  it('needs inputSize for symbolic sizes and runs fixed-batch models one frame at a time', async () => {
    const sym = channelMeanModel(['N', 3, 'H', 'W']);
    await expect(ViewEncoder.create({ modelPath: sym })).rejects.toThrow(/symbolic size \['N', 3, 'H', 'W'\]; give inputSize/);
    const ok = await ViewEncoder.create({ modelPath: sym, inputSize: { width: 24, height: 20 } });
    const one = await ViewEncoder.create({ modelPath: channelMeanModel([1, 3, 8, 8]) });
    try {
      expect(ok.info).toMatchObject({ inputWidth: 24, inputHeight: 20 });
      const frames = [uniform(10, 10, [255, 0, 0]), uniform(10, 10, [0, 0, 255])];
      const [a, b] = await one.embedBatch(frames);
      expect(Array.from(a)).toEqual([1, 0, 0]);
      expect(Array.from(b)).toEqual([0, 0, 1]);
    } finally {
      await ok.close();
      await one.close();
    }
  });

  it('rejects missing files, non-models and incompatible inputs with messages that say what is needed', async () => {
    await expect(ViewEncoder.create({ modelPath: join(dir, 'nope.onnx') })).rejects.toThrow(/model file not found: .*nope\.onnx/);
    await expect(ViewEncoder.create({ modelPath: dir })).rejects.toThrow(/is not a file/);
    const junk = join(dir, 'junk.onnx');
    writeFileSync(junk, 'this is not a model');
    await expect(ViewEncoder.create({ modelPath: junk })).rejects.toThrow(/could not load it as an ONNX model/);
    await expect(ViewEncoder.create({ modelPath: channelMeanModel([1, 64, 64, 3]) })).rejects.toThrow(/has 64 channels .*\[N, 3, H, W\] is required/);
    await expect(ViewEncoder.create({ modelPath: channelMeanModel([1, 3, 8, 8], { inputType: DataType.UINT8 }) })).rejects.toThrow(
      /is uint8; the encoder feeds float32 NCHW/,
    );
    await expect(ViewEncoder.create({ modelPath: channelMeanModel([4, 3, 8, 8]) })).rejects.toThrow(/fixed batch of 4/);
    await expect(ViewEncoder.create({ modelPath: channelMeanModel([1, 3, 8, 8], { twoInputs: true }) })).rejects.toThrow(
      /has 2 inputs \('image', 'mask'\); say which .* inputName/,
    );
    await expect(ViewEncoder.create({ modelPath: channelMeanModel([1, 3, 8, 8]), inputSize: { width: 9, height: 8 } })).rejects.toThrow(
      /fixed at 8×8 but inputSize asks for 9×8/,
    );
    await expect(ViewEncoder.create({ modelPath: channelMeanModel([1, 3, 8, 8]), outputName: 'logits' })).rejects.toThrow(
      /no output 'logits' \(outputs: 'doubled', 'means'\)/,
    );
  });

  it('takes an injected runtime and model bytes (the browser path) without touching the file system', async () => {
    const m = await ViewEncoder.create({ modelPath: 'memory://gist.onnx' }, { runtime: ort, modelBytes: buildGistModel() });
    try {
      expect(m.info.source).toBe('memory://gist.onnx');
      const f = proceduralView(12);
      expect(m.similarity(await m.embed(f), await enc.embed(f))).toBeGreaterThan(0.99999);
    } finally {
      await m.close();
    }
    await expect(ViewEncoder.create({}, { modelBytes: buildGistModel() })).rejects.toThrow(/modelBytes needs modelPath/);
  });

  it('validates options', async () => {
    await expect(ViewEncoder.create({ mean: [0.5, 0.5, 0.5] })).rejects.toThrow(/'mean' applies only with modelPath/);
    await expect(ViewEncoder.create({ modelPath: 'x.onnx', std: [1, 0, 1] })).rejects.toThrow(/std values must all be > 0/);
    await expect(ViewEncoder.create({ modelPath: '' })).rejects.toThrow(/modelPath must be a non-empty path/);
    await expect(ViewEncoder.create({ threads: 0 })).rejects.toThrow(/threads/);
    await expect(ViewEncoder.create({ colour: true } as never)).rejects.toThrow(/colour/);
  });
});
