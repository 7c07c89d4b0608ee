/**
 * The orchestrator: runs one task at a time in hops of the session loop and decides at every hop
 * boundary what happens next — close (with pre-stop verification and certification), an
 * environment-ended task, the budgets, recovery (through the controller's rules), or resuming the
 * same conversation. It owns the ledger, verdicts and records (through the Journal), never a score.
 */
import type { BodyFrame } from '../body/body.js';
import { taskId as taskIdOf } from '../memory/layout.js';
import { deriveStatus } from '../memory/ledger.js';
import { loadPlaceGraph, registerPlace, savePlaceGraph } from '../memory/place-graph.js';
import type { Role } from '../memory/permissions.js';
import type { TaskRecord } from '../memory/schemas.js';
import { addUsage, text } from '../models/types.js';
import { encodePng, rgbPng } from '../image/png.js';
import { createToolContext, stepsLeft } from '../tools/context.js';
import { closeFlow, type ClosedOutcome } from './close-flow.js';
import { boundaryAction } from './closure-rules.js';
import { Compactor } from './compaction.js';
import type { FlowEnv, HarnessEvent, OrchestratorDeps } from './flow-env.js';
import { actorTools, openingContent, systemBrief } from './policies.js';
import { recoveryFlow } from './recovery-flow.js';
import { Session } from './session.js';
import { zeroUsageByRole, type TaskSpec, type TaskState, type TraceEntry, type UsageByRole } from './task-state.js';
import { turnsLeft } from './turns.js';

export type { HarnessEvent, OrchestratorDeps } from './flow-env.js';

export interface TaskOutcome {
  record: TaskRecord;
  usage: UsageByRole;
  trace: TraceEntry[];
  /** map of the task's floor at closure (PNG) */
  mapPng: Uint8Array | null;
  /** the stop views of the close that ended the task (PNG); empty when a budget or the environment ended it */
  stopPngs: Uint8Array[];
}

const png = (f: { width: number; height: number; rgb: Uint8Array }): Uint8Array => rgbPng(f);
const RESUME_NUDGE = 'Continue the task. When you have reached the goal or decide to give up, write your handover (if you were given a path) and call close_task.';
const RESUME_NUDGE_NO_FILES = 'Continue the task. When you have reached the goal or decide to give up, call close_task.';

export class Orchestrator implements FlowEnv {
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

  trace(t: TaskState, entry: TraceEntry): void {
    t.trace.push(entry);
    this.emit({ kind: 'trace', task: t.id, entry });
  }

  actorRole(t: TaskState, recoveryNote?: string): Role {
    const handover = this.deps.journal.handoverPath(t.id);
    return { kind: 'actor' as const, handover, ...(recoveryNote ? { recoveryNote } : {}) };
  }

  newSession(name: string): Session {
    return new Session(name, this.deps.actor, systemBrief(this.deps.config), actorTools(this.deps.config), (e) => this.emit(e));
  }

  exploredArea(): number {
    const nav = this.deps.navigator;
    return nav.map.floors().reduce((s, f) => s + nav.map.exploredArea(f.id), 0);
  }

  resetCheckpoint(t: TaskState): void {
    t.checkpoint = { area: this.exploredArea(), markers: this.markerEvents(), floors: this.deps.navigator.map.floors().length };
    t.framesSinceCheckpoint = 0;
  }

  /** markers created or moved so far (ΔE counts new observations of places too) */
  markerEvents(): number {
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

    let outcome: ClosedOutcome | null = null;
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
          const r = await closeFlow(this, t, session, usage);
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
          const next = await recoveryFlow(this, t, session, fallbackDue && t.ctx.recoveryRequest === null, usage);
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
    return { record, usage, trace: t.trace, mapPng, stopPngs: outcome.stopPngs ?? [] };
  }

  private resetCheckpointIfDue(t: TaskState): void {
    // ΔA and ΔE are measured since the previous checkpoint: every hop boundary is one
    this.resetCheckpoint(t);
  }

  /** Registers new and moved markers in the place graph (labels only; geometry stays in the map). */
  registerPlaces(): void {
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
