/**
 * Opening a scene file in the demo, loaded only when the user opens one (it brings the glTF reader):
 * the same scene opener as the command line (src/world/scene-opener.ts) with the browser's reader.
 * Textures the browser cannot decode (Basis, KTX2) are grey and named, as --allow-missing-textures does.
 */
import { openSceneWith, type OpenedHouseScene } from '../src/world/scene-opener.js';
import { browserReader, pickedFiles } from './scene-reader.js';

const MAIN_FILE = [/\.stage_config\.json$/i, /\.object_config\.json$/i, /(?<!\.semantic)\.glb$/i, /\.gltf$/i];

/** The file a pick opens: a stage config, else an object config, else a .glb (not a semantic mesh), else a .gltf. */
export function mainFileOf(paths: string[]): string | null {
  for (const re of MAIN_FILE) {
    const hit = paths.filter((p) => re.test(p)).sort()[0];
    if (hit) return hit;
  }
  return null;
}

export async function openPickedScene(list: ArrayLike<File>): Promise<OpenedHouseScene> {
  const files = Array.from(list);
  const main = mainFileOf(files.map((f) => `/${f.webkitRelativePath || f.name}`));
  if (!main)
    throw new Error(
      `none of the picked files (${files.map((f) => f.name).join(', ') || 'none'}) is a scene: pick a .glb or .gltf, or a folder with a X.stage_config.json`,
    );
  return openSceneWith(browserReader(pickedFiles(files)), main, { textures: 'grey' });
}
