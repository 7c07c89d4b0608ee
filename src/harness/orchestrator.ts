/**
 * The orchestrator: runs one task at a time in hops of the session loop and decides at every hop
 * boundary what happens next — close (with pre-stop verification and certification), an
 * environment-ended task, the budgets, recovery (through the controller's rules), or resuming the
 * same conversation. It owns the ledger, verdicts and records (through the Journal), never a score.
 */
import type { BodyFrame } from '../body/body.js';
import { encodePng } from '../mapping/png.js';
import type { Journal } from '../memory/journal.js';
import { taskId as taskIdOf } from '../memory/layout.js';
import { deriveStatus } from '../memory/ledger.js';
import { loadPlaceGraph, registerPlace, renderPlaceGraph, savePlaceGraph } from '../memory/place-graph.js';
import type { Scope, StoredVerdict, TaskRecord } from '../memory/schemas.js';
import type { Model } from '../models/types.js';
import { addUsage, image, text } from '../models/types.js';
import type { Navigator } from '../navigator/navigator.js';
import type { View } from '../navigator/view-bank.js';
import { ACTOR_SYSTEM_BRIEF, handoverMissingPrompt, prestopEvidenceReturn, recoveryNoteHop, recoveryOpening } from '../prompts/actor.js';
import { rgbPng } from '../sim/frame-png.js';
import { createToolContext, stepsLeft } from '../tools/context.js';
import { FILE_TOOLS } from '../tools/registry.js';
import type { HarnessConfig } from './config.js';
import { boundaryAction, certificationPlan, prestopCheckDue, withholdsStop } from './closure-rules.js';
import { Compactor } from './compaction.js';
import { selectS12 } from './frame-selector.js';
import type { Judge, JudgeEvidence } from './judge.js';
import { actorTools, openingContent } from './policies.js';
import { decideRecovery, rank, type RecoverySignals } from './recovery-rules.js';
import { Session, type SessionEvent } from './session.js';
import { zeroUsageByRole, type TaskSpec, type TaskState, type TraceEntry, type UsageByRole } from './task-state.js';
import { turnsLeft } from './turns.js';
import type { WakeUp } from './wakeup.js';

export interface OrchestratorDeps {
  navigator: Navigator;
  journal: Journal;
  config: HarnessConfig;
  actor: Model;
  judge: Judge;
  wakeUp: WakeUp;
  tasksInRun: number;
  /** why the environment ended the task, when it did */
  terminationReason?: () => string | null;
  onEvent?: (e: HarnessEvent) => void;
}

export type HarnessEvent = SessionEvent | { kind: 'task-start'; task: string } | { kind: 'task-closed'; task: string; status: string } | { kind: 'trace'; task: string; entry: TraceEntry };

export interface TaskOutcome {
  record: TaskRecord;
  usage: UsageByRole;
  trace: TraceEntry[];
  /** map of the task's floor at closure (PNG) */
  mapPng: Uint8Array | null;
}

/** turns the one-time missing-handover prompt may take */
export const HANDOVER_PROMPT_TURNS = 3;
const png = (f: { width: number; height: number; rgb: Uint8Array }): Uint8Array => rgbPng(f);
const RESUME_NUDGE = 'Continue the task. When you have reached the goal or decide to give up, write your handover (if you were given a path) and call close_task.';
const RESUME_NUDGE_NO_FILES = 'Continue the task. When you have reached the goal or decide to give up, call close_task.';

export class Orchestrator {
  private single: Session | null = null;
  private compactor: Compactor | null = null;
  private previousTaskId: string | null = null;
  private placeMoves = new Map<string, number>();

  constructor(readonly deps: OrchestratorDeps) {
    if (deps.config.policy === 'single') this.compactor = new Compactor(deps.config.contextWindow, deps.config.compactAt, deps.actor);
    for (const p of deps.navigator.places.list()) this.placeMoves.set(p.name.toLowerCase(), p.moves);
  }

  /** Continues after earlier tasks (resume): the next opening names this task's handover. */
  setPreviousTask(id: string | null): void {
    this.previousTaskId = id;
  }

  private emit(e: HarnessEvent): void {
    this.deps.onEvent?.(e);
  }

  private trace(t: TaskState, entry: TraceEntry): void {
    t.trace.push(entry);
    this.emit({ kind: 'trace', task: t.id, entry });
  }

  private actorRole(t: TaskState, recoveryNote?: string) {
    const handover = this.deps.journal.handoverPath(t.id);
    return { kind: 'actor' as const, handover, ...(recoveryNote ? { recoveryNote } : {}) };
  }

  private newSession(name: string): Session {
    return new Session(name, this.deps.actor, ACTOR_SYSTEM_BRIEF, actorTools(this.deps.config), (e) => this.emit(e));
  }

