/** What every state sees on a turn, and what a state decides. */
import type { CoarseAction, Navigator } from '../../navigator/index.js';
import type { Turn } from './conversation.js';
import type { GoalDetector } from './goal-detector.js';
import type { ViewCoverage } from './coverage.js';
import type { GridView } from './grid.js';
import type { Flight } from './stairs.js';
import type { NavigationOracle, Pose, Sighting, StateName, TaskState } from './types.js';

export interface Ctx {
  oracle: NavigationOracle;
  /** recognises the goal in view and names it */
  goals: GoalDetector;
  nav: Navigator;
  turn: Turn;
  task: TaskState;
  pose: Pose;
  grid: GridView;
  /** what this task has looked at on the current floor */
  coverage: ViewCoverage;
  /** staircases seen in this house: where each flight starts and the heading that takes it */
  flights: Flight[];
  /** the goal in the current view, unless it was rejected there before */
  sighting: Sighting | null;
  /** no sighting in the current view: the goal in an earlier view of the last step (placed from where that view was seen) */
  glimpse?: Sighting | null;
}

export type Decision = { kind: 'act'; actions: CoarseAction[]; why: string } | { kind: 'goto'; state: StateName } | { kind: 'close'; evidence: string | null };

export const act = (actions: CoarseAction[], why: string): Decision => ({ kind: 'act', actions, why });
export const goto = (state: StateName): Decision => ({ kind: 'goto', state });
export const close = (evidence: string | null): Decision => ({ kind: 'close', evidence });
