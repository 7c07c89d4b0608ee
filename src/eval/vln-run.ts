/**
 * Runs instruction episodes in one configuration and aggregates the VLN-CE metrics and the token
 * accounting. The evaluator (true trajectory, navmesh distances) is only used here, after the agents
 * have acted.
 */
import { type Model, tokenSourceOf } from '../models/index.js';
import { type InstructionEpisode, openEpisodeWorld, type EpisodeWorld } from '../world/index.js';
import { type CameraConfig, type DtwMethod, type Scene, type SceneNavMesh, scoreVlnEpisode, type VlnScores } from '../sim/index.js';
import {
  summariseTokens,
  type DecisionRecord,
  type TokenSummary,
  runNavHarnessEpisode,
  type LoopOptions,
  type LoopResult,
  type VlnConfig,
  runNativeEpisode,
} from '../vln/index.js';
import { GroundTruthPerception, ScriptedVlnAgents } from '../baselines/index.js';
import { episodePaths, type EpisodePaths, pathMapPng } from './vln-paths.js';

/** 'scripted' builds the ground-truth-perception agents for each episode's world. */
export type AgentSource = { kind: 'scripted' } | { kind: 'model'; model: Model };

export interface RunOptions extends LoopOptions {
  config: VlnConfig;
  agent: AgentSource;
  onEpisode?: (done: number, total: number) => void;
  /**
   * opens an episode's scene (benchmark scenes through a scene resolver), with the benchmark's navmesh
   * when the caller holds one (lent to the episode's world; the caller destroys it); default: load `ep.house`
   */
  sceneOf?: (ep: InstructionEpisode) => Promise<{ scene: Scene; navmesh?: SceneNavMesh }>;
  /** the body's camera (a benchmark preset's); default the papers' setting */
  camera?: Partial<CameraConfig>;
  /** nDTW's DTW: 'exact' (default) or VLN-CE's default FastDTW ('fast') */
  dtw?: DtwMethod;
  /** the true trajectory's log: a point per forward sub-motion (default) or per forward action (VLN-CE's) */
  trajectory?: 'forward' | 'action';
}

export interface EpisodeOutcome {
  id: string;
  scores: VlnScores;
  stopped: boolean;
  endReason: LoopResult['endReason'];
  actions: number;
  goals: LoopResult['goals'];
  problems: number;
  /** the provider's refusal that ended the episode, when it ended as 'provider-error' */
  providerError?: string;
  tokens: TokenSummary;
  /** the agent's and the reference path, for the report's picture */
  paths: EpisodePaths;
  /** the navigator's map with both paths, relative to the output folder (absent when nothing was mapped) */
  map?: string;
}

export interface VlnMetrics {
  config: VlnConfig;
  agent: string;
  episodes: number;
  /** share of episodes the agent ended with STOP (the rest ran out of budget or decisions) */
  stop_rate: number;
  NE: number;
  OSR: number;
  SR: number;
  SPL: number;
  nDTW: number;
  sDTW: number;
  /** per-episode means (input includes cached) */
  input_tokens: number;
  cached_tokens: number;
  output_tokens: number;
  total_tokens: number;
  /** every model request per episode (internal agents included) */
  decisions_per_episode: number;
  /** external decisions per episode: requests to the Visuomotor or native agent (seed 003 App. D) */
  external_decisions_per_episode: number;
  images_per_decision: number;
  text_kchars_per_decision: number;
  actions_per_episode: number;
  goals_verified_per_episode: number;
  revisions_per_episode: number;
  token_counts: 'provider-reported' | 'estimated (scripted agents: 4 chars/token, 765 tokens/image, simulated prefix cache)';
}

export interface VlnRun {
  metrics: VlnMetrics;
  outcomes: EpisodeOutcome[];
  trace: DecisionRecord[];
  /** PNG of each outcome's `map`, by that relative path */
  maps: Map<string, Uint8Array>;
}

/** The output folder's path of episode `n`'s map (1-based): by position, since an episode id may hold any character. */
export const episodeMapPath = (n: number): string => `maps/episode-${String(n).padStart(4, '0')}.png`;

export async function runOne(ep: InstructionEpisode, world: EpisodeWorld, o: RunOptions): Promise<LoopResult> {
  const model = o.agent.kind === 'model' ? o.agent.model : new ScriptedVlnAgents(new GroundTruthPerception(world.scene, world.navigator));
  if (o.config === 'native') return runNativeEpisode(model, world.navigator, ep.id, ep.instruction, o);
  return runNavHarnessEpisode(model, world.navigator, ep.id, ep.instruction, o.config === 'goal', o);
}

