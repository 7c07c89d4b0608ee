/**
 * Where the scripted agent sees its goal, placed in the estimated world: by the simulator's instance
 * ids (GROUND-TRUTH PERCEPTION, ../ground-truth-perception.ts) or, for image goals with a matcher, by
 * appearance (../image-goal-matcher.ts).
 */
import type { BodyFrame } from '../../body/index.js';
import type { PlanarPoint } from '../../mapping/index.js';
import type { Navigator } from '../../navigator/index.js';
import { goalPixels, pixelOf } from '../ground-truth-perception.js';
import type { ImageGoalMatcher } from '../image-goal-matcher.js';
import { planarPointAt } from '../view-point.js';

/** Where the goal is, from the instance ids and depth of the current view, in the estimated world. */
export function goalInView(nav: Navigator, frame: BodyFrame | null, goalIds: readonly number[]): PlanarPoint | null {
  if (!frame?.ids) return null;
  const seen = goalPixels(frame, new Set(goalIds), (d) => d > 0 && d < 5);
  if (!seen || seen.pixels < 30) return null; // a few pixels at the edge of the view are not a sighting
  const { u, v } = pixelOf(frame, seen.index);
  return pointAt(nav, u, v, seen.depth);
}

/** Where the goal is by appearance: the current view matched against the goal photograph. */
export async function imageGoalInView(nav: Navigator, matcher: ImageGoalMatcher | null, frame: BodyFrame | null): Promise<{ point: PlanarPoint; similarity: number } | null> {
  if (!frame || !matcher) return null;
  const s = await matcher.sighting(frame);
  const point = s && pointAt(nav, s.u, s.v, s.depth);
  return point ? { point, similarity: s.similarity } : null;
}

/** The estimated-world floor point seen at pixel (u, v) and depth d of the current view. */
function pointAt(nav: Navigator, u: number, v: number, d: number): PlanarPoint | null {
  const pose = nav.poseMatrix();
  if (!pose) return null;
  return planarPointAt(pose, nav.body.intrinsics, u, v, d);
}
