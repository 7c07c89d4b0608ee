/**
 * Scene resolution for benchmark episodes: an episode's scene path (relative to the scenes folder)
 * → the project's `Scene`. Injectable, so that the habitat stage loader (+Z-up HM3D/MP3D GLBs,
 * `.navmesh` files) can replace the default; the default reads what the project loads today: glTF/GLB
 * houses through src/sim's glTF reader, and `seed:N` for a procedural house (episode files written for
 * the project's own houses). A scene that is not there is refused naming the file and where to get it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { HouseRef, Scene } from '../../sim/index.js';
import { loadHouse } from '../../sim/node.js';

/** Scene path of an episode + scenes folder → the scene. */
export type SceneResolver = (scene: string, scenesDir: string) => Promise<Scene>;

const PROCEDURAL = /^seed:(\d+)$/;

/** Where the benchmark's scans come from, for the refusal of a missing one. */
export function sceneDownloadHint(scene: string): string {
  if (/^hm3d\//.test(scene)) return 'HM3D v0.2 (the "habitat" package of its split, with the semantic annotations for GOAT-Bench: https://matterport.com/habitat-matterport-3d-research-dataset)';
  if (/^mp3d\//.test(scene)) return "Matterport3D's habitat task download (download_mp.py --task habitat: mp3d/{scan}/{scan}.glb and .navmesh)";
  return 'the scene dataset the episode file was written for';
}

export class MissingSceneError extends Error {
  override name = 'MissingSceneError';
  constructor(readonly file: string, scene: string) {
    super(`scene file '${file}' is missing: download ${sceneDownloadHint(scene)} into the scenes folder, so that ${scene} is there`);
  }
}

/** The house reference of an episode's scene: procedural for `seed:N`, else the file under `scenesDir`. */
export function sceneHouseRef(scene: string, scenesDir: string): HouseRef {
  const seed = PROCEDURAL.exec(scene);
  if (seed) return { kind: 'procedural', seed: Number(seed[1]) };
  return { kind: 'gltf', path: join(scenesDir, scene) };
}

/** The scene files of `scenes` that are not under `scenesDir` (procedural houses need none). */
export function missingSceneFiles(scenes: readonly string[], scenesDir: string): string[] {
  return [...new Set(scenes)].filter((s) => !PROCEDURAL.test(s)).map((s) => join(scenesDir, s)).filter((f) => !existsSync(f));
}

export const defaultSceneResolver: SceneResolver = async (scene, scenesDir) => {
  const ref = sceneHouseRef(scene, scenesDir);
  if (ref.kind === 'gltf') {
    if (!existsSync(ref.path)) throw new MissingSceneError(ref.path, scene);
    if (!/\.(glb|gltf)$/i.test(ref.path)) throw new Error(`scene '${ref.path}' is not a .glb/.gltf file`);
  }
  return loadHouse(ref);
};