export const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/**
 * Episode `n` (1-based) of a run played in `world` from trajectory point `from`: scored, its decisions
 * added to `trace`, its map picture to `maps`.
 */
export function episodeOutcome(
  ep: InstructionEpisode,
  world: EpisodeWorld,
  r: LoopResult,
  o: RunOptions,
  n: number,
  from: number,
  into: Pick<VlnRun, 'trace' | 'maps'>,
): EpisodeOutcome {
  const oracle = { geodesic: (a: readonly number[], b: readonly number[]) => world.navmesh.geodesic(a as any, b as any) };
  const walked = world.trajectory().slice(from);
  const scores = scoreVlnEpisode(ep, walked, r.stopped, oracle, o.dtw);
  into.trace.push(...r.ledger.decisions);
  const png = pathMapPng(world, ep, walked),
    map = png ? episodeMapPath(n) : undefined;
  if (png && map) into.maps.set(map, png);
  return {
    id: ep.id,
    scores,
    stopped: r.stopped,
    endReason: r.endReason,
    actions: r.actions,
    goals: r.goals,
    problems: r.problems.length,
    ...(r.endReason === 'provider-error' ? { providerError: r.problems[r.problems.length - 1] } : {}),
    tokens: summariseTokens(r.ledger.decisions),
    paths: episodePaths(ep, walked),
    ...(map ? { map } : {}),
  };
}

export async function runVln(episodes: readonly InstructionEpisode[], o: RunOptions): Promise<VlnRun> {
  const outcomes: EpisodeOutcome[] = [];
  const trace: DecisionRecord[] = [];
  const maps = new Map<string, Uint8Array>();
  for (const ep of episodes) {
    const opened = o.sceneOf ? await o.sceneOf(ep) : undefined;
    const world = await openEpisodeWorld(ep, opened?.scene, o.trajectory, { navmesh: opened?.navmesh, camera: o.camera });
    try {
      const r = await runOne(ep, world, o);
      outcomes.push(episodeOutcome(ep, world, r, o, outcomes.length + 1, 0, { trace, maps }));
    } finally {
      world.dispose();
    }
    o.onEpisode?.(outcomes.length, episodes.length);
  }
  return { metrics: vlnMetrics(outcomes, trace, o), outcomes, trace, maps };
}

/** The configuration's means over the episodes' scores and tokens. */
export function vlnMetrics(outcomes: readonly EpisodeOutcome[], trace: readonly DecisionRecord[], o: RunOptions): VlnMetrics {
  const all = summariseTokens(trace);
  const m = (f: (e: EpisodeOutcome) => number) => mean(outcomes.map(f));
  return {
    config: o.config,
    agent: o.agent.kind === 'model' ? o.agent.model.id : 'scripted',
    episodes: outcomes.length,
    stop_rate: m((e) => (e.stopped ? 1 : 0)),
    NE: m((e) => e.scores.ne),
    OSR: m((e) => e.scores.osr),
    SR: m((e) => e.scores.sr),
    SPL: m((e) => e.scores.spl),
    nDTW: m((e) => e.scores.ndtw),
    sDTW: m((e) => e.scores.sdtw),
    input_tokens: m((e) => e.tokens.inputTokens),
    cached_tokens: m((e) => e.tokens.cachedTokens),
    output_tokens: m((e) => e.tokens.outputTokens),
    total_tokens: m((e) => e.tokens.totalTokens),
    decisions_per_episode: m((e) => e.tokens.decisions),
    external_decisions_per_episode: m((e) => e.tokens.externalDecisions),
    images_per_decision: all.imagesPerDecision,
    text_kchars_per_decision: all.textKCharsPerDecision,
    actions_per_episode: m((e) => e.actions),
    goals_verified_per_episode: m((e) => e.goals.verified),
    revisions_per_episode: m((e) => e.goals.revisions),
    // only a provider's own counts are 'provider-reported'; the mock and scripted models estimate theirs
    token_counts:
      o.agent.kind === 'model' && tokenSourceOf(o.agent.model) === 'provider'
        ? 'provider-reported'
        : 'estimated (scripted agents: 4 chars/token, 765 tokens/image, simulated prefix cache)',
  };
}
