/** What the offline navigation agent is given, and what it keeps about the task in hand. */
import type { PlanarPose } from '../../geometry/index.js';
import type { PlanarPoint } from '../../mapping/index.js';
import type { Navigator } from '../../navigator/index.js';
import type { ViewCoverage } from './coverage.js';
import type { Seen } from './memory.js';
import type { Flight } from './stairs.js';

/**
 * The agent's inputs: the navigator (its estimated pose, map and current view — what the tools show a
 * model) and the oracle's ONE privileged input, which instance ids of the current view satisfy the goal.
 */
export interface NavigationOracle {
  navigator: Navigator;
  /** instance ids that satisfy the current goal (privileged: ground-truth perception) */
  goalInstanceIds(): readonly number[];
  /** a short name for the goal, for handovers */
  goalLabel(): string;
}

export type Pose = PlanarPose;

/** The goal as seen in the current view: the nearest goal pixel placed in the estimated world. */
export interface Sighting {
  point: PlanarPoint;
  /** planar distance from the robot, m */
  distanceM: number;
  /** goal pixels in the view (0 for a match by appearance, which has no pixels of its own) */
  pixels: number;
  /** where the body stood when it saw it, for a view earlier in the step than the current one */
  from?: PlanarPoint;
}

/** A sighting not to approach again: anywhere (`from` null) or when seen again from near `from`. */
export interface Rejection {
  point: PlanarPoint;
  from: PlanarPoint | null;
  /** given up because facing the spot showed nothing (no sighting was rejected): see `blocksSighting` */
  unseen?: true;
  /**
   * the point was a remembered spot, not a sighting: it is not driven to again from there, but it
   * refuses no sighting (what an earlier run noted was not in view there; the goal in view now is)
   */
  remembered?: true;
}

/**
 * Whether rejection `r` hides a sighting of `point` seen from `from`. On a base with noisy odometry a
 * spot given up as "not in view when faced" does not hide the goal seen there later: the spot and the
 * heading faced were estimates carrying the base's drift, while a sighting is the goal in the current
 * view (house 4 task 3 under habitat noise: a counter given up that way at 0.57 m from a remembered
 * spot was later in view with 33,811 pixels 0.44 m away, hidden, and the task ended unclaimed).
 */
export function blocksSighting(r: Rejection, point: PlanarPoint, from: PlanarPoint, noisy: boolean): boolean {
  if (r.remembered || (r.unseen && noisy)) return false;
  return samePoint(r.point, point) && (r.from === null || Math.hypot(r.from.x - from.x, r.from.z - from.z) < 1.0);
}

export type StateName = 'recall' | 'explore' | 'approach' | 'stairs' | 'close';

export interface TaskState {
  key: string;
  state: StateName;
  /** what was looked at, per floor layer */
  coverage: Map<number, ViewCoverage>;
  /**
   * stairs: the flight being taken (climbing or descending) and the floor it leaves; `at`: where the
   * last step with forwards toward or up it set out from, `stalls`: such steps that did not move,
   * `footM`: how far the foot was at the last turn
   */
  stairs: { flight: Flight; turns: number; onFlight: boolean; at?: PlanarPoint | null; stalls?: number; footM?: number } | null;
  /** flights given up on in this task on a noisy base, known again from the next task on (climb.ts) */
  setAside: Flight[];
  /** floors given up on in this task (searched through) */
  floorsDone: number[];
  /** a floor given up on was taken up again, its blocked spots forgotten (once a task: explore's `reopen`) */
  reopened: boolean;
  /** where the goal was last seen (approach target) */
  goal: PlanarPoint | null;
  /** where the robot stood when it last saw the goal (null: the goal point comes from memory) */
  goalFrom: PlanarPoint | null;
  /** a remembered goal point (goalFrom null): the side it is approached from, when the nearest one proved a wall away */
  goalSide: PlanarPoint | null;
  /** sightings the check rejected or that proved unreachable: not approached again */
  rejected: Rejection[];
  /** sightings given up as out of reach on the map (with where each was seen from, on which floor): tried again on that floor as the map grows */
  unreached: { point: PlanarPoint; from: PlanarPoint | null; floor: number | null }[];
  /** where the body was stopped twice in a row (estimated): exploration drives are not routed through them */
  blocked: PlanarPoint[];
  /** exploration targets that proved useless */
  ignore: PlanarPoint[];
  /** a goal seen where the map offers no way to it yet: exploration prefers viewpoints near it */
  focus: PlanarPoint | null;
  /** the exploration viewpoint being travelled to, and where to look from it */
  target: PlanarPoint | null;
  look: PlanarPoint | null;
  /** turns spent on the current target or approach without getting closer */
  stalls: number;
  lastPose: Pose | null;
  /** approach: the shortest route to the goal so far (m) */
  bestGoalDistM: number;
  closeEvidence: string | null;
  /** areas travelled to, for the handover */
  areas: number;
  collisions: number;
  /** recall: where the previous handover says the goal was seen (a marked place, and the offset from it) */
  recall: Seen | null;
  /** the space earlier tasks looked over is taken as looked at (the goal is not among their objects) */
  carry: boolean;
  /** the previous handover has been read (or there is none to read) */
  briefed: boolean;
  /** approach: turned to face the goal once before claiming it out of view */
  faced: boolean;
  /** approach: drives taken toward a goal already within reach, to claim it nearer (noisy odometry only) */
  closer: number;
  /** moves into the open on a floor too little known to plan in */
  edged: number;
  /** consecutive steps that ended in a collision */
  bumps: number;
  /** the search for a flight of stairs on a floor searched down to scraps with none known (null: not begun) */
  flightSearch: FlightSearch | null;
  /** tracking lost on a flight: finishing it, backing off it, or looking around off it (null: not lost there) */
  lostOnFlight: { phase: 'finish' | 'back' | 'look'; turns: number } | null;
}

/** The flight search on one floor: the frontiers visited (or given up), the one set out for, turns spent. */
export interface FlightSearch {
  floor: number;
  visited: PlanarPoint[];
  target: PlanarPoint | null;
  turns: number;
  done: boolean;
}

/** two sightings this close are of the same goal point (the seen surface shifts with the view) */
const SAME_POINT_M = 0.7;
export const samePoint = (a: PlanarPoint, b: PlanarPoint) => Math.hypot(a.x - b.x, a.z - b.z) < SAME_POINT_M;

/** Whether a sighting at `point`, seen from `from`, was given up before: from anywhere, or from within 1 m of there. */
export function refused(rejected: readonly Rejection[], point: PlanarPoint, from: PlanarPoint, noisy = false): boolean {
  return rejected.some((r) => blocksSighting(r, point, from, noisy));
}

/** A task as it opens: exploring, nothing seen, nothing rejected. */
export function newTaskState(key: string): TaskState {
  return {
    key,
    state: 'explore',
    coverage: new Map(),
    stairs: null,
    setAside: [],
    floorsDone: [],
    reopened: false,
    goal: null,
    goalFrom: null,
    goalSide: null,
    rejected: [],
    unreached: [],
    blocked: [],
    ignore: [],
    focus: null,
    target: null,
    stalls: 0,
    look: null,
    lastPose: null,
    bestGoalDistM: Infinity,
    closeEvidence: null,
    areas: 0,
    collisions: 0,
    bumps: 0,
    edged: 0,
    lostOnFlight: null,
    flightSearch: null,
    recall: null,
    briefed: false,
    faced: false,
    closer: 0,
    carry: false,
  };
}
