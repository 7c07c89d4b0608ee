/**
 * View embeddings for place recognition and image-goal matching, run with onnxruntime.
 *
 *   const enc = await ViewEncoder.create();                 // the generated GIST descriptor
 *   const enc = await ViewEncoder.create({ modelPath: 'clip-vision.onnx', fit: 'crop',
 *     mean: [0.4815, 0.4578, 0.4082], std: [0.2686, 0.2613, 0.2758] });   // any NCHW image encoder
 *   const e = await enc.embed(frame);                       // Float32Array, unit length
 *   enc.similarity(e, await enc.embed(goal));               // cosine
 *
 * Two sessions per frame size: a generated preprocessing graph (bytes → crop → resize → normalise) and
 * the encoder itself, so pixels are only touched inside onnxruntime. The runtime is loaded on first
 * `create` (nothing happens at import). In a browser, pass `runtime` (onnxruntime-web exposes the same
 * InferenceSession/Tensor API) and `modelBytes`; only the Node path is exercised here.
 */
import { optionalImport } from '../runtime/index.js';
import { cosineSimilarity } from './encoder/cosine.js';
import { buildGistModel, GIST_NAME } from './encoder/gist-model.js';
import { resolveModelIo, type ModelIo } from './encoder/model-io.js';
import type { OrtRuntime, OrtSession, OrtTensor } from './encoder/ort-types.js';
import {
  describeIssues,
  EncoderFrameSchema,
  ViewEncoderOptionsSchema,
  type ParsedEncoderOptions,
  type EncoderFrame,
  type ViewEncoderOptions,
} from './encoder/options.js';
import { buildPreprocessModel, PRE_INPUT, PRE_OUTPUT, type PreprocessSpec } from './encoder/preprocess-model.js';

export { cosineSimilarity, l2Normalised, nearestViews, type ViewMatch } from './encoder/cosine.js';
export { buildGistModel, gistDimension, GIST_PARAMS, type GistParams } from './encoder/gist-model.js';
export { buildPreprocessModel, centreCrop, type PreprocessSpec } from './encoder/preprocess-model.js';
export { ViewEncoderOptionsSchema, EncoderFrameSchema, type ViewEncoderOptions, type EncoderFrame } from './encoder/options.js';

export type { OrtRuntime, OrtSession, OrtTensor, OrtValueMetadata } from './encoder/ort-types.js';

export interface EncoderEnvironment {
  /** onnxruntime binding (default: onnxruntime-node, imported on first use) */
  runtime?: OrtRuntime;
  /** model bytes instead of reading `modelPath` (browser); `modelPath` then only names the source */
  modelBytes?: Uint8Array;
}

export interface EncoderInfo {
  /** 'builtin:navharness-gist' or the model path */
  source: string;
  /** first 16 hex digits of the model bytes' SHA-256: store it with saved embeddings, compare before reuse */
  modelId: string;
  inputName: string;
  outputName: string;
  inputWidth: number;
  inputHeight: number;
  /** embedding length, null until the first embedding when the model does not declare it */
  dimension: number | null;
}

interface PreEntry {
  session: Promise<OrtSession>;
  /** runs in flight: an evicted session is released only when they are done */
  users: number;
  evicted: boolean;
}

/** Frame sizes whose preprocessing sessions are kept (a run normally uses one). */
const PRE_CACHE = 4;
/** RGB bytes per session run: bounds the float intermediates (≈ 8× this) of large batches. */
const MAX_BATCH_BYTES = 8 << 20;

/**
 * onnxruntime-node is an optional dependency (about 290 MB with its native libraries): only the view
 * encoder needs it, so an install with --omit=optional (or where its binaries are missing) still
 * runs everything else, and asking for the encoder says what to install.
 */
/** A Node built-in loaded through a variable specifier, so that a browser bundle neither bundles nor shims it. */
const runtimeImport = (specifier: string): Promise<unknown> => import(/* @vite-ignore */ specifier);

async function loadOnnxRuntime(): Promise<OrtRuntime> {
  return optionalImport<OrtRuntime>('onnxruntime-node', 'the view encoder', 'or pass a runtime (e.g. onnxruntime-web) as `runtime`');
}

