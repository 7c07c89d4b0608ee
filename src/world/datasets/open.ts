/**
 * Opens a benchmark split from a path: a split folder (R2R-CE `val_seen/`, RxR-CE, GOAT-Bench with
 * `content/`), a single episode file, or a data root plus a split name. The flavour is read from the
 * folder's file names, or from a single file's content.
 */
import { existsSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { loadGoatBenchFile, loadGoatBenchSplit } from './goat-bench.js';
import { readJsonFile } from './read-json.js';
import type { Benchmark, GoatBenchSplit, VlnceSplit } from './types.js';
import { loadR2rSplit, loadRxrSplit, vlnceFlavourOf } from './vlnce.js';

export type BenchmarkSplit = GoatBenchSplit | VlnceSplit;

/** The flavour of one episode file, from its top-level keys, with the content read. */
async function flavourOfFile(file: string): Promise<{ kind: 'goat-bench' | 'r2r-ce' | 'rxr-ce'; data: unknown }> {
  if (/_gt\.json(\.gz)?$/i.test(file)) throw new Error(`'${file}' is a VLN-CE ground-truth (_gt) file; give the episode file or its split folder`);
  const data = (await readJsonFile(file)) as Record<string, unknown> | null;
  if (data && typeof data === 'object' && 'goals' in data && !Array.isArray(data.goals)) return { kind: 'goat-bench', data };
  if (data && typeof data === 'object' && 'instruction_vocab' in data) return { kind: 'r2r-ce', data };
  if (data && typeof data === 'object' && Array.isArray(data.episodes)) return { kind: 'rxr-ce', data };
  throw new Error(
    `'${file}' is neither a GOAT-Bench per-scene file (episodes + goals), an R2R-CE file (episodes + instruction_vocab) nor an RxR-CE file (episodes)`,
  );
}

/** Reads the split at `path` (a folder or one file); `benchmark` forces the flavour. */
export async function openBenchmarkPath(path: string, benchmark?: Benchmark): Promise<BenchmarkSplit> {
  if (!existsSync(path)) throw new Error(`'${path}' does not exist`);
  if (statSync(path).isFile()) {
    const { kind, data } = benchmark ? { kind: benchmark, data: undefined } : await flavourOfFile(path);
    if (kind === 'goat-bench')
      return { benchmark: 'goat-bench', split: basename(dirname(dirname(path))), files: [path], episodes: await loadGoatBenchFile(path, data) };
    // a VLN-CE file is read with its folder, where its _gt file lives
    return kind === 'rxr-ce' ? loadRxrSplit(dirname(path)) : loadR2rSplit(dirname(path));
  }
  const kind = benchmark === 'ir2r-ce' ? 'r2r-ce' : (benchmark ?? (existsSync(join(path, 'content')) ? 'goat-bench' : vlnceFlavourOf(path)));
  if (kind === 'goat-bench') return loadGoatBenchSplit(path);
  if (kind === 'r2r-ce') return loadR2rSplit(path);
  if (kind === 'rxr-ce') return loadRxrSplit(path);
  const split = basename(path);
  throw new Error(
    `'${path}' holds no benchmark split: expected content/{scene}.json.gz (GOAT-Bench), ${split}.json.gz (R2R-CE) or ${split}_guide.json.gz / ${split}_follower.json.gz (RxR-CE)`,
  );
}

/** `{root}/{split}` of a benchmark (`--dataset KIND:ROOT --split S`). */
export async function openBenchmarkSplit(benchmark: Benchmark, root: string, split: string): Promise<BenchmarkSplit> {
  const dir = join(root, split);
  if (!existsSync(dir)) throw new Error(`split '${split}' not found: '${dir}' does not exist`);
  return openBenchmarkPath(dir, benchmark);
}
