/**
 * Validated options of the view encoder and of the frames it takes. Messages say what was wrong and
 * what is accepted.
 */
import { z } from 'zod';
import type { RgbImage } from '../../image/index.js';

const rgbTriple = (what: string) =>
  z.tuple([z.number().finite(), z.number().finite(), z.number().finite()], { error: `${what} must be three numbers, one per channel, on the [0, 1] pixel scale` });

export const ViewEncoderOptionsSchema = z
  .object({
    /** an ONNX image encoder taking NCHW float input; absent → the generated GIST descriptor */
    modelPath: z.string().min(1, 'modelPath must be a non-empty path to an .onnx file').optional(),
    /** which model input takes the image (needed only when the model has several) */
    inputName: z.string().min(1).optional(),
    /** which model output is the embedding (default: the first); everything it holds per batch item is
     * flattened into the embedding, so pick a pooled output (e.g. CLIP's image_embeds, not last_hidden_state) */
    outputName: z.string().min(1).optional(),
    /** model input size, required when the model declares symbolic height/width */
    inputSize: z.object({ width: z.number().int().min(8).max(4096), height: z.number().int().min(8).max(4096) }).strict().optional(),
    /** per-channel normalisation (x/255 − mean) / std, e.g. CLIP: mean [0.4815, 0.4578, 0.4082], std [0.2686, 0.2613, 0.2758] */
    mean: rgbTriple('mean').optional(),
    std: rgbTriple('std')
      .refine((s) => s.every((v) => v > 0), 'std values must all be > 0')
      .optional(),
    channelOrder: z.enum(['rgb', 'bgr']).optional(),
    fit: z.enum(['stretch', 'crop']).optional(),
    /** onnxruntime intra-op threads (default 1: the machine is shared) */
    threads: z.number().int().min(1).max(64).default(1),
  })
  .strict()
  .superRefine((o, ctx) => {
    if (o.modelPath !== undefined) return;
    for (const k of ['inputName', 'outputName', 'inputSize', 'mean', 'std', 'channelOrder', 'fit'] as const) {
      if (o[k] !== undefined)
        ctx.addIssue({ code: 'custom', path: [k], message: `'${k}' applies only with modelPath; the built-in GIST descriptor fixes its own input (drop '${k}' or give modelPath)` });
    }
  });

export type ViewEncoderOptions = z.input<typeof ViewEncoderOptionsSchema>;
export type ParsedEncoderOptions = z.output<typeof ViewEncoderOptionsSchema>;

/** What `embed` takes: an RGB frame, 3 bytes per pixel, row-major. */
export type EncoderFrame = RgbImage;

export const EncoderFrameSchema = z
  .object({
    width: z.number().int('width must be an integer').min(1, 'width must be ≥ 1').max(16384, 'width must be ≤ 16384'),
    height: z.number().int('height must be an integer').min(1, 'height must be ≥ 1').max(16384, 'height must be ≤ 16384'),
    rgb: z.instanceof(Uint8Array, { message: 'rgb must be a Uint8Array of width·height·3 bytes' }),
  })
  .loose()
  .superRefine((f, ctx) => {
    const want = f.width * f.height * 3;
    if (f.rgb.length !== want)
      ctx.addIssue({ code: 'custom', path: ['rgb'], message: `${f.rgb.length} bytes given; a ${f.width}×${f.height} frame needs ${want} (3 bytes per pixel)` });
  });

/** zod issues as one line: "path: message; path: message". */
export function describeIssues(err: z.ZodError): string {
  return err.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
}
