/**
 * The recovery flow (SPEC §10): signals since the last checkpoint, the controller's rules, the
 * outgoing session's file-only note hop, four views and a wake-up brief above attempt scope, the place
 * graph for floor and house scopes, and a fresh conversation for the new attempt.
 */
import type { BodyFrame } from '../body/body.js';
import { loadPlaceGraph, renderPlaceGraph } from '../memory/place-graph.js';
import type { Scope } from '../memory/schemas.js';
import { addUsage, image, text } from '../models/types.js';
import { recoveryNoteHop, recoveryOpening } from '../prompts/actor.js';
import { rgbPng } from '../image/png.js';
import { stepsLeft } from '../tools/context.js';
import { FILE_TOOLS } from '../tools/registry.js';
import type { FlowEnv } from './flow-env.js';
import { decideRecovery, rank, type RecoverySignals } from './recovery-rules.js';
import type { Session } from './session.js';
import type { TaskState, UsageByRole } from './task-state.js';
import { turnsLeft } from './turns.js';

const png = (f: { width: number; height: number; rgb: Uint8Array }): Uint8Array => rgbPng(f);

export function signals(env: FlowEnv, t: TaskState): RecoverySignals {
  const nav = env.deps.navigator;
  const floors = nav.map.floors().length;
  return {
    attemptTurns: t.attemptTurns,
    newArea: Math.max(0, env.exploredArea() - t.checkpoint.area),
    newFrames: t.framesSinceCheckpoint,
    newMarkers: Math.max(0, env.markerEvents() - t.checkpoint.markers),
    trackingLost: nav.status === 'lost',
    // the navigator reports a floor mismatch when a new floor layer opened since the checkpoint
    // or the height has not settled on any registered floor while tracking is ok
    floorMismatch: floors > t.checkpoint.floors || (nav.status === 'ok' && nav.floor === null && floors > 0),
    firstVisit: env.deps.journal.closedTaskIds().length === 0,
    previousScope: t.previousScope,
    recoveriesUsed: t.recoveries,
  };
}

/** SPEC §10. Returns the new acting session after an approved recovery, or null to continue. */
export async function recoveryFlow(env: FlowEnv, t: TaskState, session: Session, fallback: boolean, usage: UsageByRole): Promise<Session | null> {
  const { config: cfg, journal, navigator: nav } = env.deps;
  const req = t.ctx.recoveryRequest;
  const proposal = { scope: (req?.scope ?? 'attempt') as Scope, fallback, confidence: req?.confidence ?? null };
  const sig = signals(env, t);
  const decision = decideRecovery(proposal, sig, cfg.recovery);
  env.resetCheckpoint(t);
  t.ctx.recoveryRequest = null;
  if (decision.kind === 'continue') {
    env.trace(t, { kind: 'recovery', proposal: proposal.scope, fallback, confidence: proposal.confidence, signals: sig, decision, note: null, brief: null });
    if (fallback) t.attemptTurns = 0; // the fallback re-arms only after another T_f turns
    session.say(text(`Recovery was not started: ${decision.reason}. Continue the current attempt.`));
    return null;
  }
  // The outgoing session's final hop: file tools only, to write its recovery note.
  let notePath: string | null = null;
  if (t.ctx.files) {
    notePath = journal.nextRecoveryNotePath(t.id);
    t.recoveryNotes.push(notePath);
    const saved = { tools: session.tools, files: t.ctx.files };
    session.tools = FILE_TOOLS;
    t.ctx.files = journal.workspace.access(env.actorRole(t, notePath));
    session.say(text(recoveryNoteHop(notePath)));
    await session.hop(t.ctx, { maxTurns: cfg.recovery.noteHopTurns, budget: null });
    session.tools = saved.tools;
    t.ctx.files = saved.files;
    if (!journal.workspace.exists(notePath)) notePath = null;
  }
  let brief: string | null = null;
  let graph: string | null = null;
  let views: BodyFrame[] = [];
  if (rank(decision.scope) > rank('attempt')) {
    views = await nav.turnInPlace(6);
    const pg = loadPlaceGraph(journal.workspace);
    const roomOf = (p: { name: string }) => pg.places.find((g) => g.name === p.name)?.room ?? p.name;
    const w = await env.deps.wakeUp.brief(decision.scope, views, nav.places.list(), roomOf);
    usage.wakeup = addUsage(usage.wakeup, w.usage);
    brief = w.brief;
    if (decision.scope === 'floor' || decision.scope === 'house') {
      env.registerPlaces();
      graph = renderPlaceGraph(loadPlaceGraph(journal.workspace));
    }
  }
  env.trace(t, { kind: 'recovery', proposal: proposal.scope, fallback, confidence: proposal.confidence, signals: sig, decision, note: notePath, brief });
  t.recoveries++;
  t.previousScope = decision.scope;
  t.attempt++;
  t.attemptTurns = 0;
  const next = env.newSession(`${t.id}/attempt-${t.attempt}`);
  const opening = recoveryOpening({
    scope: decision.scope,
    goal: t.spec.goal.text,
    notePath,
    locationBrief: brief,
    placeGraph: graph,
    handoverPath: journal.handoverPath(t.id),
    remainingSteps: stepsLeft(t.ctx),
    remainingTurns: turnsLeft(t.turns),
  });
  next.say(text(opening), ...views.flatMap((v, i) => [text(`surrounding view ${i + 1} of 4`), image(png(v))]));
  return next;
}
