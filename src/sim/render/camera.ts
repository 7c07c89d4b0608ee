import { fromHfov, type Intrinsics, z } from '../../geometry/index.js';

/** The simulated RGB-D camera. Defaults follow the papers' Habitat setup. */
export const CameraConfigSchema = z.object({
  width: z._default(z.int().check(z.minimum(16), z.maximum(4096)), 320),
  height: z._default(z.int().check(z.minimum(16), z.maximum(4096)), 240),
  hfovDeg: z._default(z.number().check(z.gt(10), z.lt(170)), 79),
  /** camera height above the floor, metres */
  cameraHeight: z._default(z.number().check(z.gt(0.1), z.lt(3)), 0.88),
  /** near clipping plane, metres */
  near: z._default(z.number().check(z.gt(0.001), z.lt(1)), 0.05),
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
