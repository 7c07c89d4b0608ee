/**
 * `navharness scene inspect PATH`: a scene, stage, object or navmesh file opened the way every
 * command opens it, and what it holds (kind, triangles, bounds in y-up metres, textures with each
 * failure, the navmesh's version, tiles, polygons, area and settings); `--build-navmesh` builds one
 * for a preset's agent and times it. A file that cannot be used is refused with exit 2.
 */
import type { Command } from 'commander';
import { SUMMARIES } from './summaries.js';
import { z } from 'zod';
import { HouseSpecSchema } from '../world/choices.js';
import { parseFlags, UsageError } from './options.js';
import { applySceneFlags, withSceneFlags } from './scene-flags.js';

const PRESET_NAMES = ['papers', 'goat-bench', 'r2r-ce', 'rxr-ce'] as const;

export const SceneInspectFlagsSchema = z.object({
  path: z.string().transform((s, ctx) => {
    if (/\.(navmesh|object_config\.json)$/i.test(s.trim())) return { kind: 'gltf' as const, path: s.trim() };
    const r = HouseSpecSchema.safeParse(s);
    if (!r.success) {
      ctx.addIssue({ code: 'custom', message: `${r.error.issues[0]?.message ?? 'not a scene'}, or a habitat .navmesh or X.object_config.json` });
      return z.NEVER;
    }
    return r.data;
  }),
  buildNavmesh: z.boolean().default(false),
  preset: z.enum(PRESET_NAMES, { message: `--preset must be one of ${PRESET_NAMES.join(', ')}` }).default('papers'),
  allowMissingTextures: z.boolean().default(false),
  json: z.boolean().default(false),
});

async function inspect(raw: Record<string, unknown>): Promise<void> {
  const f = parseFlags(SceneInspectFlagsSchema, raw, 'scene inspect', { path: '<path>' });
  await applySceneFlags(raw, 'scene inspect');
  const { inspectScene, SceneError } = await import('../world/index.js');
  let r;
  try {
    r = await inspectScene(f.path, { buildFor: f.buildNavmesh ? f.preset : undefined });
  } catch (e) {
    if (e instanceof SceneError) throw new UsageError(`navharness scene inspect: <path>: ${e.message}`);
    throw e;
  }
  if (f.json) {
    console.log(JSON.stringify(r));
    return;
  }
  const b = r.bounds_m;
  console.log(`${r.path}: ${r.kind}, ${r.triangles} triangles${b ? `, bounds [${b.min.join(', ')}] .. [${b.max.join(', ')}] m (y up)` : ''}`);
  console.log(`textures: ${r.textures.total}, decoded ${r.textures.decoded}, failed ${r.textures.failed.length}`);
  for (const x of r.textures.failed) console.log(`  ${x.texture}: ${x.reason}`);
  for (const n of r.notes) console.log(`note: ${n}`);
  if (r.navmesh)
    console.log(
      `navmesh ${r.navmesh.file}: version ${r.navmesh.version}, ${r.navmesh.tiles} tile(s), ${r.navmesh.polygons} polygons, ${r.navmesh.area_m2} m²${r.navmesh.settings ? `, built for an agent of ${+r.navmesh.settings.file.agentHeight.toFixed(4)} m / ${+r.navmesh.settings.file.agentRadius.toFixed(4)} m` : ' (version 1: no settings)'}`,
    );
  if (r.built_navmesh)
    console.log(
      `built navmesh for ${r.built_navmesh.agent.height} m / ${r.built_navmesh.agent.radius} m in ${r.built_navmesh.navmesh_build_ms} ms (${r.built_navmesh.navmesh_build_cpu_ms} ms of CPU; Recast loaded in ${r.built_navmesh.recast_init_ms} ms before): ${r.built_navmesh.tiles} tile(s), ${r.built_navmesh.polygons} polygons, ${r.built_navmesh.area_m2} m²`,
    );
}

export function registerScene(program: Command): void {
  const scene = program.command('scene').description(SUMMARIES.scene);
  withSceneFlags(scene.command('inspect'))
    .description('open a scene, stage, object or .navmesh and report its kind, triangles, bounds (y-up metres), textures and navmesh')
    .argument('<path>', "a .glb/.gltf, X.stage_config.json, X.object_config.json, X.scene_dataset_config.json#SCENE, a habitat .navmesh, or 'seed:N'")
    .option('--build-navmesh', "build a navmesh for the preset's agent and report navmesh_build_ms")
    .option('--preset <name>', `${PRESET_NAMES.join(' | ')}: the agent a built navmesh is for`, 'papers')
    .option('--json', 'print the inspection as JSON')
    .action(async (path: string, opts: Record<string, unknown>) => inspect({ ...opts, path }));
}
