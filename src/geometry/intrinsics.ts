import { z } from './zod-mini.js';

/** Pinhole intrinsics in pixels for an image of `width`×`height`; no distortion. */
export const IntrinsicsSchema = z.object({
  width: z.int().check(z.positive(), z.maximum(8192)),
  height: z.int().check(z.positive(), z.maximum(8192)),
  // zod 4 numbers are finite
  fx: z.number().check(z.positive()),
  fy: z.number().check(z.positive()),
  cx: z.number(),
  cy: z.number(),
});
export type Intrinsics = z.infer<typeof IntrinsicsSchema>;

/** Intrinsics from a horizontal field of view, principal point at the image centre, square pixels. */
export function fromHfov(width: number, height: number, hfovDeg: number): Intrinsics {
  const fx = width / 2 / Math.tan((hfovDeg * Math.PI) / 360);
  return { width, height, fx, fy: fx, cx: (width - 1) / 2, cy: (height - 1) / 2 };
}

/** The same camera at a different resolution (pixel centres kept aligned). */
export function scaled(k: Intrinsics, factor: number): Intrinsics {
  return {
    width: Math.round(k.width * factor),
    height: Math.round(k.height * factor),
    fx: k.fx * factor,
    fy: k.fy * factor,
    cx: (k.cx + 0.5) * factor - 0.5,
    cy: (k.cy + 0.5) * factor - 0.5,
  };
}

/** Largest ratio |ray| / depth over the image: a point at depth d lies within d·ratio of the camera. */
export function maxRayStretch(k: Intrinsics): number {
  const ku = Math.max(Math.abs(-k.cx / k.fx), Math.abs((k.width - 1 - k.cx) / k.fx));
  const kv = Math.max(Math.abs(-k.cy / k.fy), Math.abs((k.height - 1 - k.cy) / k.fy));
  return Math.sqrt(1 + ku * ku + kv * kv);
}

/**
 * Image column `u` as a ray in the floor plane: its heading relative to the optical axis (image right
 * is a right turn, negative) and the planar range per metre of depth along the axis.
 */
export function columnRay(k: Intrinsics, u: number): { turn: number; rangePerDepth: number } {
  const t = (u - k.cx) / k.fx;
  return { turn: -Math.atan(t), rangePerDepth: Math.sqrt(1 + t * t) };
}
