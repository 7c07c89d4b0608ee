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
import { type InstructionEpisode, SceneNavMesh, type Scene } from '../sim/index.js';
import { houseSpecText } from '../world/index.js';
import {
  type Benchmark, defaultSceneResolver, type GoatBenchEpisode, goatEpisodeOf, instructionEpisodeOf, MissingSceneError, missingSceneFiles, openBenchmarkSplit, type SceneResolver,
  sceneDownloadHint, sceneHouseRef, settingsOf, type VlnceEpisode,
} from '../world/node.js';
import { type Prices, PricesSchema } from './cost.js';
import { type GoatBenchScores, type GoatBenchSubtaskOutcome, scoreGoatBench } from './goat.js';
import { metricsOf, runLevelUsage, taskRows, type RunMetrics } from './run-metrics.js';
import { type RunOptions, runSequence } from './run-sequence.js';
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
  /** default: glTF houses and `seed:N` (the habitat stage loader replaces it) */
  resolver?: SceneResolver;
  /**
   * GOAT object id → scene instance id for a scene the resolver opened (HM3D: through the semantic
   * annotations); default: the number in the object id
   */
  instanceIdOf?: (scene: string, objectId: string) => number;
}

/** Refuses, before any run, when scene files are missing: every one is named with where to get it. */
function checkScenes(scenes: readonly string[], scenesDir: string): void {
  const missing = missingSceneFiles(scenes, scenesDir);
  if (missing.length === 0) return;
  if (missing.length === 1) throw new MissingSceneError(missing[0], scenes.find((s) => missing[0].endsWith(s)) ?? '');
  throw new Error(`${missing.length} scene files are missing from ${scenesDir}:\n${missing.slice(0, 20).map((f) => `  ${f}`).join('\n')}${missing.length > 20 ? '\n  …' : ''}\ndownload ${sceneDownloadHint(scenes[0])}`);
}

/**
 * The split's episodes (the first `limit`), grouped by scene, after checking that every scene file
 * they need is there: what the run functions take, so that a command can refuse bad input before
 * anything runs.
 */
export async function loadDatasetEpisodes(src: DatasetSource): Promise<GoatBenchEpisode[] | VlnceEpisode[]> {
  return src.benchmark === 'goat-bench' ? episodesOf<GoatBenchEpisode>(src, 'goat-bench') : episodesOf<VlnceEpisode>(src, src.benchmark === 'ir2r-ce' ? 'r2r-ce' : src.benchmark);
}

async function episodesOf<T extends GoatBenchEpisode | VlnceEpisode>(src: DatasetSource, benchmark: Benchmark): Promise<T[]> {
  const split = await openBenchmarkSplit(benchmark, src.root, src.split);
  const episodes = (split.episodes as T[]).slice(0, src.limit ?? split.episodes.length);
  if (episodes.length === 0) throw new Error(`${benchmark} split '${src.split}' under ${src.root} holds no episodes`);
  checkScenes(episodes.map((e) => e.scene), src.scenesDir);
  // one scene open at a time: episodes of a scene run together
  return [...episodes].sort((a, b) => (a.scene < b.scene ? -1 : a.scene > b.scene ? 1 : 0));
}

export interface GoatBenchRunOptions extends Omit<RunOptions, 'house' | 'out' | 'success' | 'sequence' | 'resume'> {
  out: string;
  onEpisode?: (done: number, total: number) => void;
}

export interface GoatBenchRun {
  metrics: RunMetrics & { goat_bench: GoatBenchScores; benchmark: Benchmark; split: string; settings: ReturnType<typeof settingsOf> };
  runs: { episode: string; scene: string; out: string }[];
}

