/**
 * The house spec every entry point takes: `seed:N` for a procedural house (N a uint32), `seed:N:aliasing`
 * for its perceptual-aliasing variant (two identical rooms side by side), or a scene file: a
 * .glb/.gltf, a habitat `*.stage_config.json`, or `*.scene_dataset_config.json#SCENE` (opened by
 * `open-scene.ts`). One schema, so that `run`, `eval`, `sim`, `vln`, `mcp` and the web demo accept
 * and refuse the same houses; the seed rule itself is the episode data's (`HouseSeedSchema`).
 * Browser-safe: nothing here reads files.
 */
import { z } from '../geometry/choices.js';
import { HouseRefSchema, HouseSeedSchema, MAX_HOUSE_SEED, type HouseRef } from '../sim/choices.js';

export { HouseRefSchema, HouseSeedSchema, MAX_HOUSE_SEED, type HouseRef };

const SPEC_HINT = `a house is 'seed:N' (a procedural house, N a whole number from 0 to ${MAX_HOUSE_SEED}), 'seed:N:aliasing' (the same house with two identical rooms, for perceptual-aliasing tests), a path to a .glb/.gltf scene or a habitat X.stage_config.json, or X.scene_dataset_config.json#SCENE (a scene of a habitat scene dataset)`;

/** Text → house reference; the seed range is checked by `HouseRefSchema`, so the message names it. */
export const HouseSpecSchema = z.pipe(
  z.pipe(
    z.string({ message: SPEC_HINT }).check(z.trim()),
    z.transform((s: string, ctx): unknown => {
      const seed = /^seed:(\d+)(:aliasing)?$/.exec(s);
      if (seed) return seed[2] ? { kind: 'procedural', seed: Number(seed[1]), aliasing: true } : { kind: 'procedural', seed: Number(seed[1]) };
      // files: what each holds is decided when it is opened (src/world/open-scene.ts)
      if (/\.(glb|gltf|stage_config\.json)$/i.test(s) || /\.scene_dataset_config\.json#[^#]+$/i.test(s)) return { kind: 'gltf', path: s };
      ctx.issues.push({ code: 'custom', message: `${SPEC_HINT}, got '${s}'`, input: s });
      return z.NEVER;
    }),
  ),
  HouseRefSchema,
);

/**
 * The spec as given, checked by `HouseSpecSchema`: for commands that record the text (a run's
 * configuration is compared on resume, so the text must stay as the user wrote it).
 */
export const HouseSpecTextSchema = z.string({ message: SPEC_HINT }).check(
  z.superRefine((s, ctx) => {
    const r = HouseSpecSchema.safeParse(s);
    if (!r.success) ctx.addIssue({ code: 'custom', message: r.error.issues[0]?.message ?? SPEC_HINT, input: s });
  }),
);

/** The spec text of a house reference (`seed:N` or the scene path); parses back to the same reference. */
export function houseSpecText(h: HouseRef): string {
  return h.kind === 'procedural' ? `seed:${h.seed}${h.aliasing ? ':aliasing' : ''}` : h.path;
}

/** A seed typed by a person (a form field or URL parameter), under the one seed rule. */
export const HouseSeedTextSchema = z.pipe(
  z.pipe(z.coerce.string().check(z.trim(), z.regex(/^\d+$/, `a house seed is a whole number from 0 to ${MAX_HOUSE_SEED}`)), z.transform(Number)),
  HouseSeedSchema,
);
