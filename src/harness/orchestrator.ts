/**
 * The orchestrator: runs one task at a time in hops of the session loop and decides at every hop
 * boundary what happens next — close (with pre-stop verification and certification), an
 * environment-ended task, the budgets, recovery (through the controller's rules), or resuming the
 * same conversation. It owns the ledger, verdicts and records (through the Journal), never a score.
 */
import type { BodyFrame } from '../body/index.js';
import { taskId as taskIdOf, loadPlaceGraph, registerPlace, renderPlaceGraph, savePlaceGraph, type TaskRecord } from '../memory/index.js';
import { addUsage, text, type Usage } from '../models/index.js';
import { SAVED_MAP_ASIDE, trackingAtTaskStart } from '../prompts/index.js';
import { encodePng, rgbPng } from '../image/node.js';
import { remaining, createToolContext, stepsLeft } from '../tools/index.js';
import { closeFlow, type ClosedOutcome } from './close-flow.js';
import { boundaryAction, type BoundaryAction } from './closure-rules.js';
import { Compactor } from './compaction.js';
import { ModelCallError } from './model-call.js';
import type { HarnessEvent, OrchestratorDeps } from './orchestrator-deps.js';
import { actorTools, openingContent, recoveryOffered, systemBrief } from './policies.js';
import { checkpointOf } from './progress.js';
import { attemptOpening, recoveryFlow } from './recovery-flow.js';
import { Session, type SessionEvent } from './session.js';
import { policyTraits } from './policy-traits.js';
import { taskRecord } from './task-record.js';
import { newTaskState, zeroUsageByRole, type TaskSpec, type TaskState, type TraceEntry, type UsageByRole } from './task-state.js';

export type { HarnessEvent, OrchestratorDeps } from './orchestrator-deps.js';

export interface TaskOutcome {
  record: TaskRecord;
  usage: UsageByRole;
  trace: TraceEntry[];
  /** map of the task's floor at closure (PNG) */
  mapPng: Uint8Array | null;
  /** the map's other floors at closure (PNG), by their index in the map: a task that changed floors shows each */
  otherFloorPngs: { floor: number; png: Uint8Array }[];
  /** the stop views of the close that ended the task (PNG); empty when a budget or the environment ended it */
  stopPngs: Uint8Array[];
  /** the largest prompt of one acting-session call in the task (input tokens, cached included) */
  peakPromptTokens: number;
}

const png = (f: { width: number; height: number; rgb: Uint8Array }): Uint8Array => rgbPng(f);
const RESUME_NUDGE =
  'Continue the task. When you have reached the goal or decide to give up, write your handover (if you were given a path) and call close_task.';
const RESUME_NUDGE_NO_FILES = 'Continue the task. When you have reached the goal or decide to give up, call close_task.';

/** A task opened: its state, the acting session with the opening said, what to compare at the record. */
interface OpenTask {
  t: TaskState;
  session: Session;
  markersBefore: Map<string, number>;
  actorUsageStart: Usage;
}

interface HopLoopResult {
  outcome: ClosedOutcome;
  /** the acting session at the end (the last attempt's) */
  session: Session;
  usage: UsageByRole;
  /** sessions opened by recoveries, with their usage when opened */
  newSessions: { s: Session; from: Usage }[];
}

/** The outcome of a boundary at which the environment or a budget ends the task; null for the others. */
function limitOutcome(action: BoundaryAction, terminationReason: OrchestratorDeps['terminationReason']): ClosedOutcome | null {
  if (action === 'environment-ended') return { claim: null, reason: terminationReason?.() ?? 'the environment ended the task', verdict: null };
  if (action === 'steps-exhausted') return { claim: null, reason: 'step budget exhausted', verdict: null };
  if (action === 'turns-exhausted') return { claim: null, reason: 'model-turn budget exhausted', verdict: null };
  return null;
}

export class Orchestrator {
  private single: Session | null = null;
  private compactor: Compactor | null = null;
  private previousTaskId: string | null = null;
  private carriedHandover: string | null = null;
  private placeMoves = new Map<string, number>();
  /** the task being played (its acting calls' prompt sizes are noted) */
  private current: TaskState | null = null;

  constructor(readonly deps: OrchestratorDeps) {
    if (policyTraits(deps.config.policy).oneSession && !deps.hops)
      this.compactor = new Compactor(deps.config.contextWindow, deps.config.compactAt, deps.actor, deps.modelRetry);
    for (const p of deps.navigator.places.list()) this.placeMoves.set(p.name.toLowerCase(), p.moves);
  }

  /** Continues after earlier tasks (resume): the next opening names this task's handover. */
  setPreviousTask(id: string | null): void {
    this.previousTaskId = id;
  }

  /**
   * A run that continues a house memory: its first task reads the previous run's last handover
   * (a path under `house/`, in the archive) as the previous task's.
   */
  setCarriedHandover(path: string | null): void {
    this.carriedHandover = path;
  }

