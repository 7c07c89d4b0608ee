/**
 * Benchmark episodes run with any agent: GOAT-Bench episodes as GOAT sequences (one run directory
 * per episode, scored with GOAT-Bench's definition: geodesic < 0.25 m to the nearest view point,
 * per-subtask SPL), R2R-CE and RxR-CE episodes through the VLN runner (VLN-CE's Success, OSR, SPL,
 * nDTW against the `_gt` path, sDTW). Every scene file the episodes need is checked before anything
 * runs; a missing one is refused naming the file and where to get it. Scenes are opened through an
 * injectable resolver (src/world/datasets/scenes.ts).
 */
import { join, resolve } from 'node:path';
import { atomicWriteFile, HOUSE_MOUNT, Journal, Workspace } from '../memory/index.js';
import { addUsage, ZERO_USAGE } from '../models/index.js';
import type { GoatEpisode, InstructionEpisode } from '../sim/index.js';
import { houseSpecText } from '../world/index.js';
import {
  applyPreset,
  type Benchmark,
  checkSplitGoalIds,
  defaultSceneResolver,
  type GoatBenchEpisode,
  goatEpisodeOf,
  instructionEpisodeOf,
  MissingSceneError,
  missingSceneFiles,
  type OpenedScene,
  openBenchmarkSplit,
  type Preset,
  type SceneResolver,
  sceneDownloadHint,
  sceneHouseRef,
  settingsOf,
  type VlnceEpisode,
} from '../world/node.js';
import { type Prices, PricesSchema } from './cost.js';
import { type GoatBenchScores, type GoatBenchSubtaskOutcome, scoreGoatBench } from './goat.js';
import { metricsOf, runLevelUsage, taskRows, type RunMetrics } from './run-metrics.js';
import { type RunOptions, runSequence } from './run-sequence.js';
import { runSettings } from './settings.js';
import { type RunOptions as VlnRunOptions, runVln, type VlnRun } from './vln-run.js';
import { writeRunOutputs } from './vln-report.js';

export interface DatasetSource {
  benchmark: Benchmark;
  /** the dataset root holding `{split}/` */
  root: string;
  split: string;
  scenesDir: string;
  /** run only the first N episodes */
  limit?: number;
  /** default: habitat stages, glTF houses and `seed:N` with the benchmark's navmesh (src/world/datasets/scenes.ts) */
  resolver?: SceneResolver;
  /**
   * GOAT object id → scene instance id; default: the resolver's mapping (HM3D: through the semantic
   * annotations), else the number in the object id
   */
  instanceIdOf?: (scene: string, objectId: string) => number;
  /** bind GOAT goals whose category disagrees with the scene's semantic annotations (default: refuse the split) */
  allowGoalMismatch?: boolean;
}

/**
 * GOAT-Bench goal ids whose annotated category is another's (or that no annotation has) refuse the
 * split before anything runs, unless allowed: a run would score the agent against the wrong object.
 * Near-matches (synonyms, "led tv" for "tv") bind.
 */
function checkGoalCategories(episodes: readonly GoatBenchEpisode[], src: DatasetSource): void {
  if (src.allowGoalMismatch) return;
  const { checks } = checkSplitGoalIds(episodes, src.scenesDir, null, []);
  const bad = checks.filter((c) => c.agreement === 'mismatch' || c.agreement === 'absent');
  if (bad.length === 0) return;
  const lines = bad
    .slice(0, 20)
    .map((c) => `  ${c.objectId} (${c.category}) is ${c.annotation === null ? 'not an annotated instance' : `'${c.annotation}'`} in ${c.scene}`);
  throw new Error(
    `${bad.length} GOAT goal id(s) disagree with the semantic annotations of their scene:\n${lines.join('\n')}${bad.length > 20 ? '\n  …' : ''}\nrun them anyway with --allow-goal-mismatch, or fix the episode file`,
  );
}

/**
 * One scene open at a time (episodes run sorted by scene): opening the next closes the previous, so
 * a scene's navmesh lives exactly as long as its episodes run; `close` ends the last.
 */
class SceneSlot {
  private open: { id: string; s: OpenedScene } | null = null;
  /** the navmesh each scene ran on, for metrics.json */
  readonly navmeshes: Record<string, string> = {};
  /** the agent each scene's navmesh was built for (a loaded file's own), for metrics.json */
  readonly navmeshAgents: Record<string, { height_m: number; radius_m: number; max_climb_m: number; max_slope_deg: number }> = {};
  constructor(
    private readonly src: DatasetSource,
    private readonly benchmark: Benchmark,
  ) {}