  private exploredArea(): number {
    const nav = this.deps.navigator;
    return nav.map.floors().reduce((s, f) => s + nav.map.exploredArea(f.id), 0);
  }

  private resetCheckpoint(t: TaskState): void {
    t.checkpoint = { area: this.exploredArea(), markers: this.markerEvents(), floors: this.deps.navigator.map.floors().length };
    t.framesSinceCheckpoint = 0;
  }

  /** markers created or moved so far (ΔE counts new observations of places too) */
  private markerEvents(): number {
    return this.deps.navigator.places.list().reduce((s, p) => s + 1 + p.moves, 0);
  }

  async runTask(spec: TaskSpec, relocationViews: BodyFrame[] | null = null): Promise<TaskOutcome> {
    const { config: cfg, journal, navigator: nav } = this.deps;
    const id = taskIdOf(spec.index);
    this.emit({ kind: 'task-start', task: id });
    nav.archive.clear();
    const files = cfg.policy === 'navharness' ? journal.workspace.access({ kind: 'actor', handover: journal.handoverPath(id) }) : null;
    const t: TaskState = {
      spec,
      id,
      ctx: createToolContext(nav, spec.goal, cfg.stepBudget, files),
      turns: { limit: cfg.turnBudget, used: 0 },
      checkedRequests: 0,
      prestop: null,
      handoverPrompted: false,
      attempt: 1,
      attemptTurns: 0,
      recoveries: 0,
      previousScope: null,
      recoveryNotes: [],
      checkpoint: { area: 0, markers: 0, floors: 0 },
      framesSinceCheckpoint: 0,
      trace: [],
    };
    this.resetCheckpoint(t);
    const usage = zeroUsageByRole();
    const markersBefore = new Map(nav.places.list().map((p) => [p.name.toLowerCase(), p.moves]));

    const continuing = cfg.policy === 'single' && this.single !== null;
    let session = continuing ? (this.single as Session) : this.newSession(`${id}/attempt-1`);
    const actorUsageStart = { ...session.usage };
    const opening = openingContent(cfg, journal, {
      taskNumber: spec.index,
      goal: spec.goal,
      previousTaskId: this.previousTaskId,
      handoverPath: journal.handoverPath(id),
      stepBudget: cfg.stepBudget,
      turnBudget: cfg.turnBudget,
      relocationViews: relocationViews ? relocationViews.map(png) : null,
    }, continuing);
    session.say(...opening);
    const actorSessions: { s: Session; from: typeof actorUsageStart }[] = [{ s: session, from: actorUsageStart }];

    let outcome: { claim: { claim: 'complete' | 'incomplete'; evidence: string } | null; reason: string; verdict: StoredVerdict | null } | null = null;
    while (!outcome) {
      const hop = await session.hop(t.ctx, { maxTurns: cfg.hopTurns, budget: t.turns, beforeTurn: this.compactor?.beforeTurn });
      t.attemptTurns += hop.turns;
      t.framesSinceCheckpoint += hop.framesSeen;
      this.trace(t, { kind: 'hop', attempt: t.attempt, end: hop.end, turns: hop.turns, steps: t.ctx.budget.used });
      const fallbackDue = cfg.recovery.fallbackTurns !== null && t.attemptTurns >= cfg.recovery.fallbackTurns;
      const action = boundaryAction({
        closePending: t.ctx.closeRequest !== null,
        recoveryPending: t.ctx.recoveryRequest !== null,
        terminated: t.ctx.terminated,
        stepsLeft: stepsLeft(t.ctx),
        turnsLeft: turnsLeft(t.turns),
        fallbackDue,
      });
      switch (action) {
        case 'close': {
          const r = await this.closeFlow(t, session, usage);
          if (r) outcome = r;
          break;
        }
        case 'environment-ended':
          outcome = { claim: null, reason: this.deps.terminationReason?.() ?? 'the environment ended the task', verdict: null };
          break;
        case 'steps-exhausted':
          outcome = { claim: null, reason: 'step budget exhausted', verdict: null };
          break;
        case 'turns-exhausted':
          outcome = { claim: null, reason: 'model-turn budget exhausted', verdict: null };
          break;
        case 'recovery': {
          const next = await this.recoveryFlow(t, session, fallbackDue && t.ctx.recoveryRequest === null, usage);
          if (next) {
            session = next;
            actorSessions.push({ s: next, from: { ...next.usage } });
            if (cfg.policy === 'single') this.single = next;
          }
          break;
        }
        case 'resume':
          if (hop.end === 'yield') session.say(text(files ? RESUME_NUDGE : RESUME_NUDGE_NO_FILES));
          this.resetCheckpointIfDue(t);
          break;
      }
    }
    if (outcome.claim === null) this.trace(t, { kind: 'stop', reason: outcome.reason });
    if (cfg.policy === 'single') this.single = session;
    for (const { s, from } of actorSessions) {
      usage.actor = addUsage(usage.actor, { uncachedInput: s.usage.uncachedInput - from.uncachedInput, cachedInput: s.usage.cachedInput - from.cachedInput, output: s.usage.output - from.output });
    }
    if (this.compactor) {
      usage.compaction = addUsage(usage.compaction, this.compactor.usage);
      this.compactor.usage = { uncachedInput: 0, cachedInput: 0, output: 0 };
    }

    const markers = nav.places
      .list()
      .filter((p) => markersBefore.get(p.name.toLowerCase()) !== p.moves)
      .map((p) => p.name);
    this.registerPlaces();
    const status = deriveStatus({ claim: outcome.claim?.claim ?? null, certification: cfg.certification, verdict: outcome.verdict?.verdict ?? null });
    const record: TaskRecord = {
      task_id: id,
      index: spec.index,
      goal: { kind: spec.goal.kind, text: spec.goal.text },
      status,
      claim: outcome.claim,
      verdict: outcome.verdict,
      termination_reason: outcome.reason,
      searched_regions: [...new Set(outcome.verdict?.searched_places ?? [])].filter((s) => s.trim().length > 0),
      markers,
      steps: t.ctx.budget.used,
      step_budget: cfg.stepBudget,
      model_turns: t.turns.used,
      handover: journal.hasHandover(id) ? journal.handoverPath(id) : null,
      recovery_notes: t.recoveryNotes.filter((p) => journal.workspace.exists(p)),
    };
    const floor = nav.floor;
    const mapPng = floor === null || nav.map.floors().length === 0 ? null : encodePng(nav.render({ floor }));
    this.previousTaskId = id;
    return { record, usage, trace: t.trace, mapPng };
  }

