/** The command line's `SceneFiles`: the file system through node:fs and node:path. */
import { stat, readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { SceneFiles } from './scene-files.js';

export const NODE_SCENE_FILES: SceneFiles = {
  read: async (path) => new Uint8Array(await readFile(path)),
  async kind(path) {
    try {
      const s = await stat(path);
      return s.isFile() ? 'file' : s.isDirectory() ? 'folder' : null;
    } catch {
      return null;
    }
  },
  resolve: (dir, rel) => resolve(dir, rel),
  dirname: (path) => dirname(path),
};
