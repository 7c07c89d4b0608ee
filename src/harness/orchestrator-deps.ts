/** What the orchestrator is built from, and the events it reports while it runs. */
import type { Journal } from '../memory/index.js';
import type { Model } from '../models/index.js';
import type { Navigator } from '../navigator/index.js';
import type { HarnessConfig } from './config.js';
import type { Judge } from './judge.js';
import type { RetryPolicy } from './model-call.js';
import type { ExternalHops, SessionEvent } from './session.js';
import type { TraceEntry } from './task-state.js';
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
  /** back-off for the acting model's calls (default: model-call.ts DEFAULT_RETRY) */
  modelRetry?: RetryPolicy;
  /** a backend that runs whole hops (a command agent); it keeps its own context, so the harness never compacts */
  hops?: ExternalHops;
}

export type HarnessEvent =
  | SessionEvent
  | { kind: 'task-start'; task: string }
  | { kind: 'task-closed'; task: string; status: string }
  | { kind: 'trace'; task: string; entry: TraceEntry };
