/**
 * What a tool call may touch: the navigator, the current task (goal and step budget), the session's
 * file access, and the requests a session can make of the orchestrator (close, recovery). The
 * orchestrator owns this object; tools only record requests in it.
 */
import type { Navigator } from '../navigator/index.js';
import type { FileAccess, Scope } from '../memory/index.js';
import type { AgentGoal } from '../world/index.js';
import { createBudget, remaining, type Budget } from './budget.js';

export type { AgentGoal };

export type ClaimKind = 'complete' | 'incomplete';
/** a recovery's scope is memory's (SCOPES): the tool asks for one of those */
export type RecoveryScope = Scope;

export interface CloseRequest {
  claim: ClaimKind;
  evidence: string;
  /** steps used when the request was made */
  stepsUsed: number;
}

export interface RecoveryRequest {
  scope: RecoveryScope;
  reason: string;
  confidence: number;
  stepsUsed: number;
}

export interface ToolContext {
  navigator: Navigator;
  goal: AgentGoal | null;
  /** coarse actions of the task */
  budget: Budget;
  /** file access of the current session's role; null when the session has no file tools */
  files: FileAccess | null;
  /** set by close_task; the orchestrator handles it at the hop boundary */
  closeRequest: CloseRequest | null;
  /** set by request_recovery */
  recoveryRequest: RecoveryRequest | null;
  /** true when the environment ended the task (budget or episode) */
  terminated: boolean;
  /**
   * whether tool results state the estimated pose (position, heading, floor); false for instruction
   * following, whose agents receive forward RGB only (seed 003), so no pose number reaches them
   */
  poseInResults: boolean;
}

export interface ToolContextOptions {
  files?: FileAccess | null;
  poseInResults?: boolean;
}

export function createToolContext(
  navigator: Navigator,
  goal: AgentGoal | null,
  stepLimit: number,
  files: FileAccess | null = null,
  o: Omit<ToolContextOptions, 'files'> = {},
): ToolContext {
  return {
    navigator,
    goal,
    budget: createBudget(stepLimit),
    files,
    closeRequest: null,
    recoveryRequest: null,
    terminated: false,
    poseInResults: o.poseInResults ?? true,
  };
}

export const stepsLeft = (ctx: ToolContext): number => remaining(ctx.budget);