export class ViewEncoder {
  private readonly pre = new Map<string, PreEntry>();
  private dim: number | null;
  private closed = false;

  private constructor(
    private readonly ort: OrtRuntime,
    private readonly session: OrtSession,
    private readonly io: ModelIo,
    private readonly spec: Omit<PreprocessSpec, 'width' | 'height'>,
    private readonly threads: number,
    readonly source: string,
    readonly modelId: string,
  ) {
    this.dim = io.dimension;
  }

  static async create(options: ViewEncoderOptions = {}, env: EncoderEnvironment = {}): Promise<ViewEncoder> {
    const parsed = ViewEncoderOptionsSchema.safeParse(options);
    if (!parsed.success) throw new Error(`view encoder options: ${describeIssues(parsed.error)}`);
    const o: ParsedEncoderOptions = parsed.data;
    if (env.modelBytes !== undefined && o.modelPath === undefined)
      throw new Error('view encoder options: modelBytes needs modelPath as the name of the model it holds');
    const ort = env.runtime ?? (await loadOnnxRuntime());
    const source = o.modelPath ?? `builtin:${GIST_NAME}`;
    const bytes = env.modelBytes ?? (o.modelPath !== undefined ? await readModelFile(o.modelPath) : buildGistModel());
    let session: OrtSession;
    try {
      session = await ort.InferenceSession.create(bytes, { intraOpNumThreads: o.threads, logSeverityLevel: 3 });
    } catch (e) {
      throw new Error(`view encoder model ${source}: onnxruntime could not load it as an ONNX model (${firstLine(e)})`);
    }
    let io: ModelIo;
    try {
      io = resolveModelIo(source, session.inputMetadata, session.outputMetadata, o);
    } catch (e) {
      await session.release();
      throw e;
    }
    const spec = {
      targetWidth: io.width,
      targetHeight: io.height,
      mean: o.mean ?? [0, 0, 0],
      std: o.std ?? [1, 1, 1],
      channelOrder: o.channelOrder ?? 'rgb',
      fit: o.fit ?? 'stretch',
    } as const;
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
    const modelId = Array.from(digest.subarray(0, 8), (b) => b.toString(16).padStart(2, '0')).join('');
    return new ViewEncoder(ort, session, io, spec, o.threads, source, modelId);
  }

  get info(): EncoderInfo {
    return {
      source: this.source,
      modelId: this.modelId,
      inputName: this.io.inputName,
      outputName: this.io.outputName,
      inputWidth: this.io.width,
      inputHeight: this.io.height,
      dimension: this.dim,
    };
  }

  /** Unit-length embedding of one RGB frame. */
  async embed(frame: EncoderFrame): Promise<Float32Array> {
    return (await this.embedBatch([frame]))[0];
  }

  /**
   * Embeddings of several frames, in order. Frames of one size go through the sessions together
   * (batches of up to 8 MB of pixels) when the model has a free batch dimension; `onProgress` hears
   * after each batch how many frames are done.
   */
  async embedBatch(frames: readonly EncoderFrame[], opts: { onProgress?: (done: number, total: number) => void } = {}): Promise<Float32Array[]> {
    if (this.closed) throw new Error('view encoder: embed after close()');
    if (!Array.isArray(frames)) throw new Error('view encoder: embedBatch takes an array of frames {width, height, rgb}');
    frames.forEach((f, i) => {
      const r = EncoderFrameSchema.safeParse(f);
      if (!r.success) throw new Error(`view encoder: frame${frames.length > 1 ? ` ${i}` : ''}: ${describeIssues(r.error)}`);
    });
    const out: Float32Array[] = new Array(frames.length);
    const groups = new Map<string, number[]>();
    frames.forEach((f, i) => {
      const k = `${f.width}x${f.height}`;
      const g = groups.get(k);
      if (g) g.push(i);
      else groups.set(k, [i]);
    });
    let done = 0;
    for (const idx of groups.values()) {
      const { width, height } = frames[idx[0]];
      const per = this.io.batched ? Math.max(1, Math.floor(MAX_BATCH_BYTES / (width * height * 3))) : 1;
      const chunks: number[][] = [];
      for (let i = 0; i < idx.length; i += per) chunks.push(idx.slice(i, i + per));
      for (const chunk of chunks) {
        const embs = await this.runChunk(chunk.map((i) => frames[i]));
        chunk.forEach((i, j) => (out[i] = embs[j]));
        done += chunk.length;
        opts.onProgress?.(done, frames.length);
      }
    }
    return out;
  }

