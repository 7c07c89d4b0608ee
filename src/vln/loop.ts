/**
 * The instruction-following loops of the three configurations (SPEC §12):
 *  - 'off'  : Goal, Visuomotor and Verify agents; raw history is never compressed;
 *  - 'goal' : the same, and at each VERIFIED goal completion the Memory Agent replaces the completed
 *             goal's raw records with a summary (plus the completion view as retained evidence);
 *  - 'native': one tool-calling agent with its own growing conversation (see native.ts).
 * Every model request is one external decision in the ledger. The loop never shows an agent the
 * evaluator's data (reference path, goal position, distances, success).
 */
import { type Model, textOf } from '../models/index.js';
import { framePng, createToolContext, stepsLeft, type ToolContext, callTool } from '../tools/index.js';
import { DecisionLedger } from './accounting.js';
import { askGoalAgent, askMemoryAgent, askVerifyAgent, askVisuomotorAgent, type AgentCaller } from './agents.js';
import { createContext, DEFAULT_IMAGE_POLICY, type ImagePolicy, type InteractionRecord, type VlnContext } from './context.js';
import { routeAfterVerification, DEFAULT_MAX_INTERACTIONS_PER_GOAL, type Route } from './routing.js';
import { VLN_TOOLS } from './stop-tool.js';
import type { Navigator } from '../navigator/index.js';

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

/** One episode of the adaptive-goal loop: its context, tools, result and the active goal's segment. */
class AdaptiveGoalEpisode {
  /** index of the first raw record of the active goal's segment (what compression replaces) */
  private segmentStart = 0;
  private idle = 0;

  constructor(
    private readonly caller: AgentCaller,
    private readonly ctx: VlnContext,
    private readonly tools: ToolContext,
    readonly res: LoopResult,
    private readonly compression: boolean,
    private readonly o: LoopOptions,
  ) {}

  async setGoal(revision: string | null): Promise<void> {
    const { ctx, res } = this;
    const g = await askGoalAgent(this.caller, ctx, revision);
    if (g.problem) res.problems.push(g.problem);
    const revisions = revision && ctx.active ? ctx.active.revisions + 1 : 0;
    ctx.active = { goal: g.reply.goal, question: g.reply.question, final: g.reply.final, revisions, interactions: 0 };
    res.goals.set++;
    if (revision) res.goals.revisions++;
  }

  /** One Visuomotor decision and its step: the record to verify, 'next' to decide again, 'end' to stop the episode. */
  async act(): Promise<InteractionRecord | 'next' | 'end'> {
    const { ctx, res, tools } = this;
    if (stepsLeft(tools) === 0 || tools.terminated) {
      res.endReason = 'budget';
      return 'end';
    }
    const choice = await askVisuomotorAgent(this.caller, ctx);
    if (choice.kind === 'stop') {
      res.stopped = true;
      res.endReason = 'stop';
      return 'end';
    }
    if (choice.kind === 'none') {
      // No action chosen: the turn is spent; repeated silence ends the episode without STOP.
      res.problems.push(`visuomotor agent chose no action: ${choice.text.slice(0, 120)}`);
      return ++this.idle >= 3 ? 'end' : 'next';
    }
    this.idle = 0;
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
    if (!out.isError) return rec;
    res.problems.push(rec.execution.slice(0, 160));
    return 'next';
  }

  /** The Verify Agent on a record, then the route it leads to: continue, revise or advance. */
  async verify(rec: InteractionRecord): Promise<void> {
    const { ctx, res } = this;
    const v = await askVerifyAgent(this.caller, ctx, rec);
    if (v.problem) res.problems.push(v.problem);
    rec.verification = { status: v.reply.status, evidence: v.reply.evidence, nextStep: v.reply.next_step };
    const route = routeAfterVerification(v.reply, ctx.active!.interactions, this.o.maxInteractionsPerGoal ?? DEFAULT_MAX_INTERACTIONS_PER_GOAL);
    rec.route = route;
    res.routes.push(route);
    if (route === 'continue') return;
    if (route === 'revise') {
      ctx.goalLog.push(`"${ctx.active!.goal}": revised after ${ctx.active!.interactions} interactions (${v.reply.status}: ${v.reply.evidence})`);
      await this.setGoal(`${v.reply.evidence} ${v.reply.next_step}`);
      return;
    }
    await this.advance(rec);
  }

  /** Verified completion: compress the finished segment (when on), then the next goal unless this was the final one. */
  private async advance(rec: InteractionRecord): Promise<void> {
    const { ctx, res } = this;
    res.goals.verified++;
    ctx.goalLog.push(`"${ctx.active!.goal}": verified complete after action ${rec.actionIndex}${ctx.active!.final ? ' (final goal)' : ''}`);
    if (this.compression) {
      const segment = ctx.records.slice(this.segmentStart);
      const summary = await askMemoryAgent(this.caller, ctx, segment);
      ctx.memory.summary = summary || ctx.memory.summary;
      ctx.memory.evidence.push({ actionIndex: rec.actionIndex, png: rec.frame, note: `view when "${rec.goal}" was verified complete` });
      ctx.records.splice(this.segmentStart);
      ctx.goalLog.length = 0; // the summary now carries the goal outcomes
      res.goals.compressions++;
    }
    this.segmentStart = ctx.records.length;
    if (ctx.active!.final) {
      ctx.finalVerified = true; // the Visuomotor Agent decides to STOP with the verified endpoint in its context
      return;
    }
    await this.setGoal(null);
  }
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
  const tools: ToolContext = createToolContext(navigator, null, o.budget, null, { poseInResults: false });
  const first = navigator.lastView ?? (await navigator.observe());
  const ctx = createContext(instruction, o.budget, framePng(first));
  const res: LoopResult = { stopped: false, endReason: 'decisions', actions: 0, ledger, goals: { set: 0, verified: 0, revisions: 0, compressions: 0 }, routes: [], problems: [], context: ctx };
  const episode = new AdaptiveGoalEpisode(caller, ctx, tools, res, compression, o);
  await episode.setGoal(null);
  while (ledger.decisions.length < o.maxDecisions) {
    const rec = await episode.act();
    if (rec === 'end') break;
    if (rec !== 'next') await episode.verify(rec);
  }
  res.actions = tools.budget.used;
  return res;
}
