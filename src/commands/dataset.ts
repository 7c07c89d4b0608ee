/**
 * `navharness dataset inspect PATH`: what a benchmark split (GOAT-Bench, R2R-CE, RxR-CE; IR2R-CE
 * with --tours) holds and what is missing to run it: episodes, subtasks by kind, scenes, `_gt`
 * coverage, the scene files it needs and, with --scenes, the ones that are not there.
 */
import type { Command } from 'commander';
import { SUMMARIES } from './summaries.js';
import { existsSync } from 'node:fs';
import { z } from 'zod';
import { parseFlags, UsageError } from './options.js';

const BENCHMARK_NAMES = ['goat-bench', 'r2r-ce', 'rxr-ce', 'ir2r-ce'] as const;

export const InspectFlagsSchema = z.object({
  path: z
    .string({ error: 'give a split folder or episode file, e.g. data/datasets/R2R_VLNCE_v1-3_preprocessed/val_seen' })
    .min(1, 'give a split folder or episode file'),
  benchmark: z.enum(BENCHMARK_NAMES, { error: `expected one of ${BENCHMARK_NAMES.join(', ')} (default: read from the files)` }).optional(),
  scenes: z.string().min(1, 'give the scenes folder (the one holding mp3d/ or hm3d/)').optional(),
  tours: z.string().min(1, 'give the IR2R-CE tours JSON file').optional(),
  semantic: z.string().min(1, 'give a folder of {scene}.semantic.txt files or one such file').optional(),
  json: z.boolean().default(false),
});

/** A reader's failure as the command's refusal (exit 2): the readers name the file and what is wrong. */
async function readOrRefuse<T>(flag: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (e) {
    throw new UsageError(`navharness dataset inspect: ${flag}: ${(e as Error).message}`, flag.startsWith('--') ? [flag] : []);
  }
}

export async function inspectCommand(raw: unknown, log: (s: string) => void = console.log): Promise<void> {
  const f = parseFlags(InspectFlagsSchema, raw, 'dataset inspect', { path: '<path>' });
  if (f.benchmark === 'ir2r-ce' && !f.tours)
    throw new UsageError('navharness dataset inspect: --tours: IR2R-CE needs its tours file (IVLN-CE TOURS_FILE: {split: {scene: [[episode ids]]}})', [
      '--tours',
    ]);
  const { openBenchmarkPath, inspectSplit, loadIr2rTours } = await import('../world/node.js');
  const split = await readOrRefuse('<path>', () => openBenchmarkPath(f.path, f.benchmark));
  if (f.semantic && !existsSync(f.semantic))
    throw new UsageError(
      `navharness dataset inspect: --semantic: '${f.semantic}' does not exist; give a folder of {scene}.semantic.txt files (HM3D semantic annotations) or one such file`,
      ['--semantic'],
    );
  const report: Record<string, unknown> = { ...(await readOrRefuse('--semantic', async () => inspectSplit(split, f.scenes ?? null, f.semantic ?? null))) };
  if (f.tours) {
    if (split.benchmark !== 'r2r-ce')
      throw new UsageError(`navharness dataset inspect: --tours: IR2R-CE tours order R2R-CE episodes; '${f.path}' holds ${split.benchmark}`, ['--tours']);
    const tours = await readOrRefuse('--tours', () => loadIr2rTours(f.tours!, split));
    const absent = tours.flatMap((t) => t.missingEpisodes);
    report.benchmark = 'ir2r-ce';
    report.tours = {
      count: tours.length,
      episodes: tours.reduce((a, t) => a + t.episodes.length, 0),
      longest: Math.max(0, ...tours.map((t) => t.episodes.length)),
    };
    if (absent.length) (report.missing as string[]).push(`${absent.length} tour episode id(s) not in the split: ${absent.slice(0, 10).join(', ')}`);
  }
  if (f.json) {
    log(JSON.stringify(report));
    return;
  }
  const r = report as unknown as ReturnType<typeof inspectSplit> & { tours?: { count: number } };
  const parts = [`${r.benchmark} ${r.split}: ${r.episodes} episodes in ${r.scenes} scenes`];
  if (r.subtasks) parts.push(`${r.subtasks.total} subtasks (object ${r.subtasks.object}, description ${r.subtasks.description}, image ${r.subtasks.image})`);
  if (r.gt) parts.push(`_gt for ${r.gt.episodes_with_gt} of ${r.episodes}`);
  if (r.tours) parts.push(`${r.tours.count} tours`);
  log(parts.join('; '));
  const sem = r.semantic;
  if (sem) {
    log(
      `semantic: ${sem.goal_ids_checked} goal ids checked in ${sem.scenes_checked} scene(s): ${sem.goal_ids_same} same category, ${sem.goal_ids_synonym} synonym, ${sem.goal_ids_mismatched} mismatched`,
    );
    for (const x of sem.examples) log(`  ${x.agreement}: ${x.object_id} (${x.category}) is '${x.annotation ?? 'not annotated'}' in ${x.scene}`);
  }
  log(r.missing.length ? `missing:\n${r.missing.map((m) => `  ${m}`).join('\n')}` : 'nothing missing');
}

export function registerDataset(program: Command): void {
  const dataset = program.command('dataset').description(SUMMARIES.dataset);
  dataset
    .command('inspect')
    .description('count the episodes, subtasks, scenes and _gt references of a split and list what is missing to run it')
    .argument('<path>', 'a split folder (val_seen/, or a GOAT-Bench split with content/) or one episode file')
    .option('--benchmark <name>', `${BENCHMARK_NAMES.join(' | ')} (default: read from the files)`)
    .option('--scenes <dir>', 'scenes folder to check for the scene files (holding mp3d/ or hm3d/)')
    .option('--tours <file>', 'IR2R-CE tours file (with an R2R-CE split)')
    .option('--semantic <path>', 'GOAT-Bench: a folder of {scene}.semantic.txt files (or one) to check goal ids against, besides those beside the scenes')
    .option('--json', 'print the inspection as JSON')
    .action(async (path: string, opts: Record<string, unknown>) => inspectCommand({ ...opts, path }));
}
