/**
 * The project's own view encoder, generated as an ONNX graph (no weights to download): a GIST-style
 * descriptor after Oliva & Torralba. From an RGB image scaled to S×S with values in [0, 1]:
 *  1. grey = luma; L = log(grey + c), so a brightness gain becomes an additive offset;
 *  2. whitening and local contrast normalisation: h = L − G(L), n = h / sqrt(G(h²) + ε²), G a wide
 *     low-pass (σ ≈ 6 px of 128): b×b box average, Gaussian of σ = `prefilterSigma` on that 1/b
 *     image (reflect padding), bilinear back up — ~15× cheaper than the full-size 37-tap Gaussian;
 *  3. a 4-level pyramid of n (5×5 binomial, stride 2); at each level a quadrature Gabor pair per
 *     orientation, energy sqrt(even² + odd²) (phase-free, hence tolerant to small shifts);
 *  4. energies averaged over a g×g grid of cells → levels·orientations·g² texture features, then a
 *     power law, centring and unit norm (so the cosine behaves like a correlation of energy maps);
 *  5. two extra blocks: the g×g layout of L (centred: a brightness gain cancels) and the g×g mean
 *     chromaticity opponents (R−G)/Σ and (2B−R−G)/(2Σ) (brightness-free colour);
 *  6. weighted concatenation, a tiny constant component (a blank image still gets a unit vector), and
 *     L2 normalisation.
 * Every step is an ONNX operator (Conv, Pad, Log, Sqrt, AveragePool, ReduceMean, …), so the pixel
 * work runs inside onnxruntime.
 */
import { DataType, GraphBuilder } from './onnx-builder.js';
import { binomial5x5, gaborBank, gaussian1d, pairSum } from './gabor.js';

export interface GistParams {
  /** model input is [N, 3, size, size] */
  size: number;
  levels: number;
  orientations: number;
  /** pooling grid per side */
  grid: number;
  wavelength: number;
  gaborSigma: number;
  gaborRadius: number;
  /** Gabor responses are computed on every `responseStride`-th pixel: energies are pooled over whole
   * cells anyway, and the phase-free energy varies slowly, so stride 2 costs little and saves 4× */
  responseStride: number;
  /** luma offset inside the log (input range [0, 1]) */
  logOffset: number;
  /** box factor of the low-pass: it runs on the size/b image */
  prefilterDownsample: number;
  /** σ and half-size of the Gaussian on the downsampled image, pixels there */
  prefilterSigma: number;
  prefilterRadius: number;
  /** contrast floor of the local normalisation, in log units */
  contrastFloor: number;
  /** exponent applied to pooled energies (0.5: Hellinger-style compression) */
  texturePower: number;
  /** subtract each texture vector's mean before normalising */
  centreTexture: boolean;
  textureWeight: number;
  layoutWeight: number;
  colourWeight: number;
  /** added to the chromaticity denominator R+G+B (input range [0, 1]) */
  chromaOffset: number;
}

export const GIST_PARAMS: Readonly<GistParams> = Object.freeze({
  size: 128,
  levels: 4,
  orientations: 8,
  grid: 4,
  wavelength: 4,
  gaborSigma: 2.24,
  gaborRadius: 7,
  responseStride: 2,
  logOffset: 0.05,
  prefilterDownsample: 4,
  prefilterSigma: 1.5,
  prefilterRadius: 4,
  contrastFloor: 0.1,
  texturePower: 0.5,
  centreTexture: true,
  textureWeight: 1,
  layoutWeight: 0.5,
  colourWeight: 2,
  chromaOffset: 0.03,
});

export const GIST_INPUT = 'pixels';
export const GIST_OUTPUT = 'embedding';
export const GIST_NAME = 'navharness-gist';

export function gistDimension(p: GistParams = GIST_PARAMS): number {
  const cells = p.grid * p.grid;
  return p.levels * p.orientations * cells + cells + 2 * cells + 1;
}

function checkParams(p: GistParams): void {
  const coarsest = p.size >> (p.levels - 1);
  if (p.size % (1 << (p.levels - 1)) !== 0 || coarsest % (p.grid * p.responseStride) !== 0)
    throw new Error(`gist: size ${p.size} must halve ${p.levels - 1} times into a multiple of grid × stride (${p.grid} × ${p.responseStride})`);
  if (p.size % p.prefilterDownsample !== 0) throw new Error(`gist: size ${p.size} must be a multiple of prefilterDownsample ${p.prefilterDownsample}`);
  if (p.gaborRadius >= coarsest || p.prefilterRadius >= p.size / p.prefilterDownsample)
    throw new Error('gist: filter radius must be smaller than the image it pads (reflect padding)');
}

