/**
 * What the close and recovery flows need from the orchestrator: its dependencies, the task trace,
 * fresh acting sessions, the place graph and the progress checkpoint.
 */
import type { Journal } from '../memory/journal.js';
import type { Role } from '../memory/permissions.js';
import type { Model } from '../models/types.js';
import type { Navigator } from '../navigator/navigator.js';
import type { HarnessConfig } from './config.js';
import type { Judge } from './judge.js';
import type { Session, SessionEvent } from './session.js';
import type { TaskState, TraceEntry } from './task-state.js';
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

export interface FlowEnv {
  readonly deps: OrchestratorDeps;
  trace(t: TaskState, entry: TraceEntry): void;
  actorRole(t: TaskState, recoveryNote?: string): Role;
  newSession(name: string): Session;
  resetCheckpoint(t: TaskState): void;
  exploredArea(): number;
  markerEvents(): number;
  registerPlaces(): void;
}
