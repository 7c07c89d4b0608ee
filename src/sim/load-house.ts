/**
 * Turns a house reference into a scene: procedural houses are generated, glTF/GLB files are read from
 * disk (Node only; the browser passes bytes to `loadGltfScene` itself).
 */
import type { HouseRef } from './episodes/schema.js';
import { generateHouse } from './house/generate.js';
import type { Scene } from './scene.js';

export async function loadHouse(ref: HouseRef): Promise<Scene> {
  if (ref.kind === 'procedural') return generateHouse(ref.seed, ref.aliasing ? { aliasing: true } : {});
  const { readFile } = await import('node:fs/promises');
  const { loadGltfScene } = await import('./gltf.js');
  let bytes: Uint8Array;
  try {
    bytes = await readFile(ref.path);
  } catch (e) {
    throw new Error(`cannot read scene file '${ref.path}': ${(e as Error).message}`);
  }
  return loadGltfScene(bytes, { name: ref.path, binary: ref.path.toLowerCase().endsWith('.glb') });
}
