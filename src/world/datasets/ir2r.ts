/**
 * IR2R-CE (Iterative VLN-CE, jacobkrantz/IVLN-CE): tours are ordered sequences of R2R-CE episodes in
 * one scene. The episodes are a VLN-CE R2R split; the tours file maps each split to
 * `{scene: [[episode ids in tour order], …]}` (IVLN-CE `IterativeVLNCEDataset`, `TOURS_FILE`).
 */
import { z } from 'zod';
import { parseBenchmarkFile } from './habitat-schema.js';
import { readJsonFile } from './read-json.js';
import type { Ir2rTour, VlnceSplit } from './types.js';

const ToursFileSchema = z.record(
  z.string(),
  z.record(z.string(), z.array(z.array(z.union([z.string(), z.number().int()]).transform(String)).min(1, 'a tour names at least one episode')), {
    error: 'expected {scene: [[episode ids], …]}',
  }),
);

/** The tours of `split` from an IR2R-CE tours file, each holding its R2R-CE episodes in tour order. */
export async function loadIr2rTours(toursFile: string, episodes: VlnceSplit): Promise<Ir2rTour[]> {
  const all = parseBenchmarkFile(ToursFileSchema, await readJsonFile(toursFile), toursFile, 'IR2R-CE tours');
  const tours = all[episodes.split];
  if (!tours) throw new Error(`'${toursFile}' has no tours for split '${episodes.split}' (it has: ${Object.keys(all).join(', ') || 'none'})`);
  const byId = new Map(episodes.episodes.map((e) => [e.id, e]));
  const out: Ir2rTour[] = [];
  for (const [scene, list] of Object.entries(tours)) {
    for (const ids of list) {
      const id = String(out.length);
      const found = ids.map((i) => byId.get(i)).filter((e) => e !== undefined);
      out.push({ id, scene, episodes: found.map((e) => ({ ...e, tourId: id })), missingEpisodes: ids.filter((i) => !byId.has(i)) });
    }
  }
  return out;
}