  private resetCheckpointIfDue(t: TaskState): void {
    // ΔA and ΔE are measured since the previous checkpoint: every hop boundary is one
    this.resetCheckpoint(t);
  }

  /** Registers new and moved markers in the place graph (labels only; geometry stays in the map). */
  private registerPlaces(): void {
    const ws = this.deps.journal.workspace;
    let graph = loadPlaceGraph(ws);
    let changed = false;
    for (const p of this.deps.navigator.places.list()) {
      const key = p.name.toLowerCase();
      if (this.placeMoves.get(key) === p.moves && graph.places.some((g) => g.name === p.name)) continue;
      graph = registerPlace(graph, { name: p.name, floor: p.floor });
      this.placeMoves.set(key, p.moves);
      changed = true;
    }
    if (changed) savePlaceGraph(ws, graph);
  }

  private async judgeEvidence(t: TaskState, stopViews: BodyFrame[], earlierViews: readonly View[]): Promise<JudgeEvidence> {
    const nav = this.deps.navigator;
    const sel = selectS12(stopViews, earlierViews.map((v, i) => ({ v, i })));
    const floor = nav.floor;
    return {
      goal: t.spec.goal,
      stopViews: sel.stop,
      stopPngs: sel.stop.map(png),
      earlier: sel.earlier.map(({ v, i }) => ({ png: png(v), index: i + 1 })),
      mapPng: floor === null || nav.map.floors().length === 0 ? null : encodePng(nav.render({ floor })),
      record: {
        taskPosition: t.spec.index,
        tasksInRun: this.deps.tasksInRun,
        stepsUsed: t.ctx.budget.used,
        stepBudget: t.ctx.budget.limit,
        frameCount: nav.frames,
        markerNames: nav.places.names(),
      },
    };
  }

  private async check(t: TaskState, which: 'prestop' | 'final', stopViews: BodyFrame[], earlier: readonly View[], usage: UsageByRole): Promise<StoredVerdict> {
    const ev = await this.judgeEvidence(t, stopViews, earlier);
    const r = await this.deps.judge.check(ev);
    usage.judge = addUsage(usage.judge, r.usage);
    const v: StoredVerdict = { ...r.verdict, check: which, steps_at_check: t.ctx.budget.used };
    this.deps.journal.writeVerdict(t.id, v);
    return v;
  }

