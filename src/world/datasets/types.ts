/**
 * Benchmark episodes as the loaders hand them out: already in the project's world frame (positions
 * in metres, headings in radians, see habitat-frame.ts), ids as strings, scene paths normalised.
 */
import type { Vec3 } from '../../geometry/index.js';

export const BENCHMARKS = ['goat-bench', 'r2r-ce', 'rxr-ce', 'ir2r-ce'] as const;
export type Benchmark = (typeof BENCHMARKS)[number];

export interface StartPose {
  /** floor point */
  position: Vec3;
  /** heading about +y, radians (0 looks along −z) */
  yaw: number;
}

export interface VlnceInstruction {
  text: string;
  /** vocabulary indices (R2R-CE, zero-padded) or sub-word tokens (RxR-CE), as the file gives them */
  tokens: readonly (number | string)[] | null;
  /** RxR-CE: en-US, en-IN, hi-IN, te-IN */
  language: string | null;
  /** RxR-CE: the file's annotation role */
  role: 'guide' | 'follower' | null;
  instructionId: string | null;
  annotatorId: string | null;
  editDistance: number | null;
  /** RxR-CE word timings, items like {word, start_time, end_time} */
  timed: readonly Record<string, string | number | null>[] | null;
}

export interface VlnceEpisode {
  benchmark: 'r2r-ce' | 'rxr-ce';
  id: string;
  trajectoryId: string | null;
  tourId: string | null;
  /** the scene path relative to the scenes folder (habitat's `data/scene_datasets/` prefix removed) */
  scene: string;
  start: StartPose;
  goals: Vec3[];
  instruction: VlnceInstruction;
  /** the sparse nav-graph path of the file */
  referencePath: Vec3[] | null;
  /** `info.geodesic_distance` when the file gives it */
  geodesicDistance: number | null;
  /** the `_gt` file's dense reference (nDTW's reference), null when that file has no entry */
  gt: { locations: Vec3[]; actions: number[] } | null;
}

export interface VlnceSplit {
  benchmark: 'r2r-ce' | 'rxr-ce';
  split: string;
  /** episode files read */
  files: string[];
  /** `_gt` files read, and the ones expected but absent */
  gtFiles: string[];
  gtFilesMissing: string[];
  /** R2R-CE `instruction_vocab.word_list` */
  vocabulary: string[] | null;
  episodes: VlnceEpisode[];
}

export interface GoatImageGoal {
  /** the camera's world position (not a floor point) */
  position: Vec3;
  yaw: number;
  pitch: number;
  hfovDeg: number;
  width: number;
  height: number;
}

export interface GoatBenchGoal {
  objectId: string;
  category: string;
  /** the object's centroid */
  position: Vec3;
  /** floor points around the object; success and SPL distances are to the nearest of them */
  viewPoints: Vec3[];
  description: string | null;
  images: GoatImageGoal[];
}

export type GoatBenchSubtask =
  | { kind: 'object'; category: string; /** every instance of the category and of its child categories */ targets: GoatBenchGoal[] }
  | { kind: 'description'; category: string; text: string; targets: [GoatBenchGoal] }
  | { kind: 'image'; category: string; image: GoatImageGoal; imageIndex: number; targets: [GoatBenchGoal] };

export interface GoatBenchEpisode {
  /** the episode's index in its file, as GOAT-Bench's loader numbers them */
  id: string;
  scene: string;
  start: StartPose;
  subtasks: GoatBenchSubtask[];
  /** description subtasks over 55 words, dropped as GOAT-Bench's loader drops them */
  droppedDescriptions: number;
  file: string;
}

export interface GoatBenchSplit {
  benchmark: 'goat-bench';
  split: string;
  files: string[];
  episodes: GoatBenchEpisode[];
}

/** IR2R-CE: ordered tours of R2R-CE episodes in one scene. */
export interface Ir2rTour {
  id: string;
  scene: string;
  episodes: VlnceEpisode[];
  /** episode ids the tours file names that the split does not hold */
  missingEpisodes: string[];
}

/** Habitat's `scene_id` relative to the scenes folder: `data/scene_datasets/` and `./` removed, `//` collapsed. */
export function normaliseScenePath(sceneId: string): string {
  return sceneId
    .replace(/\\/g, '/')
    .replace(/\/{2,}/g, '/')
    .replace(/^(\.\/)+/, '')
    .replace(/^data\/scene_datasets\//, '');
}
