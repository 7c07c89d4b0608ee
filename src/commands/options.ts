/**
 * Parsing of command-line flags with zod: every flag is validated and a failure names the flag,
 * what was received and what is accepted.
 */
import { z } from 'zod';
import { flagError, UsageError } from './usage.js';

export { UsageError };

/**
 * `raw` (commander's options, plus positional arguments under their keys) through `schema`; a
 * failure is the one usage error of usage.ts, naming each bad flag (`positional` maps an argument's
 * key to its label, e.g. `{ folder: '<tum-folder>' }`).
 */
export function parseFlags<T extends z.ZodType>(schema: T, raw: unknown, command: string, positional: Record<string, string> = {}): z.infer<T> {
  const r = schema.safeParse(raw);
  if (r.success) return r.data;
  throw flagError(
    command,
    r.error.issues.map((i) => ({ key: i.path.length ? String(i.path[0]) : 'arguments', message: i.message })),
    { arguments: 'arguments', ...positional },
  );
}

/** "fx,fy,cx,cy" → four finite positive-focal numbers. */
export const IntrinsicsFlag = z
  .string()
  .transform((s) => s.split(',').map((x) => Number(x.trim())))
  .refine((v) => v.length === 4 && v.every(Number.isFinite) && v[0] > 0 && v[1] > 0, {
    message: "expected four numbers 'fx,fy,cx,cy' with positive focal lengths, e.g. 535.4,539.2,320.1,247.6",
  })
  .transform(([fx, fy, cx, cy]) => ({ fx, fy, cx, cy }));

export const PositiveNumberFlag = z.coerce.number().finite().positive();

/**
 * Runs `read` (reading input files); its error becomes a usage error (exit 2) of `command`: the
 * readers' messages already name the file, what is wrong and what is accepted.
 */
export function readInput<T>(command: string, read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`navharness ${command}: ${(e as Error).message}`);
  }
}

/**
 * Intrinsics that belong to other frames (640×480 ones on 320×240 frames, say) put the principal point
 * far from the image centre: refused, naming the flag, the frame size and the file.
 */
export function checkIntrinsicsFit(command: string, k: { cx: number; cy: number }, frame: { width: number; height: number }, file: string): void {
  const { width, height } = frame;
  if (Math.abs(k.cx - width / 2) <= width / 4 && Math.abs(k.cy - height / 2) <= height / 4) return;
  throw new UsageError(
    `navharness ${command}: --intrinsics: the principal point (cx ${k.cx}, cy ${k.cy}) lies far from the centre of the ${width}×${height} frames (${file}); ` +
      `give the intrinsics of these frames (cx near ${width / 2}, cy near ${height / 2}; TUM freiburg3 640×480: 535.4,539.2,320.1,247.6)`,
  );
}