  private emit(e: HarnessEvent): void {
    this.deps.onEvent?.(e);
  }

  private trace(t: TaskState, entry: TraceEntry): void {
    t.trace.push(entry);
    this.emit({ kind: 'trace', task: t.id, entry });
  }

  private newSession(name: string): Session {
    const onEvent = (e: SessionEvent) => {
      if (e.kind === 'turn' && this.current)
        this.current.peakPromptTokens = Math.max(this.current.peakPromptTokens, e.usage.uncachedInput + e.usage.cachedInput);
      this.emit(e);
    };
    return new Session(name, this.deps.actor, systemBrief(this.deps.config), actorTools(this.deps.config), {
      onEvent,
      retry: this.deps.modelRetry,
      external: this.deps.hops,
    });
  }

  private resetCheckpoint(t: TaskState, checkpoint = checkpointOf(this.deps.navigator)): void {
    t.checkpoint = checkpoint;
    t.framesSinceCheckpoint = 0;
  }

  /** Opens the task, runs its hops until an outcome, and records it. */
  async runTask(spec: TaskSpec, relocationViews: BodyFrame[] | null = null): Promise<TaskOutcome> {
    const open = this.openTask(spec, relocationViews);
    const run: HopLoopResult = { outcome: null as unknown as ClosedOutcome, session: open.session, usage: zeroUsageByRole(), newSessions: [] };
    try {
      await this.hopLoop(open.t, run);
    } catch (err) {
      // the acting model failed after its retries: only this attempt ends, recorded as such, and
      // the task keeps its work and tokens; any other error is a fault and still ends the run
      if (!(err instanceof ModelCallError)) throw err;
      this.trace(open.t, { kind: 'model-error', attempt: open.t.attempt, message: err.message });
      run.outcome = { claim: null, reason: `attempt ${open.t.attempt} ended: ${err.message}`, verdict: null };
    }
    return this.recordTask(open, run);
  }

  private openTask(spec: TaskSpec, relocationViews: BodyFrame[] | null): OpenTask {
    const { config: cfg, journal, navigator: nav } = this.deps;
    const id = taskIdOf(spec.index);
    this.emit({ kind: 'task-start', task: id });
    nav.archive.clear();
    // a policy without memory across tasks plans on a map of this task's own views only
    const traits = policyTraits(cfg.policy);
    if (traits.forgetsMap && this.previousTaskId !== null) nav.forgetMap();
    const files = traits.memoryFiles ? journal.workspace.access({ kind: 'actor', handover: journal.handoverPath(id) }) : null;
    const t = newTaskState(spec, id, createToolContext(nav, spec.goal, cfg.stepBudget, files), cfg.turnBudget);
    this.current = t;
    this.resetCheckpoint(t);
    const markersBefore = new Map(nav.places.list().map((p) => [p.name.toLowerCase(), p.moves]));
    const continuing = traits.oneSession && this.single !== null;
    const session = continuing ? (this.single as Session) : this.newSession(`${id}/attempt-1`);
    const opening = openingContent(
      cfg,
      journal,
      {
        taskNumber: spec.index,
        goal: spec.goal,
        previousTaskId: this.previousTaskId,
        carriedHandover: this.carriedHandover,
        handoverPath: journal.handoverPath(id),
        stepBudget: cfg.stepBudget,
        turnBudget: cfg.turnBudget,
        relocationViews: relocationViews ? relocationViews.map(png) : null,
      },
      continuing,
    );
    // the task boundary consults tracking status: a session that starts lost is told so
    if (nav.status === 'lost' || nav.status === 'recently_lost') {
      opening.content.push(text(trackingAtTaskStart(nav.status)));
      this.trace(t, { kind: 'tracking-at-start', status: nav.status });
    }
    // a run whose start turn did not find the saved map: told to look for it (the offline agent's seek.ts)
    if (nav.savedMapAside) {
      opening.content.push(text(SAVED_MAP_ASIDE));
      this.trace(t, { kind: 'saved-map-aside' });
    }
    const actorUsageStart = { ...session.usage };
    session.tell(opening);
    return { t, session, markersBefore, actorUsageStart };
  }