/** `loaded`: the split's episodes from `loadDatasetEpisodes` (loaded here when absent). */
export async function runGoatBenchDataset(src: DatasetSource, o: GoatBenchRunOptions, loaded?: GoatBenchEpisode[]): Promise<GoatBenchRun> {
  if (src.benchmark !== 'goat-bench') throw new Error(`runGoatBenchDataset runs goat-bench episodes, not ${src.benchmark}`);
  const episodes = loaded ?? (await episodesOf<GoatBenchEpisode>(src, 'goat-bench'));
  const resolver = src.resolver ?? defaultSceneResolver;
  const out = resolve(o.out);
  const { onEpisode, ...runOpts } = o;
  const runs: GoatBenchRun['runs'] = [];
  const outcomes: GoatBenchSubtaskOutcome[][] = [];
  const journals: Journal[] = [];
  let open = null as { id: string; scene: Scene } | null;
  for (const ep of episodes) {
    if (open?.id !== ep.scene) open = { id: ep.scene, scene: await resolver(ep.scene, src.scenesDir) };
    const house = sceneHouseRef(ep.scene, src.scenesDir);
    const episode = goatEpisodeOf(ep, house, open.scene, src.instanceIdOf ? (id) => src.instanceIdOf!(ep.scene, id) : undefined);
    const dir = join(out, episode.id.replace(/[^\w.-]+/g, '_'));
    await runSequence({ ...runOpts, house: houseSpecText(house), out: dir, success: 'goat-bench-0.25m' }, {}, { episode, scene: open.scene });
    const journal = new Journal(Workspace.open({ runDir: dir, houseDir: join(dir, HOUSE_MOUNT) }));
    journals.push(journal);
    outcomes.push(
      journal.records().map((r, k) => {
        const ev = journal.readEvaluation(r.task_id);
        if (!ev) throw new Error(`${dir}: ${r.task_id} has no evaluation record`);
        return { kind: episode.goals[k].type, success: ev.success ? 1 : 0, shortest: ev.shortest_path ?? Infinity, walked: ev.path_length };
      }),
    );
    runs.push({ episode: ep.id, scene: ep.scene, out: dir });
    onEpisode?.(runs.length, episodes.length);
  }
  const prices: Prices = PricesSchema.parse(o.prices ?? {});
  const extra = journals.map(runLevelUsage).reduce(addUsage, { ...ZERO_USAGE });
  const metrics = {
    ...metricsOf(journals.map(taskRows), prices, extra, { judgeStopViews: o.harness?.judgeStopViews ?? 4 }),
    goat_bench: scoreGoatBench(outcomes),
    benchmark: 'goat-bench' as const,
    split: src.split,
    settings: settingsOf('goat-bench'),
  };
  atomicWriteFile(join(out, 'metrics.json'), JSON.stringify({ ...metrics, runs }, null, 2) + '\n');
  return { metrics, runs };
}

/** VLN-CE episodes in the project's schema; a scene is opened here only when d0 must be measured (RxR-CE files give none). */
async function instructionEpisodes(episodes: readonly VlnceEpisode[], src: DatasetSource, resolver: SceneResolver): Promise<InstructionEpisode[]> {
  const out: InstructionEpisode[] = [];
  let nav = null as { id: string; mesh: SceneNavMesh } | null;
  try {
    for (const ep of episodes) {
      const house = sceneHouseRef(ep.scene, src.scenesDir);
      if (ep.geodesicDistance === null && nav?.id !== ep.scene) {
        nav?.mesh.destroy();
        nav = null;
        nav = { id: ep.scene, mesh: await SceneNavMesh.build(await resolver(ep.scene, src.scenesDir)) };
      }
      const mesh = nav?.mesh;
      out.push(instructionEpisodeOf(ep, house, (a, b) => (mesh ? mesh.geodesic(a, b) : Infinity)));
    }
  } finally {
    nav?.mesh.destroy();
  }
  return out;
}

export type VlnceRunOptions = Omit<VlnRunOptions, 'sceneOf'> & { out: string };

/** `loaded`: the split's episodes from `loadDatasetEpisodes` (loaded here when absent). */
export async function runVlnceDataset(src: DatasetSource, o: VlnceRunOptions, loaded?: VlnceEpisode[]): Promise<{ run: VlnRun; files: Awaited<ReturnType<typeof writeRunOutputs>> }> {
  if (src.benchmark === 'goat-bench') throw new Error('runVlnceDataset runs r2r-ce, rxr-ce or ir2r-ce episodes; GOAT-Bench runs through runGoatBenchDataset');
  const benchmark = src.benchmark === 'ir2r-ce' ? 'r2r-ce' : src.benchmark;
  const raw = loaded ?? (await episodesOf<VlnceEpisode>(src, benchmark));
  const resolver = src.resolver ?? defaultSceneResolver;
  const episodes = await instructionEpisodes(raw, src, resolver);
  const sceneOfId = new Map(raw.map((e) => [e.id, e.scene]));
  let open = null as { id: string; scene: Scene } | null;
  const sceneOf = async (ep: InstructionEpisode): Promise<Scene> => {
    const id = sceneOfId.get(ep.id)!;
    if (open?.id !== id) open = { id, scene: await resolver(id, src.scenesDir) };
    return open.scene;
  };
  // one position per action, as VLN-CE logs them for nDTW and path length
  const run = await runVln(episodes, { ...o, sceneOf, dtw: o.dtw ?? 'exact', trajectory: 'action' });
  const files = await writeRunOutputs(o.out, run);
  const metrics = { ...run.metrics, benchmark: src.benchmark, split: src.split, dtw: o.dtw ?? 'exact', settings: settingsOf(src.benchmark) };
  atomicWriteFile(files.metrics, JSON.stringify(metrics, null, 2) + '\n');
  return { run, files };
}
