/**
 * How the navigation agent recognises its goal in the current view. Ground truth (the default): the
 * oracle's instance ids (GROUND-TRUTH PERCEPTION, perception.ts). The encoder: an image goal by
 * appearance only — the photograph get_goal returns compared with the robot's views by the view
 * encoder (../image-goal-matcher.ts), placed with the view's depth; a goal given without a photograph
 * falls back to the instance ids. Either way the sighting is placed in the ESTIMATED world.
 */
import type { DepthView, Navigator } from '../../navigator/index.js';
import type { ImageGoalMatcher } from '../image-goal-matcher.js';
import { planarPointAt } from '../view-point.js';
import { goalInStepViews, goalInView } from './perception.js';
import type { NavigationOracle, Sighting } from './types.js';

export interface GoalDetector {
  /** the task's goal photograph is still to be asked for (get_goal) before the search starts */
  readonly wantsPhoto: boolean;
  /** the photograph get_goal returned, or null when it returned none (a category or description goal) */
  setPhoto(png: Uint8Array | null): Promise<void>;
  /** a new task: its goal is not known yet */
  newTask(): void;
  /** the goal in the navigator's current view, or null */
  inView(nav: Navigator): Promise<Sighting | null>;
  /** the goal in the last step's earlier views (the latest that shows it), or null */
  inStepViews(nav: Navigator, views: readonly DepthView[]): Sighting | null;
  /** the instance ids that memory may recall the goal by (none for a goal known only by its photograph) */
  recallIds(): readonly number[];
  /** the goal as the agent may name it in what it writes */
  label(): string;
}

export class GroundTruthGoals implements GoalDetector {
  readonly wantsPhoto = false;

  constructor(private readonly oracle: NavigationOracle) {}

  async setPhoto(): Promise<void> {}

  newTask(): void {}

  async inView(nav: Navigator): Promise<Sighting | null> {
    return goalInView(nav, this.oracle.goalInstanceIds());
  }

  inStepViews(nav: Navigator, views: readonly DepthView[]): Sighting | null {
    return goalInStepViews(nav, views, this.oracle.goalInstanceIds());
  }

  recallIds(): readonly number[] {
    return this.oracle.goalInstanceIds();
  }

  label(): string {
    return this.oracle.goalLabel();
  }
}

export class EncoderGoals implements GoalDetector {
  /** null: not asked yet; 'photo' / 'ids': what get_goal gave */
  private kind: 'photo' | 'ids' | null = null;
  private readonly ids: GroundTruthGoals;

  constructor(
    oracle: NavigationOracle,
    private readonly matcher: ImageGoalMatcher,
  ) {
    this.ids = new GroundTruthGoals(oracle);
  }

  get wantsPhoto(): boolean {
    return this.kind === null;
  }

  async setPhoto(png: Uint8Array | null): Promise<void> {
    if (png) await this.matcher.setGoalPng(png);
    this.kind = png ? 'photo' : 'ids';
  }

  newTask(): void {
    this.matcher.clear();
    this.kind = null;
  }

  async inView(nav: Navigator): Promise<Sighting | null> {
    if (this.kind !== 'photo') return this.ids.inView(nav);
    const frame = nav.lastView;
    const camera = nav.poseMatrix();
    const pose = nav.planar();
    if (!frame || !camera || !pose || nav.status !== 'ok') return null;
    const s = await this.matcher.sighting(frame);
    if (!s) return null;
    const point = planarPointAt(camera, nav.body.intrinsics, s.u, s.v, s.depth);
    return { point, distanceM: Math.hypot(point.x - pose.x, point.z - pose.z), pixels: 0 };
  }

  /** by appearance, only the current view is matched (the encoder's cost is per view) */
  inStepViews(nav: Navigator, views: readonly DepthView[]): Sighting | null {
    return this.kind === 'photo' ? null : this.ids.inStepViews(nav, views);
  }

  recallIds(): readonly number[] {
    return this.kind === 'photo' ? [] : this.ids.recallIds();
  }

  label(): string {
    // the oracle's label is the photographed object's true category: it must not appear
    return this.kind === 'photo' ? 'the object in the goal photograph' : this.ids.label();
  }
}
