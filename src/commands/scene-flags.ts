/**
 * The scene flags every command that opens a house takes: `--allow-missing-textures` opens a scene
 * whose textures do not decode, painting them grey (the opener lists each one), instead of refusing it.
 * The choice is the process's (`sceneDefaults` of src/world/open-scene.ts), so it reaches the world,
 * the GOAT planner and the benchmark scene resolver without another parameter on each.
 */
import type { Command } from 'commander';
import { z } from 'zod';
import { declareFlags, defaulted, flagsSchema } from './flag-table.js';
import { parseFlags } from './options.js';

export const HOUSE_HELP = "'seed:N' (procedural house), a .glb/.gltf, a habitat X.stage_config.json or X.scene_dataset_config.json#SCENE";

export const SCENE_FLAGS = {
  allowMissingTextures: defaulted(
    '--allow-missing-textures',
    'open a scene whose textures do not decode, painting them grey (each is named), instead of refusing it',
    z.boolean({ error: '--allow-missing-textures takes no value' }),
    false,
  ),
};
const SceneFlagsSchema = flagsSchema(SCENE_FLAGS);

export function withSceneFlags(cmd: Command): Command {
  return declareFlags(cmd, SCENE_FLAGS);
}

/** Applies the scene flags of `raw` (commander's options) for the rest of the process. */
export async function applySceneFlags(raw: Record<string, unknown>, command: string): Promise<void> {
  const f = parseFlags(SceneFlagsSchema, { allowMissingTextures: raw.allowMissingTextures }, command);
  const { sceneDefaults } = await import('../world/index.js');
  sceneDefaults.textures = f.allowMissingTextures ? 'grey' : 'strict';
}
