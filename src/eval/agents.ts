/**
 * Which models play the roles of a run, from the `--agent` spec: the acting model, the judge, the
 * wake-up and the consolidation session. `scripted` is fully offline: the navigation agent
 * (src/baselines/navigation-agent/: ground-truth perception; with `imageGoals: 'encoder'` the
 * first-wave agent of src/baselines/frontier-agent/ matches image goals by the view encoder instead),
 * the ground-truth-perception judge, the view-encoder matcher
 * wake-up (states its ranking) and the record consolidator — baselines, not vision models. A replay
 * script (`--script`) replaces the navigation agent with recorded responses.
 */
import { createModel, ScriptedModel, type Model } from '../models/index.js';
import { ImageGoalMatcher, NavigationAgent, ScriptedNavigationAgent, type NavigationOracle, GroundTruthJudge, offlineConsolidator } from '../baselines/index.js';
import { ModelJudge, type Judge, EncoderPlaceMatcher, MatcherWakeUp, ModelWakeUp, type WakeUp } from '../harness/index.js';
import { ViewEncoder } from '../perception/index.js';

export interface Roles {
  actor: Model;
  judge: Judge;
  wakeUp: WakeUp;
  consolidator: Model;
  offline: boolean;
  /** releases the view encoder */
  close(): Promise<void>;
}

export interface RoleOptions {
  agent: string;
  script?: string;
  judge: 'auto' | 'model' | 'ground-truth';
  oracle: NavigationOracle;
  /** the scripted agent's image goals: instance ids (default) or the view encoder */
  imageGoals?: 'ground-truth' | 'encoder';
  /** wraps a provider model (rate-limit permits); offline agents make no model calls and are not wrapped */
  wrapModel?: (m: Model) => Model;
  /** one provider call's overall deadline, ms (`--request-timeout`); the models' default when absent */
  requestTimeoutMs?: number;
}

export async function createRoles(o: RoleOptions): Promise<Roles> {
  const offline = o.agent === 'scripted' || o.agent === 'mock';
  const encoder = await ViewEncoder.create();
  const matcher = new EncoderPlaceMatcher(encoder);
  let actor: Model;
  if (o.agent === 'scripted') actor = o.script ? ScriptedModel.fromFile(o.script) : o.imageGoals === 'encoder' ? new ScriptedNavigationAgent(o.oracle, { imageGoals: new ImageGoalMatcher(encoder) }) : new NavigationAgent(o.oracle);
  else {
    const model = createModel(o.agent, o.requestTimeoutMs === undefined ? {} : { timeoutMs: o.requestTimeoutMs });
    actor = o.wrapModel ? o.wrapModel(model) : model;
  }
  const gtJudge = new GroundTruthJudge(() => o.oracle.goalInstanceIds());
  const judgeKind = o.judge === 'auto' ? (offline ? 'ground-truth' : 'model') : o.judge;
  if (judgeKind === 'model' && offline) throw new Error(`--judge model needs a model agent (openai:MODEL or anthropic:MODEL); '${o.agent}' is offline`);
  return {
    actor,
    judge: judgeKind === 'ground-truth' ? gtJudge : new ModelJudge(actor),
    wakeUp: offline ? new MatcherWakeUp(matcher) : new ModelWakeUp(actor, matcher),
    consolidator: offline ? offlineConsolidator() : actor,
    offline,
    close: () => encoder.close(),
  };
}