  async get(scene: string): Promise<OpenedScene> {
    if (this.open?.id !== scene) {
      this.close();
      const s = await (this.src.resolver ?? defaultSceneResolver)(scene, this.src.scenesDir, this.benchmark);
      this.open = { id: scene, s };
      this.navmeshes[scene] = s.navmeshSource;
      const a = s.navmeshAgent;
      // a file's agent is float32: 0.1 reads 0.10000000149
      this.navmeshAgents[scene] = {
        height_m: +a.height.toFixed(4),
        radius_m: +a.radius.toFixed(4),
        max_climb_m: +a.maxClimb.toFixed(4),
        max_slope_deg: +a.maxSlopeDeg.toFixed(4),
      };
    }
    return this.open.s;
  }

  close(): void {
    this.open?.s.close();
    this.open = null;
  }
}

/** Refuses, before any run, when scene files are missing: every one is named with where to get it. */
function checkScenes(scenes: readonly string[], scenesDir: string): void {
  const missing = missingSceneFiles(scenes, scenesDir);
  if (missing.length === 0) return;
  if (missing.length === 1) throw new MissingSceneError(missing[0], scenes.find((s) => missing[0].endsWith(s)) ?? '');
  throw new Error(
    `${missing.length} scene files are missing from ${scenesDir}:\n${missing
      .slice(0, 20)
      .map((f) => `  ${f}`)
      .join('\n')}${missing.length > 20 ? '\n  …' : ''}\ndownload ${sceneDownloadHint(scenes[0])}`,
  );
}

/**
 * The split's episodes (the first `limit`), grouped by scene, after checking that every scene file
 * they need is there: what the run functions take, so that a command can refuse bad input before
 * anything runs.
 */
export async function loadDatasetEpisodes(src: DatasetSource): Promise<GoatBenchEpisode[] | VlnceEpisode[]> {
  return src.benchmark === 'goat-bench'
    ? episodesOf<GoatBenchEpisode>(src, 'goat-bench')
    : episodesOf<VlnceEpisode>(src, src.benchmark === 'ir2r-ce' ? 'r2r-ce' : src.benchmark);
}

async function episodesOf<T extends GoatBenchEpisode | VlnceEpisode>(src: DatasetSource, benchmark: Benchmark): Promise<T[]> {
  const split = await openBenchmarkSplit(benchmark, src.root, src.split);
  const episodes = (split.episodes as T[]).slice(0, src.limit ?? split.episodes.length);
  if (episodes.length === 0) throw new Error(`${benchmark} split '${src.split}' under ${src.root} holds no episodes`);
  checkScenes(
    episodes.map((e) => e.scene),
    src.scenesDir,
  );
  if (benchmark === 'goat-bench') checkGoalCategories(episodes as GoatBenchEpisode[], src);
  // one scene open at a time: episodes of a scene run together
  return [...episodes].sort((a, b) => (a.scene < b.scene ? -1 : a.scene > b.scene ? 1 : 0));
}

export interface GoatBenchRunOptions extends Omit<RunOptions, 'house' | 'out' | 'success' | 'sequence' | 'resume'> {
  out: string;
  /** the body's setting: the papers' (default) or GOAT-Bench's camera and 5000-action episode limit */
  preset?: Preset;
  onEpisode?: (done: number, total: number) => void;
}

export interface GoatBenchRun {
  metrics: RunMetrics & {
    goat_bench: GoatBenchScores;
    benchmark: Benchmark;
    split: string;
    settings: ReturnType<typeof settingsOf>;
    navmesh: Record<string, string>;
    navmesh_agent: SceneSlot['navmeshAgents'];
  };
  runs: { episode: string; scene: string; out: string }[];
}

/** Each subtask's kind, success and distances, as the run's evaluation records hold them. */
function subtaskOutcomes(journal: Journal, episode: GoatEpisode, dir: string): GoatBenchSubtaskOutcome[] {
  return journal.records().map((r, k) => {
    const ev = journal.readEvaluation(r.task_id);
    if (!ev) throw new Error(`${dir}: ${r.task_id} has no evaluation record`);
    return { kind: episode.goals[k].type, success: ev.success ? 1 : 0, shortest: ev.shortest_path ?? Infinity, walked: ev.path_length };
  });
}

