/**
 * GOAT-Bench splits: one file per scene, `{split}/content/{scene}.json.gz`, with top-level `episodes`
 * and `goals` (keyed "{scene basename}_{category}"). Tasks are [category, kind, object_id(, image
 * index)]; each becomes a subtask whose targets are goal instances with their view points. As
 * GOAT-Bench's loader (goat_bench/dataset/goat_dataset.py) does: episode ids become the index in the
 * file, object tasks also accept instances of the goal's child categories, description tasks whose
 * text runs over 55 words are dropped.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { z } from 'zod';
import { habitatHeading, habitatPosition } from './habitat-frame.js';
import { GoatFileSchema, type GoatGoalSchema, type GoatImageGoalSchema, parseBenchmarkFile } from './habitat-schema.js';
import { readJsonFile } from './read-json.js';
import { type GoatBenchEpisode, type GoatBenchGoal, type GoatBenchSplit, type GoatBenchSubtask, type GoatImageGoal, normaliseScenePath } from './types.js';

/** GOAT-Bench's loader skips description tasks longer than this many words. */
export const GOAT_MAX_DESCRIPTION_WORDS = 55;

type RawGoal = z.infer<typeof GoatGoalSchema>;
type RawFile = z.infer<typeof GoatFileSchema>;

function imageGoal(g: z.infer<typeof GoatImageGoalSchema>): GoatImageGoal {
  const { yaw, pitch } = habitatHeading(g.rotation);
  // image_dimensions is [H, W] (habitat-lab instance_image_nav_task.py)
  return { position: habitatPosition(g.position), yaw, pitch, hfovDeg: g.hfov, height: g.image_dimensions[0], width: g.image_dimensions[1] };
}

function convertGoal(g: RawGoal): GoatBenchGoal {
  return {
    objectId: g.object_id,
    category: g.object_category,
    position: habitatPosition(g.position),
    viewPoints: g.view_points.map((v) => habitatPosition(v.agent_state.position)),
    description: g.lang_desc ?? null,
    images: (g.image_goals ?? []).map(imageGoal),
  };
}

/** GOAT's word count: the description split on single spaces. */
const wordCount = (s: string) => s.split(' ').length;

function subtasksOf(raw: RawFile, ep: RawFile['episodes'][number], file: string, where: string): { subtasks: GoatBenchSubtask[]; dropped: number } {
  const sceneKey = basename(normaliseScenePath(ep.scene_id));
  const goalsOf = (category: string) => {
    const key = `${sceneKey}_${category}`;
    return Object.hasOwn(raw.goals, key) ? raw.goals[key] : [];
  };
  const subtasks: GoatBenchSubtask[] = [];
  let dropped = 0;
  ep.tasks.forEach((t, k) => {
    const [category, kind] = t;
    const instances = goalsOf(category);
    if (instances.length === 0)
      throw new Error(`'${file}' ${where}.tasks[${k}]: no goals under '${sceneKey}_${category}' (goals are keyed "{scene basename}_{category}")`);
    if (kind === 'object') {
      const children = [...new Set(instances.flatMap((g) => g.children_object_categories ?? []))];
      subtasks.push({ kind, category, targets: [...instances, ...children.flatMap(goalsOf)].map(convertGoal) });
      return;
    }
    const goal = instances.find((g) => g.object_id === t[2]);
    if (!goal)
      throw new Error(
        `'${file}' ${where}.tasks[${k}]: object '${t[2]}' is not among the '${sceneKey}_${category}' goals (${instances.map((g) => g.object_id).join(', ')})`,
      );
    const target = convertGoal(goal);
    if (kind === 'description') {
      if (!goal.lang_desc) throw new Error(`'${file}' ${where}.tasks[${k}]: goal '${t[2]}' has no lang_desc for its description task`);
      if (wordCount(goal.lang_desc) > GOAT_MAX_DESCRIPTION_WORDS) dropped++;
      else subtasks.push({ kind, category, text: goal.lang_desc, targets: [target] });
      return;
    }
    const index = t[3];
    if (index >= target.images.length)
      throw new Error(`'${file}' ${where}.tasks[${k}]: image index ${index} but goal '${t[2]}' has ${target.images.length} image_goals`);
    subtasks.push({ kind, category, image: target.images[index], imageIndex: index, targets: [target] });
  });
  return { subtasks, dropped };
}

/** One GOAT-Bench per-scene file (`content/{scene}.json.gz`, or its uncompressed copy); `data`: its content when already read. */
export async function loadGoatBenchFile(file: string, data?: unknown): Promise<GoatBenchEpisode[]> {
  const raw = parseBenchmarkFile(GoatFileSchema, data ?? (await readJsonFile(file)), file, 'GOAT-Bench per-scene episode');
  return raw.episodes.map((ep, i) => {
    const { subtasks, dropped } = subtasksOf(raw, ep, file, `episodes[${i}]`);
    return {
      id: String(i),
      scene: normaliseScenePath(ep.scene_id),
      start: { position: habitatPosition(ep.start_position), yaw: habitatHeading(ep.start_rotation).yaw },
      subtasks,
      droppedDescriptions: dropped,
      file,
    };
  });
}

/** The per-scene files of a GOAT-Bench split folder (`…/val_unseen`, holding `content/`). */
export function goatBenchFiles(dir: string): string[] {
  const content = join(dir, 'content');
  if (!existsSync(content) || !statSync(content).isDirectory())
    throw new Error(`no GOAT-Bench content folder in '${dir}': expected ${content}/{scene}.json.gz (goat_bench/hm3d/v1/{split}/content/)`);
  const files = readdirSync(content)
    .filter((f) => /\.json(\.gz)?$/i.test(f))
    .sort();
  if (files.length === 0) throw new Error(`'${content}' holds no per-scene episode files ({scene}.json.gz)`);
  return files.map((f) => join(content, f));
}

/** A GOAT-Bench split folder, or one per-scene file. */
export async function loadGoatBenchSplit(path: string): Promise<GoatBenchSplit> {
  const isFile = existsSync(path) && statSync(path).isFile();
  const files = isFile ? [path] : goatBenchFiles(path);
  const episodes: GoatBenchEpisode[] = [];
  for (const f of files) episodes.push(...(await loadGoatBenchFile(f)));
  const split = isFile ? basename(join(path, '..', '..')) : basename(path);
  return { benchmark: 'goat-bench', split, files, episodes };
}
