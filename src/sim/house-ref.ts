/**
 * `--house` values: `seed:N` for a procedural house, or a path to a .glb/.gltf file.
 */
import { z } from 'zod';
import type { HouseRef } from './episodes/schema.js';

export const HouseArgSchema = z.string().transform((s, ctx): HouseRef => {
  const m = /^seed:(\d{1,10})$/.exec(s.trim());
  if (m) {
    const seed = Number(m[1]);
    if (seed <= 0xffffffff) return { kind: 'procedural', seed };
  }
  if (/\.(glb|gltf)$/i.test(s.trim())) return { kind: 'gltf', path: s.trim() };
  ctx.addIssue({ code: 'custom', message: `expected 'seed:N' (N a whole number up to 4294967295) or a path ending in .glb/.gltf, got '${s}'` });
  return z.NEVER;
});
