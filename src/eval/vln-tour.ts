/**
 * IR2R-CE-style tours (seed 001's IR2R-CE row; IVLN-CE's tours): the instruction episodes of one
 * scene run one after another with one body and one navigator, so that the map and the places the
 * earlier instructions built are there for the later ones (memory across the tour), while every
 * instruction starts a fresh conversation (its own VLN loop: SPEC §12's agents, or the native
 * baseline). Between instructions the environment moves the body to the next start when it stopped
 * elsewhere, and the body turns once in place there to relocalise, as a GOAT task started elsewhere
 * does (`--task-starts episode`). Each instruction is scored with the VLN-CE metrics from its own
 * start; a tour succeeds when every instruction of it does.
 */
import { relocationViews } from '../harness/index.js';
import type { InstructionEpisode } from '../world/index.js';
import { openEpisodeWorld } from '../world/index.js';
import type { DecisionRecord } from '../vln/index.js';
import { episodeOutcome, type EpisodeOutcome, mean, type RunOptions, runOne, type VlnMetrics, vlnMetrics, type VlnRun } from './vln-run.js';

/** a start farther than this from where the body stopped moves it there (the GOAT relocation's threshold) */
const MOVE_BEYOND_M = 0.5;

export interface TourScores {
  tour: string;
  episodes: number;
  SR: number;
  SPL: number;
  NE: number;
  nDTW: number;
  /** every instruction of the tour reached */
  success: boolean;
}

export interface VlnTourMetrics extends VlnMetrics {
  /** per instruction the means above; per tour these */
  tours: { count: number; tour_success_rate: number; per_tour: TourScores[] };
}

export interface Tour {
  id: string;
  /** in tour order, all in one house or scene */
  episodes: InstructionEpisode[];
}

/** Tours of the episodes as given: one per house (or benchmark scene), in file order. */
export function toursByHouse(episodes: readonly InstructionEpisode[]): Tour[] {
  const by = new Map<string, InstructionEpisode[]>();
  for (const ep of episodes) {
    const key = JSON.stringify(ep.house);
    by.set(key, [...(by.get(key) ?? []), ep]);
  }
  return [...by.values()].map((eps) => ({ id: `tour-${eps[0].id}`, episodes: eps }));
}

async function runTour(
  tour: Tour,
  o: RunOptions,
  into: { outcomes: EpisodeOutcome[]; trace: DecisionRecord[]; maps: VlnRun['maps'] },
  total: number,
): Promise<TourScores> {
  const first = tour.episodes[0];
  const away = tour.episodes.find((ep) => JSON.stringify(ep.house) !== JSON.stringify(first.house));
  if (away) throw new Error(`tour ${tour.id}: episode ${away.id} is in another house than ${first.id}; a tour stays in one scene`);
  const opened = o.sceneOf ? await o.sceneOf(first) : undefined;
  const world = await openEpisodeWorld(first, opened?.scene, o.trajectory, { navmesh: opened?.navmesh, camera: o.camera });
  const mine: EpisodeOutcome[] = [];
  try {
    for (const [k, ep] of tour.episodes.entries()) {
      const at = world.sim.simPose.position,
        s = ep.start.position;
      if (k > 0 && (Math.hypot(at[0] - s[0], at[2] - s[2]) > MOVE_BEYOND_M || Math.abs(at[1] - s[1]) > 1)) {
        world.teleport(ep.start);
        await relocationViews(world.navigator);
      }
      const from = world.trajectory().length - 1;
      const r = await runOne(ep, world, o);
      const out = episodeOutcome(ep, world, r, o, into.outcomes.length + 1, from, into);
      into.outcomes.push(out);
      mine.push(out);
      o.onEpisode?.(into.outcomes.length, total);
    }
  } finally {
    world.dispose();
  }
  return tourScores(
    tour.id,
    mine.map((e) => e.scores),
  );
}

/** A tour's scores from its instructions' (a null NE, no route from the stop, is left out of the mean). */
export function tourScores(tour: string, scores: readonly { sr: number; spl: number; ne: number | null; ndtw: number }[]): TourScores {
  const m = (f: (s: (typeof scores)[number]) => number) => mean(scores.map(f));
  const ne = scores.map((s) => s.ne).filter((d): d is number => d !== null);
  return {
    tour,
    episodes: scores.length,
    SR: m((s) => s.sr),
    SPL: m((s) => s.spl),
    NE: ne.length ? mean(ne) : Number.NaN,
    nDTW: m((s) => s.ndtw),
    success: scores.every((s) => s.sr >= 1),
  };
}

/** Runs the tours in order; metrics hold the per-instruction means and the tours' scores. */
export async function runVlnTours(tours: readonly Tour[], o: RunOptions): Promise<VlnRun & { metrics: VlnTourMetrics }> {
  const into = { outcomes: [] as EpisodeOutcome[], trace: [] as DecisionRecord[], maps: new Map<string, Uint8Array>() };
  const per: TourScores[] = [];
  const total = tours.reduce((n, t) => n + t.episodes.length, 0);
  for (const t of tours) if (t.episodes.length) per.push(await runTour(t, o, into, total));
  const metrics = {
    ...vlnMetrics(into.outcomes, into.trace, o),
    tours: { count: per.length, tour_success_rate: mean(per.map((t) => (t.success ? 1 : 0))), per_tour: per },
  };
  return { metrics, ...into };
}
