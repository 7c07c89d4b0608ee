/**
 * Parsing of command-line flags with zod: every flag is validated and a failure names the flag,
 * what was received and what is accepted.
 */
import { z } from 'zod';

export class UsageError extends Error {}

export function parseFlags<T extends z.ZodType>(schema: T, raw: unknown, command: string): z.infer<T> {
  const r = schema.safeParse(raw);
  if (r.success) return r.data;
  const lines = r.error.issues.map((i) => {
    const flag = i.path.length ? `--${String(i.path[0]).replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())}` : 'arguments';
    return `  ${flag}: ${i.message}`;
  });
  throw new UsageError(`navharness ${command}: invalid arguments\n${lines.join('\n')}`);
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