  /**
   * SPEC §9. Returns the task's outcome when STOP is issued, or null when STOP was withheld and the
   * evidence went back to the same session.
   */
  private async closeFlow(t: TaskState, session: Session, usage: UsageByRole) {
    const { config: cfg, journal, navigator: nav } = this.deps;
    const req = t.ctx.closeRequest!;
    this.trace(t, { kind: 'close-request', claim: req.claim, steps: req.stepsUsed });
    const earlier = nav.archive.all().slice();
    const stopViews = await nav.turnInPlace(6);
    if (cfg.policy === 'navharness' && !journal.hasHandover(t.id) && !t.handoverPrompted) {
      t.handoverPrompted = true;
      this.trace(t, { kind: 'handover-prompt' });
      session.say(text(handoverMissingPrompt(journal.handoverPath(t.id))));
      // the close request stays pending (motion is refused meanwhile); this hop does not use the check
      await session.hop(t.ctx, { maxTurns: HANDOVER_PROMPT_TURNS, budget: null, whileClosePending: true });
    }
    const claim = { claim: req.claim, evidence: req.evidence };
    let prestop: StoredVerdict | null = null;
    if (prestopCheckDue(cfg.prestopVerification, t.checkedRequests)) {
      t.checkedRequests++;
      prestop = await this.check(t, 'prestop', stopViews, earlier, usage);
      t.prestop = prestop;
      // With no step or turn left the session could not act on returned evidence: the claim stands.
      const canAct = stepsLeft(t.ctx) > 0 && turnsLeft(t.turns) > 0 && !t.ctx.terminated;
      const withheld = withholdsStop(req.claim, prestop.verdict) && canAct;
      this.trace(t, { kind: 'prestop', verdict: prestop.verdict, withheld, steps: t.ctx.budget.used });
      if (withheld) {
        t.ctx.closeRequest = null;
        session.say(text(prestopEvidenceReturn(req.claim, prestop.verdict as 'complete' | 'incomplete', prestop.evidence)));
        return null;
      }
    }
    const plan = certificationPlan(cfg.certification, t.prestop, t.ctx.budget.used);
    let verdict: StoredVerdict | null = null;
    if (plan.kind === 'reuse') {
      verdict = plan.verdict;
      if (verdict.check !== 'final') journal.writeVerdict(t.id, { ...verdict, check: 'final' });
    } else if (plan.kind === 'fresh') verdict = await this.check(t, 'final', stopViews, earlier, usage);
    this.trace(t, { kind: 'certification', plan: plan.kind, verdict: verdict?.verdict ?? null });
    return { claim, reason: `closed by the session (claim: ${req.claim})`, verdict };
  }

  private signals(t: TaskState): RecoverySignals {
    const nav = this.deps.navigator;
    const floors = nav.map.floors().length;
    return {
      attemptTurns: t.attemptTurns,
      newArea: Math.max(0, this.exploredArea() - t.checkpoint.area),
      newFrames: t.framesSinceCheckpoint,
      newMarkers: Math.max(0, this.markerEvents() - t.checkpoint.markers),
      trackingLost: nav.status === 'lost',
      // the navigator reports a floor mismatch when a new floor layer opened since the checkpoint
      // or the height has not settled on any registered floor while tracking is ok
      floorMismatch: floors > t.checkpoint.floors || (nav.status === 'ok' && nav.floor === null && floors > 0),
      firstVisit: this.deps.journal.closedTaskIds().length === 0,
      previousScope: t.previousScope,
      recoveriesUsed: t.recoveries,
    };
  }

  /** SPEC §10. Returns the new acting session after an approved recovery, or null to continue. */
  private async recoveryFlow(t: TaskState, session: Session, fallback: boolean, usage: UsageByRole): Promise<Session | null> {
    const { config: cfg, journal, navigator: nav } = this.deps;
    const req = t.ctx.recoveryRequest;
    const proposal = { scope: (req?.scope ?? 'attempt') as Scope, fallback, confidence: req?.confidence ?? null };
    const sig = this.signals(t);
    const decision = decideRecovery(proposal, sig, cfg.recovery);
    this.resetCheckpoint(t);
    t.ctx.recoveryRequest = null;
    if (decision.kind === 'continue') {
      this.trace(t, { kind: 'recovery', proposal: proposal.scope, fallback, confidence: proposal.confidence, signals: sig, decision, note: null, brief: null });
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
      t.ctx.files = journal.workspace.access(this.actorRole(t, notePath));
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
      const w = await this.deps.wakeUp.brief(decision.scope, views, nav.places.list(), roomOf);
      usage.wakeup = addUsage(usage.wakeup, w.usage);
      brief = w.brief;
      if (decision.scope === 'floor' || decision.scope === 'house') {
        this.registerPlaces();
        graph = renderPlaceGraph(loadPlaceGraph(journal.workspace));
      }
    }
    this.trace(t, { kind: 'recovery', proposal: proposal.scope, fallback, confidence: proposal.confidence, signals: sig, decision, note: notePath, brief });
    t.recoveries++;
    t.previousScope = decision.scope;
    t.attempt++;
    t.attemptTurns = 0;
    const next = this.newSession(`${t.id}/attempt-${t.attempt}`);
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
}
