/**
 * Evaluation's witness of one task: watches every frame the body makes (through the true-trajectory
 * decorator) with the simulator's privileged state, and at the end gives the evidence the failure
 * taxonomy classifies. Nothing here reaches the navigator, the agent or its memory.
 */
import { invert, multiply, NAVIGATOR_FRAME, planarPose, type Vec3 } from '../geometry/index.js';
import type { Navigator } from '../navigator/index.js';
import { distanceToFootprint, floorAt, type Footprint, type GoatGoal, type Scene } from '../sim/index.js';
import type { BodyFrame, SimBody } from '../body/index.js';
import { isBudgetEnd, type TaskEvidence } from './failures.js';
import { goalFootprints } from './goat.js';

/** A sighting needs this many goal pixels within the depth range (a few edge pixels are not a view of it). */
const SEEN_MIN_PIXELS = 30;
const SEEN_MAX_DEPTH_M = 5;
/** A route on the robot's map counts when it ends this close to the goal's success region. */
const ROUTE_END_SLACK_M = 0.5;

/**
 * The pixels of each instance (not 0: no object) within the sighting's depth range. It runs on every
 * frame of an eval, so an instance's count is looked up once per run of its pixels along a row, not
 * once per pixel.
 */
export function shownPixels(view: Pick<BodyFrame, 'ids' | 'depth'>): Map<number, number> {
  const out = new Map<number, number>();
  const ids = view.ids,
    depth = view.depth;
  if (!ids) return out;
  let id = 0,
    run = 0;
  for (let i = 0; i < ids.length; i++) {
    const d = depth[i];
    const next = d > 0 && d < SEEN_MAX_DEPTH_M ? ids[i] : 0;
    if (next === id) {
      run++;
      continue;
    }
    if (id !== 0) out.set(id, (out.get(id) ?? 0) + run);
    id = next;
    run = 1;
  }
  if (id !== 0) out.set(id, (out.get(id) ?? 0) + run);
  return out;
}

export class TaskWitness {
  private seen = false;
  /** every instance the task's views showed clearly (as the goal must be shown to count as seen) */
  private readonly shown = new Set<number>();
  private minDistance: number | null = null;
  private readonly ids: ReadonlySet<number>;
  private readonly footprints: Footprint[];
  private readonly reanchorsAtStart: number;

  constructor(
    private readonly scene: Scene,
    private readonly goal: GoatGoal,
    private readonly navigator: Navigator,
  ) {
    this.ids = new Set(goal.instanceIds);
    this.footprints = goalFootprints(scene, goal);
    this.reanchorsAtStart = navigator.state.reanchors;
  }

  /** Called with every frame the body makes and the body's true floor position then. */
  readonly frame = (f: BodyFrame, position: Vec3): void => {
    // one scan for all instances: the goal is seen when its instances together cover enough pixels
    let goal = 0;
    for (const [id, pixels] of shownPixels(f)) {
      if (pixels >= SEEN_MIN_PIXELS) this.shown.add(id);
      if (this.ids.has(id)) goal += pixels;
    }
    if (goal >= SEEN_MIN_PIXELS) this.seen = true;
    const d = this.distanceOnFloor(position);
    if (d !== null && (this.minDistance === null || d < this.minDistance)) this.minDistance = d;
  };

  private distanceOnFloor(p: Vec3): number | null {
    const floor = floorAt(this.scene, p[1]).index;
    const on = this.footprints.filter((f) => f.floor === floor);
    return on.length ? Math.min(...on.map((f) => distanceToFootprint(p, f))) : null;
  }

  /** The instances the task's views showed clearly (ascending). */
  objectsShown(): number[] {
    return [...this.shown].sort((a, b) => a - b);
  }

  /** The evidence at the task's end. */
  evidence(end: { success: boolean; claim: TaskEvidence['claim']; terminationReason: string | null; providerError: boolean; body: SimBody }): TaskEvidence {
    const nav = this.navigator;
    const final = end.body.simPose.position;
    const floor = floorAt(this.scene, final[1]).index;
    return {
      success: end.success,
      providerError: end.providerError,
      claim: end.claim,
      minDistanceM: this.minDistance,
      successRadiusM: this.goal.successRadius,
      seen: this.seen,
      goalOnFinalFloor: this.footprints.some((f) => f.floor === floor),
      routeOnMap: this.routeOnMap(end.body, floor),
      trackingLost: nav.state.reanchors > this.reanchorsAtStart || nav.status === 'lost',
      budgetSpent: isBudgetEnd(end.terminationReason),
    };
  }

  /**
   * Whether the robot's own map had a route to the goal when the task ended: the goal's nearest point
   * is carried into the navigator's world by the current pose estimate (the frame the map is drawn in)
   * and planned to on the map. Null when there is no estimate or no goal on this floor.
   */
  private routeOnMap(body: SimBody, floor: number): boolean | null {
    const est = this.navigator.poseMatrix();
    const on = this.footprints.filter((f) => f.floor === floor);
    if (!est || on.length === 0) return null;
    const p = body.simPose.position;
    const nearest = on
      .map((f) => [Math.min(Math.max(p[0], f.x0), f.x1), p[1], Math.min(Math.max(p[2], f.z0), f.z1)] as Vec3)
      .sort((a, b) => Math.hypot(a[0] - p[0], a[2] - p[2]) - Math.hypot(b[0] - p[0], b[2] - p[2]))[0];
    // navigator world ← sim world: the estimate times the inverse of the true pose (both navigator convention)
    const toNav = multiply(est, invert(body.groundTruthPose()));
    const point = new Float64Array([1, 0, 0, nearest[0], 0, 1, 0, -nearest[1], 0, 0, 1, -nearest[2], 0, 0, 0, 1]);
    const q = planarPose(NAVIGATOR_FRAME, multiply(toNav, point));
    const route = this.navigator.plan({ x: q.x, z: q.z });
    if (route.status !== 'ok') return false;
    const end = route.path[route.path.length - 1];
    return Math.hypot(end.x - q.x, end.z - q.z) <= this.goal.successRadius + ROUTE_END_SLACK_M;
  }
}
