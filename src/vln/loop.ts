/**
 * The instruction-following loops of the three configurations (SPEC §12):
 *  - 'off'  : Goal, Visuomotor and Verify agents; raw history is never compressed;
 *  - 'goal' : the same, and at each VERIFIED goal completion the Memory Agent replaces the completed
 *             goal's raw records with a summary (plus the completion view as retained evidence);
 *  - 'native': one tool-calling agent with its own growing conversation (see native.ts).
 * Every model request is one external decision in the ledger. The loop never shows an agent the
 * evaluator's data (reference path, goal position, distances, success).
 */
import type { Model } from '../models/types.js';
import { framePng } from '../tools/describe.js';
import { createToolContext, stepsLeft, type ToolContext } from '../tools/context.js';
import { callTool } from '../tools/registry.js';
import { textOf } from '../models/types.js';
import { DecisionLedger } from './accounting.js';
import { askGoalAgent, askMemoryAgent, askVerifyAgent, askVisuomotorAgent, type AgentCaller } from './agents.js';
import { createContext, DEFAULT_IMAGE_POLICY, type ImagePolicy, type InteractionRecord, type VlnContext } from './context.js';
import { routeAfterVerification, DEFAULT_MAX_INTERACTIONS_PER_GOAL, type Route } from './routing.js';
import { VLN_TOOLS } from './stop-tool.js';
import type { Navigator } from '../navigator/navigator.js';

export const VLN_CONFIGS = ['native', 'off', 'goal'] as const;
export type VlnConfig = (typeof VLN_CONFIGS)[number];

export interface LoopOptions {
  /** coarse-action budget of the episode */
  budget: number;
  /** external decisions after which the episode is cut off (a runaway guard) */
  maxDecisions: number;
  policy?: ImagePolicy;
  maxInteractionsPerGoal?: number;
  maxOutputTokens?: number;
}

export interface LoopResult {
  stopped: boolean;
  endReason: 'stop' | 'budget' | 'decisions';
  actions: number;
  ledger: DecisionLedger;
  goals: { set: number; verified: number; revisions: number; compressions: number };
  routes: Route[];
  problems: string[];
  /** the final context (NavHarness configurations) for inspection */
  context: VlnContext | null;
}

export async function runNavHarnessEpisode(
  model: Model,
  navigator: Navigator,
  episodeId: string,
  instruction: string,
  compression: boolean,
  o: LoopOptions,
): Promise<LoopResult> {
  const ledger = new DecisionLedger(episodeId);
  const caller: AgentCaller = { model, ledger, policy: o.policy ?? DEFAULT_IMAGE_POLICY, maxOutputTokens: o.maxOutputTokens };
  const tools: ToolContext = createToolContext(navigator, null, o.budget);
  const first = navigator.lastView ?? (await navigator.observe());
  const ctx = createContext(instruction, o.budget, framePng(first));
  const res: LoopResult = { stopped: false, endReason: 'decisions', actions: 0, ledger, goals: { set: 0, verified: 0, revisions: 0, compressions: 0 }, routes: [], problems: [], context: ctx };
  /** index of the first raw record of the active goal's segment (what compression replaces) */
  let segmentStart = 0;

  const setGoal = async (revision: string | null) => {
    const g = await askGoalAgent(caller, ctx, revision);
    if (g.problem) res.problems.push(g.problem);
    const revisions = revision && ctx.active ? ctx.active.revisions + 1 : 0;
    ctx.active = { goal: g.reply.goal, question: g.reply.question, final: g.reply.final, revisions, interactions: 0 };
    res.goals.set++;
    if (revision) res.goals.revisions++;
  };

  await setGoal(null);
  let idle = 0;
  while (ledger.decisions.length < o.maxDecisions) {
    if (stepsLeft(tools) === 0 || tools.terminated) {
      res.endReason = 'budget';
      break;
    }
    const choice = await askVisuomotorAgent(caller, ctx);
    if (choice.kind === 'stop') {
      res.stopped = true;
      res.endReason = 'stop';
      break;
    }
    if (choice.kind === 'none') {
      // No action chosen: the turn is spent; repeated silence ends the episode without STOP.
      res.problems.push(`visuomotor agent chose no action: ${choice.text.slice(0, 120)}`);
      if (++idle >= 3) break;
      continue;
    }
    idle = 0;
    const out = await callTool(VLN_TOOLS, 'step', choice.call.arguments, tools);
    ctx.actionsUsed = tools.budget.used;
    const img = out.content.find((p) => p.type === 'image');
    if (img && img.type === 'image') ctx.current = img.png;
    const rec: InteractionRecord = {
      actionIndex: tools.budget.used,
      goal: ctx.active!.goal,
      execution: (out.isError ? 'The step was refused: ' : '') + textOf(out.content),
      verification: null,
      route: null,
      frame: ctx.current,
    };
    ctx.records.push(rec);
    ctx.active!.interactions++;
    if (out.isError) {
      res.problems.push(rec.execution.slice(0, 160));
      continue;
    }

    const v = await askVerifyAgent(caller, ctx, rec);
    if (v.problem) res.problems.push(v.problem);
    rec.verification = { status: v.reply.status, evidence: v.reply.evidence, nextStep: v.reply.next_step };
    const route = routeAfterVerification(v.reply, ctx.active!.interactions, o.maxInteractionsPerGoal ?? DEFAULT_MAX_INTERACTIONS_PER_GOAL);
    rec.route = route;
    res.routes.push(route);
    if (route === 'continue') continue;
    if (route === 'revise') {
      ctx.goalLog.push(`"${ctx.active!.goal}": revised after ${ctx.active!.interactions} interactions (${v.reply.status}: ${v.reply.evidence})`);
      await setGoal(`${v.reply.evidence} ${v.reply.next_step}`);
      continue;
    }
    // advance: verified completion
    res.goals.verified++;
    ctx.goalLog.push(`"${ctx.active!.goal}": verified complete after action ${rec.actionIndex}${ctx.active!.final ? ' (final goal)' : ''}`);
    if (compression) {
      const segment = ctx.records.slice(segmentStart);
      const summary = await askMemoryAgent(caller, ctx, segment);
      ctx.memory.summary = summary || ctx.memory.summary;
      ctx.memory.evidence.push({ actionIndex: rec.actionIndex, png: rec.frame, note: `view when "${rec.goal}" was verified complete` });
      ctx.records.splice(segmentStart);
      ctx.goalLog.length = 0; // the summary now carries the goal outcomes
      res.goals.compressions++;
    }
    segmentStart = ctx.records.length;
    if (ctx.active!.final) {
      ctx.finalVerified = true;
      continue; // the Visuomotor Agent decides to STOP with the verified endpoint in its context
    }
    await setGoal(null);
  }
  res.actions = tools.budget.used;
  return res;
}