  /**
   * Hops of the session loop until a boundary decides the task's outcome, kept in `run` (which also
   * holds the sessions and usage so far, so that an error part-way loses none of them).
   */
  private async hopLoop(t: TaskState, run: HopLoopResult): Promise<void> {
    const cfg = this.deps.config;
    const { usage, newSessions } = run;
    let session = run.session;
    const done = (outcome: ClosedOutcome): void => {
      run.outcome = outcome;
      run.session = session;
    };
    for (;;) {
      const hop = await session.hop(t.ctx, { maxTurns: cfg.hopTurns, budget: t.turns, beforeTurn: this.compactor?.beforeTurn });
      t.attemptTurns += hop.turns;
      t.framesSinceCheckpoint += hop.framesSeen;
      this.trace(t, { kind: 'hop', attempt: t.attempt, end: hop.end, turns: hop.turns, steps: t.ctx.budget.used });
      const fallbackDue = recoveryOffered(cfg) && cfg.recovery.fallbackTurns !== null && t.attemptTurns >= cfg.recovery.fallbackTurns;
      const action = boundaryAction({
        closePending: t.ctx.closeRequest !== null,
        recoveryPending: t.ctx.recoveryRequest !== null,
        terminated: t.ctx.terminated,
        stepsLeft: stepsLeft(t.ctx),
        turnsLeft: remaining(t.turns),
        fallbackDue,
      });
      const limit = limitOutcome(action, this.deps.terminationReason);
      if (limit) return done(limit);
      if (action === 'close') {
        const r = await closeFlow(this.deps, t, session, usage);
        r.events.forEach((e) => this.trace(t, e));
        if (r.kind === 'stop') return done(r.outcome);
        t.ctx.closeRequest = null;
        session.say(text(r.evidence));
      } else if (action === 'recovery') {
        const next = await this.recover(t, session, fallbackDue && t.ctx.recoveryRequest === null, usage);
        if (next) {
          session = next;
          run.session = next;
          newSessions.push({ s: next, from: { ...next.usage } });
          if (policyTraits(cfg.policy).oneSession) this.single = next;
        }
      } else {
        if (hop.end === 'yield') session.say(text(t.ctx.files ? RESUME_NUDGE : RESUME_NUDGE_NO_FILES));
        // ΔA and ΔE are measured since the previous checkpoint: every hop boundary is one
        this.resetCheckpoint(t);
      }
    }
  }

  /** Runs the recovery flow and applies its decision; returns the new attempt's session, if any. */
  private async recover(t: TaskState, session: Session, fallback: boolean, usage: UsageByRole): Promise<Session | null> {
    const r = await recoveryFlow(this.deps, t, session, fallback, usage);
    this.resetCheckpoint(t, r.checkpoint);
    if (r.kind === 'continue') {
      r.events.forEach((e) => this.trace(t, e));
      if (r.rearmFallback) t.attemptTurns = 0;
      session.say(text(r.message));
      return null;
    }
    let graph: string | null = null;
    if (r.attempt.scope === 'floor' || r.attempt.scope === 'house') {
      this.registerPlaces();
      graph = renderPlaceGraph(loadPlaceGraph(this.deps.journal.workspace));
    }
    r.events.forEach((e) => this.trace(t, e));
    t.recoveries++;
    t.previousScope = r.attempt.scope;
    t.attempt++;
    t.attemptTurns = 0;
    const opening = attemptOpening(this.deps.journal, t, r.attempt, graph, this.deps.config);
    // the single-session baseline has one conversation, managed by its backend: a recovery goes on in it
    if (policyTraits(this.deps.config.policy).oneSession) {
      session.tell(opening);
      return null;
    }
    const next = this.newSession(`${t.id}/attempt-${t.attempt}`);
    next.tell(opening);
    return next;
  }

  private recordTask(open: OpenTask, run: HopLoopResult): TaskOutcome {
    const { config: cfg, journal, navigator: nav } = this.deps;
    const { t } = open;
    const { outcome, usage } = run;
    if (outcome.claim === null) this.trace(t, { kind: 'stop', reason: outcome.reason });
    if (policyTraits(cfg.policy).oneSession) this.single = run.session;
    for (const { s, from } of [{ s: open.session, from: open.actorUsageStart }, ...run.newSessions]) {
      usage.actor = addUsage(usage.actor, {
        uncachedInput: s.usage.uncachedInput - from.uncachedInput,
        cachedInput: s.usage.cachedInput - from.cachedInput,
        output: s.usage.output - from.output,
      });
    }
    if (this.compactor) {
      usage.compaction = addUsage(usage.compaction, this.compactor.usage);
      this.compactor.usage = { uncachedInput: 0, cachedInput: 0, output: 0 };
    }
    const markers = nav.places
      .list()
      .filter((p) => open.markersBefore.get(p.name.toLowerCase()) !== p.moves)
      .map((p) => p.name);
    this.registerPlaces();
    const record = taskRecord(t, outcome, markers, cfg, journal);
    const floor = nav.floor;
    const floors = nav.map.floors().length;
    const mapPng = floor === null || floors === 0 ? null : encodePng(nav.render({ floor }));
    const otherFloorPngs = Array.from({ length: floors }, (_, k) => k)
      .filter((k) => k !== floor)
      .map((k) => ({ floor: k, png: encodePng(nav.render({ floor: k })) }));
    this.previousTaskId = t.id;
    this.current = null;
    return { record, usage, trace: t.trace, mapPng, otherFloorPngs, stopPngs: outcome.stopPngs ?? [], peakPromptTokens: t.peakPromptTokens };
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
}
