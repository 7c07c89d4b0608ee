/**
 * What a benchmark split holds and what is missing to run it: episode and subtask counts, scenes,
 * `_gt` coverage, the scene files it needs and, given a scenes folder, which of them are absent.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchmarkSplit } from './open.js';
import { GOAT_MAX_DESCRIPTION_WORDS } from './goat-bench.js';
import { checkGoalIds, type GoalIdCheck, readSemanticTxt, semanticTxtOf } from './goal-categories.js';
import type { GoatBenchEpisode } from './types.js';

export interface DatasetInspection {
  benchmark: BenchmarkSplit['benchmark'];
  split: string;
  files: string[];
  episodes: number;
  scenes: number;
  /** scene files relative to the scenes folder, one per scene */
  scene_files: string[];
  /** GOAT-Bench: subtasks by kind (after dropping long descriptions) */
  subtasks?: { object: number; description: number; image: number; total: number; dropped_descriptions: number };
  /** VLN-CE: episodes with a `_gt` reference */
  gt?: { files: string[]; episodes_with_gt: number; episodes_without_gt: number };
  languages?: Record<string, number>;
  roles?: Record<string, number>;
  /**
   * GOAT-Bench with annotations found (beside the scenes, or under --semantic): the goal ids of the
   * episodes checked against the `.semantic.txt` categories; near-matches (synonyms, modifiers) are
   * counted apart from mismatches and absent ids
   */
  semantic?: SemanticCheck;
  /** the scenes folder checked, or null when none was given */
  scenes_dir: string | null;
  /** everything needed to run the split that is not there, one line each */
  missing: string[];
}

export interface SemanticCheck {
  scenes_checked: number;
  goal_ids_checked: number;
  goal_ids_same: number;
  goal_ids_synonym: number;
  /** ids whose annotation is of another category, or that no annotated instance has */
  goal_ids_mismatched: number;
  /** up to 20 of the synonyms and mismatches, mismatches first */
  examples: Array<{ scene: string; object_id: string; category: string; annotation: string | null; agreement: GoalIdCheck['agreement'] }>;
}

/** The goal ids (with their categories) the episodes of one scene use. */
export function goalIdsOf(episodes: readonly GoatBenchEpisode[]): Map<string, Array<{ objectId: string; category: string }>> {
  const by = new Map<string, Array<{ objectId: string; category: string }>>();
  for (const e of episodes)
    for (const t of e.subtasks)
      for (const g of t.targets) {
        if (!by.has(e.scene)) by.set(e.scene, []);
        by.get(e.scene)!.push({ objectId: g.objectId, category: g.category });
      }
  return by;
}

/** Every goal id of the episodes checked against the annotations found; `missing` gets the scenes without. */
export function checkSplitGoalIds(
  episodes: readonly GoatBenchEpisode[],
  scenesDir: string | null,
  semantic: string | null,
  missing: string[],
): { summary: SemanticCheck; checks: GoalIdCheck[] } {
  const checks: GoalIdCheck[] = [];
  let scenes = 0;
  for (const [scene, goals] of goalIdsOf(episodes)) {
    const where = semanticTxtOf(scene, scenesDir, semantic);
    if (!where.path) {
      missing.push(`semantic annotations ${where.expected} (GOAT object ids of ${scene} not checked against their categories)`);
      continue;
    }
    scenes++;
    checks.push(...checkGoalIds(scene, goals, readSemanticTxt(where.path)));
  }
  const n = (a: GoalIdCheck['agreement']) => checks.filter((c) => c.agreement === a).length;
  const rank = { absent: 0, mismatch: 0, synonym: 1, same: 2 } as const;
  const examples = checks
    .filter((c) => c.agreement !== 'same')
    .sort((a, b) => rank[a.agreement] - rank[b.agreement])
    .slice(0, 20)
    .map((c) => ({ scene: c.scene, object_id: c.objectId, category: c.category, annotation: c.annotation, agreement: c.agreement }));
  return {
    summary: {
      scenes_checked: scenes,
      goal_ids_checked: checks.length,
      goal_ids_same: n('same'),
      goal_ids_synonym: n('synonym'),
      goal_ids_mismatched: n('mismatch') + n('absent'),
      examples,
    },
    checks,
  };
}

// a Map, not an object: a language or role named __proto__ or constructor is counted like any other
const count = (xs: (string | null)[]): Record<string, number> => {
  const m = new Map<string, number>();
  for (const x of xs) if (x) m.set(x, (m.get(x) ?? 0) + 1);
  return Object.fromEntries(m);
};

/** `semantic`: a folder of `{scene}.semantic.txt` files (or one such file) for GOAT-Bench's goal ids, besides the scenes folder. */
export function inspectSplit(s: BenchmarkSplit, scenesDir: string | null, semantic: string | null = null): DatasetInspection {
  const sceneFiles = [...new Set(s.episodes.map((e) => e.scene))].sort();
  const missing: string[] = [];
  const base = {
    benchmark: s.benchmark,
    split: s.split,
    files: s.files,
    episodes: s.episodes.length,
    scenes: sceneFiles.length,
    scene_files: sceneFiles,
    scenes_dir: scenesDir,
  };
  let extra: Partial<DatasetInspection>;
  if (s.benchmark === 'goat-bench') {
    const all = s.episodes.flatMap((e) => e.subtasks);
    const by = (k: string) => all.filter((t) => t.kind === k).length;
    const dropped = s.episodes.reduce((a, e) => a + e.droppedDescriptions, 0);
    extra = { subtasks: { object: by('object'), description: by('description'), image: by('image'), total: all.length, dropped_descriptions: dropped } };
    if (dropped) missing.push(`${dropped} description subtask(s) over ${GOAT_MAX_DESCRIPTION_WORDS} words dropped (as GOAT-Bench's loader drops them)`);
    if (scenesDir !== null || semantic !== null) extra.semantic = checkSplitGoalIds(s.episodes, scenesDir, semantic, missing).summary;
  } else {
    const withGt = s.episodes.filter((e) => e.gt).length;
    extra = { gt: { files: s.gtFiles, episodes_with_gt: withGt, episodes_without_gt: s.episodes.length - withGt } };
    for (const f of s.gtFilesMissing) missing.push(`ground-truth file ${f} (nDTW falls back to the sparse reference_path)`);
    const without = s.episodes.filter((e) => !e.gt).map((e) => e.id);
    if (without.length && s.gtFiles.length)
      missing.push(`_gt entries for ${without.length} episode(s): ${without.slice(0, 10).join(', ')}${without.length > 10 ? ', …' : ''}`);
    if (s.benchmark === 'rxr-ce')
      extra = { ...extra, languages: count(s.episodes.map((e) => e.instruction.language)), roles: count(s.episodes.map((e) => e.instruction.role)) };
  }
  if (scenesDir === null) missing.push(`scenes not checked: give --scenes DIR (the folder holding ${sceneFiles[0] ?? 'the scene files'})`);
  else for (const f of sceneFiles) if (!existsSync(join(scenesDir, f))) missing.push(`scene file ${join(scenesDir, f)}`);
  return { ...base, ...extra, missing };
}
