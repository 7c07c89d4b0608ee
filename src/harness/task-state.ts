/** The orchestrator's state of one task: budgets, counters and the trace of its decisions. */
import type { Scope, StoredVerdict } from '../memory/index.js';
import { type Usage, ZERO_USAGE } from '../models/index.js';
import { type AgentGoal, type ToolContext, createBudget, type Budget } from '../tools/index.js';
import type { RecoveryDecision, RecoverySignals } from './recovery-rules.js';

export interface TaskSpec {
  /** 1-based position in the sequence */
  index: number;
  goal: AgentGoal;
}

export type TraceEntry =
  | { kind: 'hop'; attempt: number; end: string; turns: number; steps: number }
  | { kind: 'close-request'; claim: string; steps: number }
  | { kind: 'handover-prompt' }
  | { kind: 'prestop'; verdict: string; withheld: boolean; steps: number }
  | { kind: 'certification'; plan: 'off' | 'reuse' | 'fresh'; verdict: string | null }
  | {
      kind: 'recovery';
      proposal: string;
      fallback: boolean;
      confidence: number | null;
      signals: RecoverySignals;
      decision: RecoveryDecision;
      note: string | null;
      brief: string | null;
    }
  | { kind: 'model-error'; attempt: number; message: string }
  | { kind: 'stop'; reason: string }
  /** tracking was not ok when the task opened; the opening said so */
  | { kind: 'tracking-at-start'; status: string }
  | { kind: 'saved-map-aside' };

export interface UsageByRole {
  actor: Usage;
  judge: Usage;
  wakeup: Usage;
  compaction: Usage;
}

export const zeroUsageByRole = (): UsageByRole => ({
  actor: { ...ZERO_USAGE },
  judge: { ...ZERO_USAGE },
  wakeup: { ...ZERO_USAGE },
  compaction: { ...ZERO_USAGE },
});

export interface Checkpoint {
  area: number;
  markers: number;
  floors: number;
}

export interface TaskState {
  spec: TaskSpec;
  id: string;
  ctx: ToolContext;
  turns: Budget;
  /** checked close requests: only the first is checked before STOP (survives recovery) */
  checkedRequests: number;
  prestop: StoredVerdict | null;
  handoverPrompted: boolean;
  attempt: number;
  attemptTurns: number;
  recoveries: number;
  previousScope: Scope | null;
  recoveryNotes: string[];
  /** checkpoint values for ΔA, ΔE */
  checkpoint: Checkpoint;
  framesSinceCheckpoint: number;
  trace: TraceEntry[];
  /** the largest prompt (input tokens, cached included) of one acting-session call in this task */
  peakPromptTokens: number;
}

/** A task's state before its first hop: attempt 1, nothing checked, the checkpoint still to be taken. */
export function newTaskState(spec: TaskSpec, id: string, ctx: ToolContext, turnLimit: number): TaskState {
  return {
    spec,
    id,
    ctx,
    turns: createBudget(turnLimit),
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
    peakPromptTokens: 0,
  };
}
