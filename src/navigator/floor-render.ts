/** The navigator's map of one floor as sessions and replays see it (paper 001 A.2): places, trail, robot and route. */
import type { PlanarPose } from '../geometry/index.js';
import { type OccupancyMap, type PlanarPoint, type RenderedMap, renderMap } from '../mapping/index.js';
import type { Place } from './places.js';

export interface FloorRenderOptions {
  floor?: number;
  zoom?: number;
  route?: PlanarPoint[];
  radiusM?: number;
  /** drawn instead of the navigator's own trail (an evaluation picture of one stretch of it) */
  trail?: PlanarPoint[];
}

/** Floor `floor` of `map`; the robot is drawn at `pose` only when it stands on that floor (`standingOn`). */
export function renderFloor(
  map: OccupancyMap,
  floor: number,
  standingOn: number | null,
  pose: PlanarPose | null,
  places: readonly Place[],
  trail: PlanarPoint[],
  opts: FloorRenderOptions,
): RenderedMap {
  return renderMap(map, floor, {
    zoom: opts.zoom ?? 4,
    pose: pose && floor === standingOn ? pose : undefined,
    markers: places.filter((p) => p.floor === floor).map((p) => ({ name: p.name, x: p.pose.x, z: p.pose.z })),
    route: opts.route ?? [],
    trail: opts.trail ?? trail,
    window: opts.radiusM ? { center: pose ?? undefined, radiusM: opts.radiusM } : undefined,
  });
}
