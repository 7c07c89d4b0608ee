import { z } from 'zod';
import { fromHfov, type Intrinsics } from '../../geometry/index.js';

/** The simulated RGB-D camera. Defaults follow the papers' Habitat setup. */
export const CameraConfigSchema = z.object({
  width: z.number().int().min(16).max(4096).default(320),
  height: z.number().int().min(16).max(4096).default(240),
  hfovDeg: z.number().gt(10).lt(170).default(79),
  /** camera height above the floor, metres */
  cameraHeight: z.number().gt(0.1).lt(3).default(0.88),
  /** near clipping plane, metres */
  near: z.number().gt(0.001).lt(1).default(0.05),
});
export type CameraConfig = z.infer<typeof CameraConfigSchema>;

export function cameraConfig(partial: Partial<CameraConfig> = {}): CameraConfig {
  const r = CameraConfigSchema.safeParse(partial);
  if (!r.success) {
    const i = r.error.issues[0];
    throw new Error(`camera config: '${i.path.join('.')}' ${i.message}`);
  }
  return r.data;
}

export function cameraIntrinsics(c: CameraConfig): Intrinsics {
  return fromHfov(c.width, c.height, c.hfovDeg);
}
