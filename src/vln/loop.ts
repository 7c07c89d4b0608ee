/**
 * The instruction-following loops of the three configurations (paper 003 §3):
 *  - 'off'  : Goal, Visuomotor and Verify agents; raw history is never compressed. The loop follows the
 *             Visuomotor Agent's calls: step, request_verification (the Verify Agent answers; a
 *             verified completion advances), request_corrective_goal (the Goal Agent revises), stop;
 *  - 'goal' : the same, and at each VERIFIED goal completion the Memory Agent replaces the completed
 *             goal's raw records with a summary (plus the completion view as retained evidence);
 *  - 'native': one tool-calling agent with its own growing conversation (see native.ts).
 * Every model request is one external decision in the ledger. The loop never shows an agent the
 * evaluator's data (reference path, goal position, distances, success).
 */
import { type Model, type ToolCall, textOf } from '../models/index.js';
import { framePng, createToolContext, stepsLeft, type ToolContext, callTool } from '../tools/index.js';
import { DecisionLedger } from './accounting.js';
import { askGoalAgent, askMemoryAgent, askVerifyAgent, askVisuomotorAgent, type AgentCaller } from './agents.js';
import { createContext, DEFAULT_IMAGE_POLICY, type ImagePolicy, type InteractionRecord, type VlnContext } from './context.js';
import { routeAfterVerification, type Route } from './routing.js';
import { requestCorrectiveGoalTool, VISUOMOTOR_TOOLS } from './stop-tool.js';
import type { Navigator } from '../navigator/index.js';
import { VLN_CONFIGS, type VlnConfig } from './choices.js';

export { VLN_CONFIGS, type VlnConfig };

export interface LoopOptions {
  /** coarse-action budget of the episode */
  budget: number;
  /** external decisions after which the episode is cut off (a runaway guard) */
  maxDecisions: number;
  policy?: ImagePolicy;
  maxOutputTokens?: number;
}

export interface LoopResult {
  stopped: boolean;
  /** 'provider-error': the native agent's provider refused a request (its own context limit, or a failure) */
  endReason: 'stop' | 'budget' | 'decisions' | 'provider-error';
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

  /** One Visuomotor decision, and each of its calls in the order it made them: 'end' stops the episode. */
  async decide(): Promise<'next' | 'end'> {
    const { ctx, res, tools } = this;
    if (stepsLeft(tools) === 0 || tools.terminated) {
      res.endReason = 'budget';
      return 'end';
    }
    const choice = await askVisuomotorAgent(this.caller, ctx);
    ctx.notice = null;
    if (choice.calls.length === 0) {
      // No call: the decision is spent; repeated silence ends the episode without STOP.
      res.problems.push(`visuomotor agent made no call: ${choice.text.slice(0, 120)}`);
      return ++this.idle >= 3 ? 'end' : 'next';
    }
    this.idle = 0;
    for (const call of choice.calls) {
      if (call.name === 'stop') {
        res.stopped = true;
        res.endReason = 'stop';
        return 'end';
      }
      if (call.name === 'step') await this.step(call);
      else if (call.name === 'request_verification') await this.verify();
      else if (call.name === 'request_corrective_goal') await this.correct(call);
      else this.refuse(`There is no tool named '${call.name.slice(0, 60)}'; the tools are ${VISUOMOTOR_TOOLS.map((t) => t.name).join(', ')}.`);
    }
    return 'next';
  }

  private refuse(message: string): void {
    this.ctx.notice = [this.ctx.notice, message].filter(Boolean).join(' ');
    this.res.problems.push(message.slice(0, 160));
  }

  private async step(call: ToolCall): Promise<void> {
    const { ctx, tools } = this;
    const out = await callTool(VISUOMOTOR_TOOLS, 'step', call.arguments, tools);
    ctx.actionsUsed = tools.budget.used;
    const img = out.content.find((p) => p.type === 'image');
    if (img && img.type === 'image') ctx.current = img.png;
    const rec: InteractionRecord = {
      actionIndex: tools.budget.used,
      goal: ctx.active!.goal,
      execution: (out.isError ? 'The step was refused: ' : '') + textOf(out.content),
      ...(out.facts?.step && { step: out.facts.step }),
      verification: null,
      route: null,
      frame: ctx.current,
    };
    ctx.records.push(rec);
    ctx.active!.interactions++;
    if (out.isError) this.res.problems.push(rec.execution.slice(0, 160));
  }

  /** The Verify Agent on the latest record (the Visuomotor Agent asked), then advance or continue. */
  private async verify(): Promise<void> {
    const { ctx, res } = this;
    const rec = ctx.records[ctx.records.length - 1];
    if (!rec || rec.verification || ctx.records.length <= this.segmentStart) {
      this.refuse('Verification was requested with nothing executed toward the active goal since its last verification: step first.');
      return;
    }
    const v = await askVerifyAgent(this.caller, ctx, rec);
    if (v.problem) res.problems.push(v.problem);
    rec.verification = { status: v.reply.status, evidence: v.reply.evidence, nextStep: v.reply.next_step };
    const route = routeAfterVerification(v.reply);
    rec.route = route;
    res.routes.push(route);
    if (route === 'advance') await this.advance(rec);
  }

  /** The Visuomotor Agent's request for a corrective goal: the Goal Agent revises; raw history is kept. */
  private async correct(call: ToolCall): Promise<void> {
    const { ctx, res } = this;
    const args = requestCorrectiveGoalTool.schema.safeParse(call.arguments);
    if (!args.success) {
      this.refuse('request_corrective_goal needs {"reason": "<why the active goal no longer fits the scene>"} (1 to 2000 characters).');
      return;
    }
    const last = ctx.records[ctx.records.length - 1];
    const onGoal = last && ctx.records.length > this.segmentStart ? last : null;
    if (onGoal) onGoal.route = 'revise';
    res.routes.push('revise');
    ctx.goalLog.push(`"${ctx.active!.goal}": revised after ${ctx.active!.interactions} interactions at the Visuomotor Agent's request (${args.data.reason})`);
    const feedback = onGoal?.verification
      ? ` Latest verification: ${onGoal.verification.status}. ${onGoal.verification.evidence} ${onGoal.verification.nextStep}`
      : '';
    await this.setGoal(`${args.data.reason}${feedback}`);
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
  const res: LoopResult = {
    stopped: false,
    endReason: 'decisions',
    actions: 0,
    ledger,
    goals: { set: 0, verified: 0, revisions: 0, compressions: 0 },
    routes: [],
    problems: [],
    context: ctx,
  };
  const episode = new AdaptiveGoalEpisode(caller, ctx, tools, res, compression);
  await episode.setGoal(null);
  while (ledger.decisions.length < o.maxDecisions) {
    if ((await episode.decide()) === 'end') break;
  }
  res.actions = tools.budget.used;
  return res;
}