  /** Cosine similarity of two embeddings (of this encoder). */
  similarity(a: Float32Array, b: Float32Array): number {
    return cosineSimilarity(a, b);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const pres = await Promise.allSettled([...this.pre.values()].map((e) => e.session));
    this.pre.clear();
    await Promise.all([this.session.release(), ...pres.map((r) => (r.status === 'fulfilled' ? r.value.release() : undefined))]);
  }

  private acquirePreprocessor(width: number, height: number): PreEntry {
    const key = `${width}x${height}`;
    let e = this.pre.get(key);
    if (!e) {
      if (this.pre.size >= PRE_CACHE) {
        const [oldKey, old] = this.pre.entries().next().value!;
        this.pre.delete(oldKey);
        old.evicted = true;
        if (old.users === 0) releaseEntry(old);
      }
      const session = this.ort.InferenceSession.create(buildPreprocessModel({ ...this.spec, width, height }), {
        intraOpNumThreads: this.threads,
        logSeverityLevel: 3,
      });
      e = { session, users: 0, evicted: false };
      this.pre.set(key, e);
    }
    e.users++;
    return e;
  }

  private async runChunk(frames: EncoderFrame[]): Promise<Float32Array[]> {
    const { width, height } = frames[0];
    const n = frames.length;
    const px = width * height * 3;
    let bytes = frames[0].rgb;
    if (n > 1) {
      bytes = new Uint8Array(n * px);
      frames.forEach((f, i) => bytes.set(f.rgb, i * px));
    }
    const entry = this.acquirePreprocessor(width, height);
    let pixels: OrtTensor;
    try {
      const pre = await entry.session;
      pixels = (await pre.run({ [PRE_INPUT]: new this.ort.Tensor('uint8', bytes, [n, height, width, 3]) }))[PRE_OUTPUT];
    } finally {
      entry.users--;
      if (entry.evicted && entry.users === 0) releaseEntry(entry);
    }
    let result: Record<string, OrtTensor>;
    try {
      result = await this.session.run({ [this.io.inputName]: pixels }, [this.io.outputName]);
    } catch (e) {
      throw new Error(`view encoder model ${this.source}: inference failed (${firstLine(e)})`);
    } finally {
      pixels.dispose();
    }
    const t = result[this.io.outputName];
    const data = t.data as Float32Array;
    if (data.length === 0 || data.length % n !== 0)
      throw new Error(`view encoder model ${this.source}: output '${this.io.outputName}' has ${data.length} values for a batch of ${n}`);
    const d = data.length / n;
    if (this.dim !== null && this.dim !== d) throw new Error(`view encoder model ${this.source}: output length ${d} differs from the declared ${this.dim}`);
    this.dim = d;
    const embs: Float32Array[] = [];
    for (let i = 0; i < n; i++) {
      const v = data.slice(i * d, (i + 1) * d);
      let s = 0;
      for (const x of v) s += x * x;
      if (!(s > 0) || !Number.isFinite(s))
        throw new Error(`view encoder model ${this.source}: output '${this.io.outputName}' is zero or not finite for frame ${i}; it cannot be normalised`);
      const inv = 1 / Math.sqrt(s);
      for (let j = 0; j < d; j++) v[j] *= inv;
      embs.push(v);
    }
    t.dispose();
    return embs;
  }
}

function releaseEntry(e: PreEntry): void {
  e.session.then((s) => s.release()).catch(() => undefined);
}

async function readModelFile(path: string): Promise<Uint8Array> {
  const { readFile, stat } = (await runtimeImport('node:fs/promises')) as typeof import('node:fs/promises');
  const st = await stat(path).catch(() => null);
  if (!st)
    throw new Error(`view encoder: model file not found: ${path} (give modelPath to an existing .onnx file, or omit it for the built-in GIST descriptor)`);
  if (!st.isFile()) throw new Error(`view encoder: modelPath ${path} is not a file`);
  return new Uint8Array(await readFile(path));
}

function firstLine(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split('\n')[0].slice(0, 300);
}
