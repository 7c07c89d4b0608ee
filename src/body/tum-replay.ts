/**
 * A TUM RGB-D folder as a `Recording` for `ReplayBody` (Node only): the associated colour/depth frames,
 * decoded when the body reaches them, and the odometry from a TUM trajectory file (groundtruth.txt by
 * default, or any `timestamp tx ty tz qx qy qz qw` file such as wheel odometry), matched to each colour
 * frame by nearest timestamp. Options are checked with zod; an error names the option and what is accepted.
 */
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { IntrinsicsSchema, type Mat4 } from '../geometry/index.js';
import type { RgbdImage } from '../image/index.js';
import type { Recording } from './replay-body.js';
import { poseAt, readRgbd, readTumFrames, readTumTrajectory, TUM_FR3_INTRINSICS, type TumPose } from './tum.js';

export const TumRecordingOptionsSchema = z.strictObject({
  folder: z.string().refine((p) => existsSync(p) && statSync(p).isDirectory(), { message: 'must be an existing folder (a TUM RGB-D sequence)' }),
  /** TUM freiburg3 (640×480) when not given */
  intrinsics: z.optional(IntrinsicsSchema),
  depthFactor: z.number().positive({ message: 'must be positive (TUM: 5000 units = 1 m)' }).finite().default(5000),
  cameraHeight: z.number({ message: 'must be a number of metres' }).positive({ message: 'must be positive' }).max(3, { message: 'must be at most 3 m' }),
  /** odometry file, relative to the folder or absolute; null: no odometry */
  odometry: z.string().min(1).nullable().default('groundtruth.txt'),
  /** largest |dt| between a colour frame and its odometry pose, seconds */
  maxDt: z.number().positive().max(0.5).default(0.02),
});
export type TumRecordingOptions = z.input<typeof TumRecordingOptionsSchema>;

export function openTumRecording(input: TumRecordingOptions): Recording {
  const parsed = TumRecordingOptionsSchema.safeParse(input);
  if (!parsed.success) {
    throw new Error(`replay: invalid options\n${parsed.error.issues.map((i) => `  ${i.path.join('.') || 'options'}: ${i.message}`).join('\n')}`);
  }
  const o = parsed.data;
  const intrinsics = o.intrinsics ?? { ...TUM_FR3_INTRINSICS };
  const refs = readTumFrames(o.folder);
  if (refs.length === 0)
    throw new Error(`${o.folder}: no colour/depth frame pairs; expected associations.txt, or rgb.txt and depth.txt with timestamps within 0.02 s`);
  let poses: TumPose[] = [];
  if (o.odometry !== null) {
    const file = resolve(o.folder, o.odometry);
    if (!existsSync(file)) throw new Error(`replay: odometry: ${file} not found; give a TUM trajectory file or null for none`);
    poses = readTumTrajectory(file).sort((a, b) => a.time - b.time);
  }
  const odometry = refs.map((r) => (poses.length ? poseAt(poses, r.rgbTime, o.maxDt) : null));
  return {
    length: refs.length,
    intrinsics,
    cameraHeight: o.cameraHeight,
    time: (i) => refs[i].rgbTime,
    odometry: (i): Mat4 | null => odometry[i],
    image: (i): RgbdImage => {
      const img = readRgbd(o.folder, refs[i], o.depthFactor);
      if (img.width !== intrinsics.width || img.height !== intrinsics.height) {
        throw new Error(`${join(o.folder, refs[i].rgbFile)} is ${img.width}×${img.height} but the intrinsics are for ${intrinsics.width}×${intrinsics.height}`);
      }
      return img;
    },
  };
}