/** The descriptor's ONNX model bytes (deterministic for given parameters). */
export function buildGistModel(p: GistParams = GIST_PARAMS): Uint8Array {
  checkParams(p);
  const g = new GraphBuilder(GIST_NAME);
  const S = p.size;
  const x = g.input(GIST_INPUT, DataType.FLOAT, ['N', 3, S, S]);
  const scalar = (v: number, hint: string) => g.floats([1], [v], hint);
  const padReflect = (t: string, r: number) => g.node('Pad', [t, g.ints([8], [0, 0, r, r, 0, 0, r, r], 'pads')], { mode: 'reflect' });
  const gk = gaussian1d(p.prefilterSigma, p.prefilterRadius);
  const gRow = g.floats([1, 1, 1, gk.length], gk, 'gauss_row');
  const gCol = g.floats([1, 1, gk.length, 1], gk, 'gauss_col');
  const b = p.prefilterDownsample;
  const blur = (t: string) => {
    const small = g.node('AveragePool', [t], { kernel_shape: [b, b], strides: [b, b] });
    const smooth = g.node('Conv', [g.node('Conv', [padReflect(small, p.prefilterRadius), gRow]), gCol]);
    return g.node('Resize', [smooth, '', '', g.ints([2], [S, S], 'size')], { mode: 'linear', axes: [2, 3] });
  };
  const unit = (t: string) => {
    const ss = g.node('ReduceSumSquare', [t, g.ints([1], [1], 'axes')], { keepdims: 1 });
    return g.node('Div', [t, g.node('Sqrt', [g.node('Add', [ss, scalar(1e-12, 'tiny')])])]);
  };
  const centre = (t: string) => g.node('Sub', [t, g.node('ReduceMean', [t, g.ints([1], [1], 'axes')], { keepdims: 1 })]);
  const cellPool = (t: string, side: number) => {
    const c = side / p.grid;
    return g.node('Flatten', [g.node('AveragePool', [t], { kernel_shape: [c, c], strides: [c, c] })], { axis: 1 });
  };

  // 1–2: log luma, whitening, local contrast normalisation
  const grey = g.node('Conv', [x, g.floats([1, 3, 1, 1], [0.299, 0.587, 0.114], 'luma')]);
  const logL = g.node('Log', [g.node('Add', [grey, scalar(p.logOffset, 'log_offset')])]);
  const hp = g.node('Sub', [logL, blur(logL)]);
  const localVar = blur(g.node('Mul', [hp, hp]));
  const norm = g.node('Div', [hp, g.node('Sqrt', [g.node('Add', [localVar, scalar(p.contrastFloor ** 2, 'floor')])])]);

  // 3–4: Gabor energy per pyramid level, pooled over the grid
  const bank = g.floats(
    [2 * p.orientations, 1, 2 * p.gaborRadius + 1, 2 * p.gaborRadius + 1],
    gaborBank({ orientations: p.orientations, wavelength: p.wavelength, sigma: p.gaborSigma, radius: p.gaborRadius }),
    'gabor',
  );
  const pairs = g.floats([p.orientations, 2 * p.orientations, 1, 1], pairSum(p.orientations), 'pairs');
  const down = g.floats([1, 1, 5, 5], binomial5x5(), 'binomial');
  const pooled: string[] = [];
  let level = norm;
  for (let l = 0, side = S; l < p.levels; l++, side >>= 1) {
    if (l > 0) level = g.node('Conv', [padReflect(level, 2), down], { strides: [2, 2] });
    const resp = g.node('Conv', [padReflect(level, p.gaborRadius), bank], { strides: [p.responseStride, p.responseStride] });
    const energy = g.node('Sqrt', [g.node('Conv', [g.node('Mul', [resp, resp]), pairs])]);
    pooled.push(cellPool(energy, side / p.responseStride));
  }
  let texture = g.node('Concat', pooled, { axis: 1 });
  if (p.texturePower !== 1) texture = g.node('Pow', [texture, scalar(p.texturePower, 'power')]);
  if (p.centreTexture) texture = centre(texture);
  texture = g.node('Mul', [unit(texture), scalar(p.textureWeight, 'w_texture')]);

  // 5: brightness layout and colour
  const layout = g.node('Mul', [unit(centre(cellPool(logL, S))), scalar(p.layoutWeight, 'w_layout')]);
  const opp = g.node('Conv', [x, g.floats([2, 3, 1, 1], [1, -1, 0, -0.5, -0.5, 1], 'opponents')]);
  const sum = g.node('Add', [g.node('Conv', [x, g.floats([1, 3, 1, 1], [1, 1, 1], 'rgb_sum')]), scalar(p.chromaOffset, 'chroma_offset')]);
  const colour = g.node('Mul', [cellPool(g.node('Div', [opp, sum]), S), scalar(p.colourWeight, 'w_colour')]);

  // 6: a constant [N, 1] component so that the norm is never zero, then unit length
  const batch = g.node('Slice', [g.node('Shape', [texture]), g.ints([1], [0], 'start'), g.ints([1], [1], 'end')]);
  const biasShape = g.node('Concat', [batch, g.ints([1], [1], 'one')], { axis: 0 });
  const bias = g.node('Expand', [g.floats([1, 1], [1e-4], 'bias'), biasShape]);
  const all = g.node('Concat', [texture, layout, colour, bias], { axis: 1 });
  g.node('Identity', [unit(all)], {}, GIST_OUTPUT);
  g.output(GIST_OUTPUT, DataType.FLOAT, ['N', gistDimension(p)]);
  return g.toBytes({
    producer: 'navharness',
    version: '1',
    doc: 'GIST-style view descriptor: log-luma contrast normalisation, Gabor energy pyramid pooled on a grid, layout and chromaticity blocks, unit L2 norm.',
    props: { params: JSON.stringify(p) },
  });
}