/** `loaded`: the split's episodes from `loadDatasetEpisodes` (loaded here when absent). */
export async function runGoatBenchDataset(src: DatasetSource, o: GoatBenchRunOptions, loaded?: GoatBenchEpisode[]): Promise<GoatBenchRun> {
  if (src.benchmark !== 'goat-bench') throw new Error(`runGoatBenchDataset runs goat-bench episodes, not ${src.benchmark}`);
  const episodes = loaded ?? (await episodesOf<GoatBenchEpisode>(src, 'goat-bench'));
  const out = resolve(o.out);
  const { onEpisode, preset = 'papers', ...runOpts } = o;
  const applied = applyPreset(preset, 'goat-bench');
  const body = { camera: applied.camera, maxActions: applied.maxSteps ?? undefined };
  const runs: GoatBenchRun['runs'] = [];
  const outcomes: GoatBenchSubtaskOutcome[][] = [];
  const journals: Journal[] = [];
  const slot = new SceneSlot(src, 'goat-bench');
  try {
    for (const ep of episodes) {
      const open = await slot.get(ep.scene);
      const house = sceneHouseRef(ep.scene, src.scenesDir);
      const idOf = src.instanceIdOf ? (id: string) => src.instanceIdOf!(ep.scene, id) : (open.instanceIdOf ?? undefined);
      const episode = goatEpisodeOf(ep, house, open.scene, idOf);
      const dir = join(out, episode.id.replace(/[^\w.-]+/g, '_'));
      await runSequence(
        { ...runOpts, house: houseSpecText(house), out: dir, success: 'goat-bench-0.25m' },
        {},
        { episode, scene: open.scene, navmesh: open.navmesh, body },
      );
      const journal = new Journal(Workspace.open({ runDir: dir, houseDir: join(dir, HOUSE_MOUNT) }));
      journals.push(journal);
      outcomes.push(subtaskOutcomes(journal, episode, dir));
      runs.push({ episode: ep.id, scene: ep.scene, out: dir });
      onEpisode?.(runs.length, episodes.length);
    }
  } finally {
    slot.close();
  }
  const prices: Prices = PricesSchema.parse(o.prices ?? {});
  const extra = journals.map(runLevelUsage).reduce(addUsage, { ...ZERO_USAGE });
  const metrics = {
    ...metricsOf(journals.map(taskRows), prices, extra, { judgeStopViews: o.harness?.judgeStopViews ?? 4 }),
    goat_bench: scoreGoatBench(outcomes),
    benchmark: 'goat-bench' as const,
    split: src.split,
    // the run's resolved configuration with the benchmark's sensor and action settings beside it
    settings: { ...runSettings({ ...runOpts, success: 'goat-bench-0.25m' }), ...settingsOf('goat-bench', preset) },
    navmesh: slot.navmeshes,
    navmesh_agent: slot.navmeshAgents,
  };
  atomicWriteFile(join(out, 'metrics.json'), JSON.stringify({ ...metrics, runs }, null, 2) + '\n');
  return { metrics, runs };
}

/** VLN-CE episodes in the project's schema; a scene is opened here only when d0 must be measured (RxR-CE files give none). */
async function instructionEpisodes(episodes: readonly VlnceEpisode[], src: DatasetSource, slot: SceneSlot): Promise<InstructionEpisode[]> {
  const out: InstructionEpisode[] = [];
  for (const ep of episodes) {
    const house = sceneHouseRef(ep.scene, src.scenesDir);
    const nav = ep.geodesicDistance === null ? (await slot.get(ep.scene)).navmesh : null;
    out.push(instructionEpisodeOf(ep, house, (a, b) => (nav ? nav.geodesic(a, b) : Infinity)));
  }
  return out;
}

export type VlnceRunOptions = Omit<VlnRunOptions, 'sceneOf' | 'camera'> & {
  out: string;
  /** the body's setting: the papers' (default) or the benchmark's camera (the 500-action limit is the caller's budget) */
  preset?: Preset;
};

/** `loaded`: the split's episodes from `loadDatasetEpisodes` (loaded here when absent). */
export async function runVlnceDataset(
  src: DatasetSource,
  o: VlnceRunOptions,
  loaded?: VlnceEpisode[],
): Promise<{ run: VlnRun; files: Awaited<ReturnType<typeof writeRunOutputs>> }> {
  if (src.benchmark === 'goat-bench') throw new Error('runVlnceDataset runs r2r-ce, rxr-ce or ir2r-ce episodes; GOAT-Bench runs through runGoatBenchDataset');
  const benchmark = src.benchmark === 'ir2r-ce' ? 'r2r-ce' : src.benchmark;
  const raw = loaded ?? (await episodesOf<VlnceEpisode>(src, benchmark));
  const slot = new SceneSlot(src, benchmark);
  const sceneOfId = new Map(raw.map((e) => [e.id, e.scene]));
  let run: VlnRun;
  try {
    const episodes = await instructionEpisodes(raw, src, slot);
    const sceneOf = async (ep: InstructionEpisode) => {
      const open = await slot.get(sceneOfId.get(ep.id)!);
      return { scene: open.scene, navmesh: open.navmesh };
    };
    // one position per action, as VLN-CE logs them for nDTW and path length
    run = await runVln(episodes, { ...o, sceneOf, camera: applyPreset(o.preset ?? 'papers', benchmark).camera, dtw: o.dtw ?? 'exact', trajectory: 'action' });
  } finally {
    slot.close();
  }
  const files = await writeRunOutputs(o.out, run);
  const metrics = {
    ...run.metrics,
    benchmark: src.benchmark,
    split: src.split,
    dtw: o.dtw ?? 'exact',
    settings: settingsOf(src.benchmark, o.preset),
    navmesh: slot.navmeshes,
    navmesh_agent: slot.navmeshAgents,
  };
  atomicWriteFile(files.metrics, JSON.stringify(metrics, null, 2) + '\n');
  return { run, files };
}
