/**
 * The input stage of every encoder, itself a small generated ONNX graph so that no pixel loop runs in
 * TypeScript: RGB bytes [N, H, W, 3] → float → optional centre crop to the model's aspect ratio →
 * antialiased bilinear resize to the model's input size → NCHW → optional RGB→BGR → (x/255 − mean) / std.
 * The resize is Pillow's (triangle filter widened by the scale factor; exclude_outside renormalises
 * the taps at the border instead of repeating edge pixels).
 * One graph per frame size (static shapes let onnxruntime plan the whole thing once).
 */
import { DataType, GraphBuilder } from './onnx-builder.js';

export const PRE_INPUT = 'rgb';
export const PRE_OUTPUT = 'pixels';

export interface PreprocessSpec {
  /** frame size */
  width: number;
  height: number;
  /** model input size */
  targetWidth: number;
  targetHeight: number;
  /** per channel (in the model's channel order), on the [0, 1] scale */
  mean: readonly [number, number, number];
  std: readonly [number, number, number];
  channelOrder: 'rgb' | 'bgr';
  /** 'stretch' resizes the whole frame; 'crop' first cuts the largest centred box of the target's aspect */
  fit: 'stretch' | 'crop';
}

/** Largest centred box of the target's aspect ratio inside the frame. */
export function centreCrop(s: Pick<PreprocessSpec, 'width' | 'height' | 'targetWidth' | 'targetHeight'>): {
  x: number;
  y: number;
  width: number;
  height: number;
} {
  const aspect = s.targetWidth / s.targetHeight;
  let w = s.width,
    h = s.height;
  if (s.width / s.height > aspect) w = Math.max(1, Math.round(s.height * aspect));
  else h = Math.max(1, Math.round(s.width / aspect));
  return { x: (s.width - w) >> 1, y: (s.height - h) >> 1, width: w, height: h };
}

export function buildPreprocessModel(s: PreprocessSpec): Uint8Array {
  const g = new GraphBuilder('navharness-preprocess');
  let t = g.node('Cast', [g.input(PRE_INPUT, DataType.UINT8, ['N', s.height, s.width, 3])], { to: DataType.FLOAT });
  let w = s.width,
    h = s.height;
  if (s.fit === 'crop') {
    const c = centreCrop(s);
    if (c.width !== w || c.height !== h) {
      t = g.node('Slice', [t, g.ints([2], [c.y, c.x]), g.ints([2], [c.y + c.height, c.x + c.width]), g.ints([2], [1, 2])]);
      w = c.width;
      h = c.height;
    }
  }
  // resizing before the NHWC → NCHW transpose moves only the small image (same values, ~2× faster at 640×480)
  if (w !== s.targetWidth || h !== s.targetHeight) {
    t = g.node('Resize', [t, '', '', g.ints([2], [s.targetHeight, s.targetWidth])], { mode: 'linear', antialias: 1, exclude_outside: 1, axes: [1, 2] });
  }
  t = g.node('Transpose', [t], { perm: [0, 3, 1, 2] });
  if (s.channelOrder === 'bgr') t = g.node('Gather', [t, g.ints([3], [2, 1, 0])], { axis: 1 });
  const scale = s.std.map((d) => 1 / (255 * d));
  const shift = s.mean.map((m, i) => -m / s.std[i]);
  t = g.node('Mul', [t, g.floats([1, 3, 1, 1], scale)]);
  g.node('Add', [t, g.floats([1, 3, 1, 1], shift)], {}, PRE_OUTPUT);
  g.output(PRE_OUTPUT, DataType.FLOAT, ['N', 3, s.targetHeight, s.targetWidth]);
  return g.toBytes({ producer: 'navharness', version: '1', doc: `frame ${s.width}×${s.height} → model input ${s.targetWidth}×${s.targetHeight}` });
}
