/**
 * View encoder: one embedding of a rendered 320×240 frame (and a procedural 640×480 one, the TUM
 * size) with the generated GIST model on
 * onnxruntime-node (preprocessing graph + descriptor graph), its parts, batching, two threads, and the
 * plain-TypeScript loop implementation of the same descriptor as the baseline, all in the same run.
 */
import * as ort from 'onnxruntime-node';
import { SimBody } from '../src/body/sim-body.js';
import { buildGistModel, buildPreprocessModel, GIST_PARAMS, gistDimension, ViewEncoder } from '../src/perception/encoder.js';
import { generateHouse } from '../src/sim/index.js';
import { gistRef, resizeRef } from './reference/gist-ref.js';
import { proceduralView } from './support/views.js';
import type { BenchOptions, BenchResult } from './run.js';
import { medians } from './stats.js';

export async function run(opts: BenchOptions): Promise<BenchResult> {
  const body = await SimBody.create(generateHouse(7));
  const frames = [await body.observe()];
  for (let i = 0; i < 7; i++) frames.push((await body.execute(i % 2 ? 'left' : 'forward')).frame);
  const frame = frames[0];
  const vga = proceduralView(1, 640, 480);
  const S = GIST_PARAMS.size;
  opts.log(`encoder: rendered ${frame.width}×${frame.height} frames of seed:7, GIST ${S}×${S} → ${gistDimension()} dims`);

  const enc1 = await ViewEncoder.create({ threads: 1 });
  const enc2 = await ViewEncoder.create({ threads: 2 });
  const pre = await ort.InferenceSession.create(
    buildPreprocessModel({
      width: frame.width,
      height: frame.height,
      targetWidth: S,
      targetHeight: S,
      mean: [0, 0, 0],
      std: [1, 1, 1],
      channelOrder: 'rgb',
      fit: 'stretch',
    }),
    { intraOpNumThreads: 1 },
  );
  const gist = await gistSession(buildGistModel());
  const input = new ort.Tensor('uint8', frame.rgb, [1, frame.height, frame.width, 3]);
  const pixels = (await pre.run({ rgb: input })).pixels;

  const fast = await medians(
    {
      preprocess_320: async () => pre.run({ rgb: input }),
      gist_model: async () => gist.run({ pixels }),
      embed_320: async () => enc1.embed(frame),
      embed_640: async () => enc1.embed(vga),
      embed_320_threads2: async () => enc2.embed(frame),
      embed_320_batch8: async () => enc1.embedBatch(frames),
    },
    { time: opts.quick ? 200 : 1000, iterations: opts.quick ? 10 : 30 },
  );
  const slow = await medians(
    { ts_reference_320: () => gistRef(resizeRef(frame.rgb, frame.width, frame.height, S, S), GIST_PARAMS) },
    { time: opts.quick ? 100 : 500, iterations: opts.quick ? 2 : 5 },
  );
  await Promise.all([enc1.close(), enc2.close(), pre.release(), gist.release()]);

  const m = { ...fast, ...slow };
  const perFrameBatch = m.embed_320_batch8 / frames.length;
  const table = [
    { task: 'embed 320×240 (1 thread)', median_ms: +m.embed_320.toFixed(3) },
    { task: 'embed 640×480 (procedural, 1 thread)', median_ms: +m.embed_640.toFixed(3) },
    { task: 'embed 320×240 (2 threads)', median_ms: +m.embed_320_threads2.toFixed(3) },
    { task: 'embed 320×240, batch of 8, per frame', median_ms: +perFrameBatch.toFixed(3) },
    { task: '  preprocessing graph alone', median_ms: +m.preprocess_320.toFixed(3) },
    { task: '  GIST graph alone', median_ms: +m.gist_model.toFixed(3) },
    { task: 'TypeScript loops, same descriptor', median_ms: +m.ts_reference_320.toFixed(3) },
  ];
  return {
    table,
    summary: {
      frame_source: 'sim seed:7 320x240',
      dimension: gistDimension(),
      median_ms_embed_320: +m.embed_320.toFixed(3),
      median_ms_embed_640: +m.embed_640.toFixed(3),
      median_ms_embed_320_threads2: +m.embed_320_threads2.toFixed(3),
      median_ms_embed_320_batch8_per_frame: +perFrameBatch.toFixed(3),
      median_ms_preprocess_320: +m.preprocess_320.toFixed(3),
      median_ms_gist_model: +m.gist_model.toFixed(3),
      median_ms_ts_reference_320: +m.ts_reference_320.toFixed(3),
      speedup_vs_ts_reference: +(m.ts_reference_320 / m.embed_320).toFixed(2),
    },
  };
}

function gistSession(bytes: Uint8Array): Promise<ort.InferenceSession> {
  return ort.InferenceSession.create(bytes, { intraOpNumThreads: 1 });
}
