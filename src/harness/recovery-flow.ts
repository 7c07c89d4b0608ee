/**
 * The recovery flow (paper 001 §3.3): signals since the last checkpoint, the controller's rules, the
 * outgoing session's file-only note hop, four views and a wake-up brief above attempt scope. It
 * returns the decision, the new checkpoint and its trace entries; the orchestrator applies them
 * (the place graph for floor and house scopes, and a fresh conversation for the new attempt, opened
 * with `attemptOpening`).
 */
import type { BodyFrame } from '../body/index.js';
import { type Journal, loadPlaceGraph, type Scope } from '../memory/index.js';
import { addUsage, image, text, type UserMessage } from '../models/index.js';
import { recoveryNoteHop, recoveryOpening, recoveryOpeningFacts, type RecoveryOpeningInput } from '../prompts/index.js';
import { rgbPng } from '../image/node.js';
import { remaining, stepsLeft } from '../tools/index.js';
import type { HarnessConfig } from './config.js';
import { attachedFile, fileTools } from './policies.js';
import type { OrchestratorDeps } from './orchestrator-deps.js';
import { checkpointOf, exploredArea, markerEvents } from './progress.js';
import { decideRecovery, rank, type RecoverySignals } from './recovery-rules.js';
import type { Session } from './session.js';
import type { Checkpoint, TaskState, TraceEntry, UsageByRole } from './task-state.js';

const png = (f: { width: number; height: number; rgb: Uint8Array }): Uint8Array => rgbPng(f);

type FlowDeps = Pick<OrchestratorDeps, 'navigator' | 'journal' | 'config' | 'wakeUp'>;

/** An approved recovery: what the new attempt's opening is made of. */
export interface NewAttempt {
  scope: Scope;
  notePath: string | null;
  brief: string | null;
  /** the four surrounding views above attempt scope */
  views: BodyFrame[];
}

/**
 * Recovery not started: `message` goes back to the current session, and a fallback's turn count
 * restarts (it re-arms only after another T_f turns); or an approved recovery's new attempt.
 */
export type RecoveryStep = { kind: 'continue'; message: string; rearmFallback: boolean } | { kind: 'new-attempt'; attempt: NewAttempt };

export type RecoveryResult = RecoveryStep & {
  /** the checkpoint taken when the decision was made (ΔA and ΔE restart from it) */
  checkpoint: Checkpoint;
  events: TraceEntry[];
};

export function signals(deps: Pick<OrchestratorDeps, 'navigator' | 'journal'>, t: TaskState): RecoverySignals {
  const nav = deps.navigator;
  const floors = nav.map.floors().length;
  return {
    attemptTurns: t.attemptTurns,
    newArea: Math.max(0, exploredArea(nav) - t.checkpoint.area),
    newFrames: t.framesSinceCheckpoint,
    newMarkers: Math.max(0, markerEvents(nav) - t.checkpoint.markers),
    trackingLost: nav.status === 'lost',
    // the navigator reports a floor mismatch when a new floor layer opened since the checkpoint
    // or the height has not settled on any registered floor while tracking is ok
    floorMismatch: floors > t.checkpoint.floors || (nav.status === 'ok' && nav.floor === null && floors > 0),
    previousScope: t.previousScope,
    recoveriesUsed: t.recoveries,
  };
}

/** paper 001 §3.3, for the pending recovery request (or the fallback) of the task. */
export async function recoveryFlow(deps: FlowDeps, t: TaskState, session: Session, fallback: boolean, usage: UsageByRole): Promise<RecoveryResult> {
  const { config: cfg, journal, navigator: nav } = deps;
  const req = t.ctx.recoveryRequest;
  const proposal = { scope: (req?.scope ?? 'attempt') as Scope, fallback, confidence: req?.confidence ?? null };
  const sig = signals(deps, t);
  const decision = decideRecovery(proposal, sig, cfg.recovery);
  const checkpoint = checkpointOf(nav);
  t.ctx.recoveryRequest = null;
  const trace = { kind: 'recovery' as const, proposal: proposal.scope, fallback, confidence: proposal.confidence, signals: sig, decision };
  if (decision.kind === 'continue') {
    const message = `Recovery was not started: ${decision.reason}. Continue the current attempt.`;
    return { kind: 'continue', message, rearmFallback: fallback, checkpoint, events: [{ ...trace, note: null, brief: null }] };
  }
  const notePath = await noteHop(deps, t, session);
  let brief: string | null = null;
  let views: BodyFrame[] = [];
  if (rank(decision.scope) > rank('attempt')) {
    views = await nav.turnInPlace(6);
    const pg = loadPlaceGraph(journal.workspace);
    const roomOf = (p: { name: string }) => pg.places.find((g) => g.name === p.name)?.room ?? p.name;
    const w = await deps.wakeUp.brief(decision.scope, views, nav.places.list(), roomOf);
    usage.wakeup = addUsage(usage.wakeup, w.usage);
    brief = w.brief;
  }
  return { kind: 'new-attempt', attempt: { scope: decision.scope, notePath, brief, views }, checkpoint, events: [{ ...trace, note: notePath, brief }] };
}

/** The outgoing session's final hop: file tools only, to write its recovery note. Returns the note's path when written. */
async function noteHop(deps: FlowDeps, t: TaskState, session: Session): Promise<string | null> {
  if (!t.ctx.files) return null;
  const { config: cfg, journal } = deps;
  const form = cfg.recoveryNote ?? 'structured';
  const notePath = journal.nextRecoveryNotePath(t.id, form);
  t.recoveryNotes.push(notePath);
  const saved = { tools: session.tools, files: t.ctx.files };
  session.tools = fileTools(cfg);
  t.ctx.files = journal.workspace.access({ kind: 'actor', handover: journal.handoverPath(t.id), recoveryNote: notePath });
  session.say(text(recoveryNoteHop(notePath, form)));
  // the note's turns are the task's: the turn budget spans all its hops and attempts (seed 000, 001)
  await session.hop(t.ctx, { maxTurns: cfg.recovery.noteHopTurns, budget: t.turns });
  session.tools = saved.tools;
  t.ctx.files = saved.files;
  return journal.workspace.exists(notePath) ? notePath : null;
}

/** The opening of the new attempt's conversation; `placeGraph` is the rendered graph for floor and house scopes. */
export function attemptOpening(
  journal: Journal,
  t: TaskState,
  a: NewAttempt,
  placeGraph: string | null,
  cfg: Pick<HarnessConfig, 'recoveryNote' | 'retrieval'> = {},
): UserMessage {
  const input: RecoveryOpeningInput = {
    scope: a.scope,
    goal: t.spec.goal.text,
    notePath: a.notePath,
    noteForm: cfg.recoveryNote ?? 'structured',
    // fixed retrieval attaches the note instead of naming it for reading
    noteText: cfg.retrieval === 'fixed' && a.notePath ? (attachedFile(journal, a.notePath)?.text ?? null) : null,
    locationBrief: a.brief,
    placeGraph,
    handoverPath: journal.handoverPath(t.id),
    remainingSteps: stepsLeft(t.ctx),
    remainingTurns: remaining(t.turns),
  };
  const content = [text(recoveryOpening(input)), ...a.views.flatMap((v, i) => [text(`surrounding view ${i + 1} of 4`), image(png(v))])];
  return { role: 'user', content, facts: recoveryOpeningFacts(input) };
}
