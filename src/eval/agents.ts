/**
 * Which models play the roles of a run, from the `--agent` spec: the acting model, the judge, the
 * wake-up and the consolidation session. `scripted` is fully offline: the navigation agent
 * (src/models/scripted-agent.ts: ground-truth perception; with `imageGoals: 'encoder'` image goals
 * are matched by the view encoder instead), the ground-truth-perception judge, the view-encoder matcher
 * wake-up (states its ranking) and the record consolidator — baselines, not vision models. A replay
 * script (`--script`) replaces the navigation agent with recorded responses.
 */
import { createModel, ScriptedModel } from '../models/index.js';
import { ImageGoalMatcher } from '../models/image-goal-matcher.js';
import { ScriptedNavigationAgent, type NavigationOracle } from '../models/scripted-agent.js';
import type { Model } from '../models/types.js';
import { NavigationAgent } from '../baselines/navigation-agent/agent.js';
import { GroundTruthJudge } from '../harness/ground-truth-judge.js';
import { ModelJudge, type Judge } from '../harness/judge.js';
import { offlineConsolidator } from '../harness/offline-consolidator.js';
import { EncoderPlaceMatcher } from '../harness/place-matcher.js';
import { ViewEncoder } from '../perception/encoder.js';
import { MatcherWakeUp, ModelWakeUp, type WakeUp } from '../harness/wakeup.js';

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
}

export async function createRoles(o: RoleOptions): Promise<Roles> {
  const offline = o.agent === 'scripted' || o.agent === 'mock';
  const encoder = await ViewEncoder.create();
  const matcher = new EncoderPlaceMatcher(encoder);
  let actor: Model;
  if (o.agent === 'scripted') actor = o.script ? ScriptedModel.fromFile(o.script) : o.imageGoals === 'encoder' ? new ScriptedNavigationAgent(o.oracle, { imageGoals: new ImageGoalMatcher(encoder) }) : new NavigationAgent(o.oracle);
  else actor = createModel(o.agent);
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
