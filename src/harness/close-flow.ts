/**
 * The close flow (paper 001 §3.4): four stop views, the one-time missing-handover prompt, the pre-stop check
 * on the first checked request (veto only on a definite contradicting verdict), certification with
 * verdict reuse when the step count is unchanged. It acts on the task's session and records verdicts,
 * and returns its outcome and the trace entries of its decisions for the orchestrator to apply.
 */
import type { BodyFrame } from '../body/index.js';
import type { StoredVerdict } from '../memory/index.js';
import { addUsage, text } from '../models/index.js';
import type { View } from '../navigator/index.js';
import { handoverMissingPrompt, prestopEvidenceReturn } from '../prompts/index.js';
import { encodePng, rgbPng } from '../image/node.js';
import { stepsLeft, remaining } from '../tools/index.js';
import { certificationPlan, prestopCheckDue, withholdsStop } from './closure-rules.js';
import type { OrchestratorDeps } from './orchestrator-deps.js';
import { policyTraits } from './policy-traits.js';
import { selectS12 } from './frame-selector.js';
import type { JudgeEvidence } from './judge.js';
import type { Session } from './session.js';
import type { TaskState, TraceEntry, UsageByRole } from './task-state.js';

/** turns the one-time missing-handover prompt may take */
export const HANDOVER_PROMPT_TURNS = 3;

export interface ClosedOutcome {
  claim: { claim: 'complete' | 'incomplete'; evidence: string } | null;
  reason: string;
  verdict: StoredVerdict | null;
  /** the stop views taken at the close that ended the task (PNG), kept for the run report */
  stopPngs?: Uint8Array[];
}

/**
 * STOP issued with the task's outcome, or STOP withheld: the close request is dropped and `evidence`
 * (the check's contrary finding) goes back to the same session.
 */
export type CloseDecision = { kind: 'stop'; outcome: ClosedOutcome } | { kind: 'withheld'; evidence: string };

export type CloseResult = CloseDecision & { events: TraceEntry[] };

type FlowDeps = Pick<OrchestratorDeps, 'navigator' | 'journal' | 'config' | 'judge' | 'tasksInRun'>;

const png = (f: { width: number; height: number; rgb: Uint8Array }): Uint8Array => rgbPng(f);

/**
 * The stop views the judge receives: the four of the turn in place, or under the single-view
 * intervention only the forward one (the turn's last view, at the heading the body stopped with).
 * The earlier-frame slots stay those of four stop views, so that only the stop evidence changes.
 */
export function judgeStopViews<T>(stopViews: readonly T[], count: 1 | 4 = 4): T[] {
  return count === 1 ? stopViews.slice(-1) : stopViews.slice();
}

export async function judgeEvidence(deps: FlowDeps, t: TaskState, stopViews: BodyFrame[], earlierViews: readonly View[]): Promise<JudgeEvidence> {
  const nav = deps.navigator;
  const four = selectS12(
    stopViews,
    earlierViews.map((v, i) => ({ v, i })),
  );
  const sel = { stop: judgeStopViews(four.stop, deps.config.judgeStopViews ?? 4), earlier: four.earlier };
  const floor = nav.floor;
  return {
    goal: t.spec.goal,
    stopViews: sel.stop,
    stopPngs: sel.stop.map(png),
    earlier: sel.earlier.map(({ v, i }) => ({ png: png(v), index: i + 1 })),
    mapPng: floor === null || nav.map.floors().length === 0 ? null : encodePng(nav.render({ floor })),
    record: {
      taskPosition: t.spec.index,
      tasksInRun: deps.tasksInRun,
      stepsUsed: t.ctx.budget.used,
      stepBudget: t.ctx.budget.limit,
      frameCount: nav.frames,
      markerNames: nav.places.names(),
    },
  };
}

export async function check(
  deps: FlowDeps,
  t: TaskState,
  which: 'prestop' | 'final',
  stopViews: BodyFrame[],
  earlier: readonly View[],
  usage: UsageByRole,
): Promise<StoredVerdict> {
  const ev = await judgeEvidence(deps, t, stopViews, earlier);
  const r = await deps.judge.check(ev);
  usage.judge = addUsage(usage.judge, r.usage);
  const v: StoredVerdict = { ...r.verdict, check: which, steps_at_check: t.ctx.budget.used };
  deps.journal.writeVerdict(t.id, v);
  return v;
}

/** paper 001 §3.4, for the pending close request of the task. */
export async function closeFlow(deps: FlowDeps, t: TaskState, session: Session, usage: UsageByRole): Promise<CloseResult> {
  const { config: cfg, journal, navigator: nav } = deps;
  const events: TraceEntry[] = [];
  const req = t.ctx.closeRequest!;
  events.push({ kind: 'close-request', claim: req.claim, steps: req.stepsUsed });
  const earlier = nav.archive.all().slice();
  const stopViews = await nav.turnInPlace(6);
  if (policyTraits(cfg.policy).memoryFiles && !journal.hasHandover(t.id) && !t.handoverPrompted) {
    t.handoverPrompted = true;
    events.push({ kind: 'handover-prompt' });
    session.say(text(handoverMissingPrompt(journal.handoverPath(t.id), cfg.handover)));
    // the close request stays pending (motion is refused meanwhile); this hop does not use the check.
    // Its turns are the task's (seed 000: the turn budget spans all the task's hops), so a claim made
    // with the last turn gets no turn to write the handover.
    await session.hop(t.ctx, { maxTurns: HANDOVER_PROMPT_TURNS, budget: t.turns, whileClosePending: true });
  }
  const claim = { claim: req.claim, evidence: req.evidence };
  let prestop: StoredVerdict | null = null;
  if (prestopCheckDue(cfg.prestopVerification, t.checkedRequests)) {
    t.checkedRequests++;
    prestop = await check(deps, t, 'prestop', stopViews, earlier, usage);
    t.prestop = prestop;
    // With no step or turn left the session could not act on returned evidence: the claim stands.
    const canAct = stepsLeft(t.ctx) > 0 && remaining(t.turns) > 0 && !t.ctx.terminated;
    const withheld = withholdsStop(req.claim, prestop.verdict) && canAct;
    events.push({ kind: 'prestop', verdict: prestop.verdict, withheld, steps: t.ctx.budget.used });
    if (withheld)
      return { kind: 'withheld', evidence: prestopEvidenceReturn(req.claim, prestop.verdict as 'complete' | 'incomplete', prestop.evidence), events };
  }
  const plan = certificationPlan(cfg.certification, t.prestop, t.ctx.budget.used);
  let verdict: StoredVerdict | null = null;
  if (plan.kind === 'reuse') {
    verdict = plan.verdict;
    if (verdict.check !== 'final') journal.writeVerdict(t.id, { ...verdict, check: 'final' });
  } else if (plan.kind === 'fresh') verdict = await check(deps, t, 'final', stopViews, earlier, usage);
  events.push({ kind: 'certification', plan: plan.kind, verdict: verdict?.verdict ?? null });
  return { kind: 'stop', outcome: { claim, reason: `closed by the session (claim: ${req.claim})`, verdict, stopPngs: stopViews.map(png) }, events };
}
