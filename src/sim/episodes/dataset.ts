/**
 * A dataset of N houses × M episodes, deterministic from one seed: house i gets the seed
 * hash(seed, i) and its episodes a seed derived the same way. File I/O is left to the caller.
 */
import { SceneNavMesh } from '../navmesh.js';
import { generateHouse } from '../house/generate.js';
import { Renderer } from '../render/renderer.js';
import { hashString } from '../random.js';
import type { EpisodeDataset } from './schema.js';
import { generateGoatEpisodes } from './goat.js';
import { generateInstructionEpisodes } from './instruction.js';

export interface DatasetOptions {
  kind: 'goat' | 'instruction';
  houses: number;
  perHouse: number;
  seed: number;
  onProgress?: (done: number, total: number) => void;
}

export function houseSeed(seed: number, i: number): number {
  return hashString(`house:${seed}:${i}`) % 1_000_000;
}

export async function generateDataset(o: DatasetOptions): Promise<EpisodeDataset> {
  const goat = [],
    instr = [];
  for (let i = 0; i < o.houses; i++) {
    const hs = houseSeed(o.seed, i);
    const scene = generateHouse(hs);
    const house = { kind: 'procedural' as const, seed: hs };
    const nav = await SceneNavMesh.build(scene);
    const epSeed = hashString(`episodes:${o.seed}:${i}`);
    try {
      if (o.kind === 'goat') {
        const renderer = await Renderer.create(scene);
        try {
          goat.push(...generateGoatEpisodes(scene, house, nav, renderer, o.perHouse, epSeed));
        } finally {
          renderer.dispose();
        }
      } else {
        instr.push(...generateInstructionEpisodes(scene, house, nav, o.perHouse, epSeed));
      }
    } finally {
      nav.destroy();
    }
    o.onProgress?.(i + 1, o.houses);
  }
  return o.kind === 'goat' ? { version: 1, kind: 'goat', seed: o.seed, episodes: goat } : { version: 1, kind: 'instruction', seed: o.seed, episodes: instr };
}
