import type { PlanarPose, Mat4 } from '../geometry/index.js';
import type { GridSnapshot, PlanarPoint } from '../mapping/index.js';
import type { Place } from './places.js';

/**
 * What a navigator knows that outlives a session: the floor layers of its map, the places with their
 * views, the trails, and where it last was in its own frame. A resumed run hands this back to a new
 * navigator, whose fresh tracker is then anchored onto the saved pose.
 */
export interface NavigatorMemory {
  /** last trusted estimated camera-to-world pose, in the navigator's frame */
  pose: Mat4;
  /** floor layer the robot stood on */
  floor: number;
  layers: { floorUp: number; frames: number; grid: GridSnapshot }[];
  places: Place[];
  trails: PlanarPoint[][];
}

/** A consistency check of a memory before a navigator adopts it; null when it is usable. */
export function memoryProblem(m: NavigatorMemory): string | null {
  if (m.pose.length !== 16 || !Array.from(m.pose).every(Number.isFinite)) return 'the saved pose must be 16 finite numbers';
  if (m.layers.length === 0) return 'a saved memory has at least one floor layer';
  if (!(Number.isInteger(m.floor) && m.floor >= 0 && m.floor < m.layers.length))
    return `the saved floor ${m.floor} is not one of the ${m.layers.length} saved layers`;
  const badPlace = m.places.find((p) => !(Number.isInteger(p.floor) && p.floor >= 0 && p.floor < m.layers.length));
  if (badPlace) return `place '${badPlace.name}' is on floor ${badPlace.floor}, which is not saved`;
  if (m.trails.length > m.layers.length) return `${m.trails.length} trails for ${m.layers.length} layers`;
  return null;
}

/** The memory to hand to a later navigator: map layers, places, trails and the last pose (null before any pose or floor). */
export function memorySnapshot(
  pose: Mat4 | null,
  mapper: { readonly floor: number | null; layers(): NavigatorMemory['layers'] },
  places: { list(): Place[] },
  trails: readonly (PlanarPoint[] | undefined)[],
): NavigatorMemory | null {
  const floor = mapper.floor;
  if (!pose || floor === null) return null;
  return {
    pose: Float64Array.from(pose),
    floor,
    layers: mapper.layers(),
    places: places.list().map((p) => ({ ...p, pose: { ...p.pose }, views: [...p.views] })),
    // Array.from visits the holes of a sparse array (a floor with no trail yet), map would keep them
    trails: Array.from(trails, (t) => (t ? t.map((q) => ({ ...q })) : [])),
  };
}
