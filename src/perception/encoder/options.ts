/**
 * Validated options of the view encoder and of the frames it takes. Messages say what was wrong and
 * what is accepted.
 */
import { z } from '../../geometry/index.js';
import type { RgbImage } from '../../image/index.js';

const rgbTriple = (what: string) =>
  z.tuple([z.number(), z.number(), z.number()], { error: `${what} must be three numbers, one per channel, on the [0, 1] pixel scale` });

export const ViewEncoderOptionsSchema = z
  .strictObject({
    /** an ONNX image encoder taking NCHW float input; absent → the generated GIST descriptor */
    modelPath: z.optional(z.string().check(z.minLength(1, 'modelPath must be a non-empty path to an .onnx file'))),
    /** which model input takes the image (needed only when the model has several) */
    inputName: z.optional(z.string().check(z.minLength(1))),
    /** which model output is the embedding (default: the first); everything it holds per batch item is
     * flattened into the embedding, so pick a pooled output (e.g. CLIP's image_embeds, not last_hidden_state) */
    outputName: z.optional(z.string().check(z.minLength(1))),
    /** model input size, required when the model declares symbolic height/width */
    inputSize: z.optional(z.strictObject({ width: z.int().check(z.minimum(8), z.maximum(4096)), height: z.int().check(z.minimum(8), z.maximum(4096)) })),
    /** per-channel normalisation (x/255 − mean) / std, e.g. CLIP: mean [0.4815, 0.4578, 0.4082], std [0.2686, 0.2613, 0.2758] */
    mean: z.optional(rgbTriple('mean')),
    std: z.optional(rgbTriple('std').check(z.refine((s) => s.every((v) => v > 0), 'std values must all be > 0'))),
    channelOrder: z.optional(z.enum(['rgb', 'bgr'])),
    fit: z.optional(z.enum(['stretch', 'crop'])),
    /** onnxruntime intra-op threads (default 1: the machine is shared) */
    threads: z._default(z.int().check(z.minimum(1), z.maximum(64)), 1),
  })
  .check(
    z.superRefine((o, ctx) => {
      if (o.modelPath !== undefined) return;
      for (const k of ['inputName', 'outputName', 'inputSize', 'mean', 'std', 'channelOrder', 'fit'] as const) {
        if (o[k] !== undefined)
          ctx.addIssue({
            code: 'custom',
            path: [k],
            message: `'${k}' applies only with modelPath; the built-in GIST descriptor fixes its own input (drop '${k}' or give modelPath)`,
          });
      }
    }),
  );

export type ViewEncoderOptions = z.input<typeof ViewEncoderOptionsSchema>;
export type ParsedEncoderOptions = z.output<typeof ViewEncoderOptionsSchema>;

/** What `embed` takes: an RGB frame, 3 bytes per pixel, row-major. */
export type EncoderFrame = RgbImage;

export const EncoderFrameSchema = z
  .looseObject({
    width: z.int('width must be an integer').check(z.minimum(1, 'width must be ≥ 1'), z.maximum(16384, 'width must be ≤ 16384')),
    height: z.int('height must be an integer').check(z.minimum(1, 'height must be ≥ 1'), z.maximum(16384, 'height must be ≤ 16384')),
    rgb: z.instanceof(Uint8Array, { message: 'rgb must be a Uint8Array of width·height·3 bytes' }),
  })
  .check(
    z.superRefine((f, ctx) => {
      const want = f.width * f.height * 3;
      if (f.rgb.length !== want)
        ctx.addIssue({
          code: 'custom',
          path: ['rgb'],
          message: `${f.rgb.length} bytes given; a ${f.width}×${f.height} frame needs ${want} (3 bytes per pixel)`,
        });
    }),
  );

/** zod issues as one line: "path: message; path: message". */
export function describeIssues(err: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string {
  return err.issues.map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message)).join('; ');
}
