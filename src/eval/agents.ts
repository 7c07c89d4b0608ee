/**
 * Which models play the roles of a run, from the `--agent` spec: the acting model, the judge, the
 * wake-up and the consolidation session. `scripted` is fully offline: the navigation agent
 * (src/baselines/navigation-agent/: ground-truth perception; with `imageGoals: 'encoder'` its goal
 * detector matches image goals by the view encoder instead),
 * the ground-truth-perception judge (for instruction tasks of a lifelong tour: the instruction actor of
 * src/baselines/vln/instruction-agent.ts and the instruction-end judge), the view-encoder matcher
 * wake-up (states its ranking) and the record consolidator — baselines, not vision models. A replay
 * script (`--script`) replaces the navigation agent with recorded responses.
 */
import { createModel, ScriptedModel, type Model } from '../models/index.js';
import {
  EncoderGoals,
  ImageGoalMatcher,
  InstructionEndJudge,
  NavigationAgent,
  ScriptedInstructionAgent,
  type NavigationOracle,
  GroundTruthJudge,
  GroundTruthPerception,
  offlineConsolidator,
} from '../baselines/index.js';
import {
  ModelJudge,
  type Judge,
  EncoderPlaceMatcher,
  type ExternalHops,
  isCommandAgent,
  type JudgeKind,
  MatcherWakeUp,
  ModelWakeUp,
  type WakeUp,
} from '../harness/index.js';
import { ViewEncoder } from '../perception/index.js';
import type { ImageGoalSource } from './run-choices.js';

export interface Roles {
  actor: Model;
  judge: Judge;
  wakeUp: WakeUp;
  consolidator: Model;
  offline: boolean;
  /** a command agent's hop runner (the acting sessions' backend); absent for model agents */
  hops?: ExternalHops;
  /** releases the view encoder */
  close(): Promise<void>;
}

export interface RoleOptions {
  agent: string;
  script?: string;
  judge: JudgeKind;
  oracle: NavigationOracle;
  /** the scripted agent's image goals: instance ids (default) or the view encoder */
  imageGoals?: ImageGoalSource;
  /** wraps a provider model (rate-limit permits); offline agents make no model calls and are not wrapped */
  wrapModel?: (m: Model) => Model;
  /** one provider call's overall deadline, ms (`--request-timeout`); the models' default when absent */
  requestTimeoutMs?: number;
  /** the backbone's settings for a provider model (reasoning effort, thinking budget) */
  modelOptions?: { reasoningEffort?: 'minimal' | 'low' | 'medium' | 'high'; thinkingBudget?: number };
  /** a command agent (`command:…`): the hop runner the command line built for it */
  commandAgent?: ExternalHops & { close(): Promise<void> };
  /**
   * instruction tasks (IR2R-CE tours through the harness): the offline actor follows instructions
   * with this perception, and the offline judge checks the stop against the instruction's end
   */
  instruction?: { perception: GroundTruthPerception; distanceToEnd: () => number | null; successM: () => number };
}

/**
 * The acting role of a command agent: the process runs whole hops (ExternalHops), so no single model
 * call is made through it; the judge, wake-up and consolidation are the offline ones.
 */
const commandActor = (): Model => ({
  id: 'command',
  tokenSource: 'estimate',
  complete: () => Promise.reject(new Error('a command agent runs whole hops in its own process and takes no single model calls')),
});

export async function createRoles(o: RoleOptions): Promise<Roles> {
  const command = isCommandAgent(o.agent);
  if (command && !o.commandAgent) throw new Error(`--agent ${o.agent.slice(0, 60)}: a command agent needs its hop runner (navharness run builds it)`);
  const offline = o.agent === 'scripted' || o.agent === 'mock' || command;
  const encoder = await ViewEncoder.create();
  const matcher = new EncoderPlaceMatcher(encoder);
  let actor: Model;
  if (o.agent === 'scripted' && o.instruction && !o.script) actor = new ScriptedInstructionAgent(o.instruction.perception);
  else if (o.agent === 'scripted')
    actor = o.script
      ? ScriptedModel.fromFile(o.script)
      : new NavigationAgent(o.oracle, o.imageGoals === 'encoder' ? new EncoderGoals(o.oracle, new ImageGoalMatcher(encoder)) : undefined);
  else if (command) actor = commandActor();
  else {
    const model = createModel(o.agent, { ...o.modelOptions, ...(o.requestTimeoutMs === undefined ? {} : { timeoutMs: o.requestTimeoutMs }) });
    actor = o.wrapModel ? o.wrapModel(model) : model;
  }
  const gtJudge = o.instruction
    ? new InstructionEndJudge(o.instruction.distanceToEnd, o.instruction.successM)
    : new GroundTruthJudge(() => o.oracle.goalInstanceIds());
  const judgeKind = o.judge === 'auto' ? (offline ? 'ground-truth' : 'model') : o.judge;
  if (judgeKind === 'model' && offline)
    throw new Error(`--judge model needs a model agent (openai:MODEL or anthropic:MODEL); '${o.agent}' is offline or a command agent`);
  return {
    actor,
    judge: judgeKind === 'ground-truth' ? gtJudge : new ModelJudge(actor),
    wakeUp: offline ? new MatcherWakeUp(matcher) : new ModelWakeUp(actor, matcher),
    consolidator: offline ? offlineConsolidator() : actor,
    offline,
    ...(command ? { hops: o.commandAgent } : {}),
    close: async () => {
      await o.commandAgent?.close();
      await encoder.close();
    },
  };
}
