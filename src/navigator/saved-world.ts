/**
 * A house memory's grids, places and trails kept aside while the body is not localised in their map
 * (the run's first turn did not relocalise), and joined again when a later frame is (a late
 * relocalisation). The run's own world is carried into the saved one by the rigid transform that the
 * same frame's two poses give (one in each world): its grid cells by a rigid 2-D resample of each
 * floor layer, its places, views and trails by the same transform.
 */
import { NAVIGATOR_FRAME, wrapAngle, type Mat4, type PlanarPose } from '../geometry/index.js';
import { carryPoint, planarRigidOf, type FloorMapper, type PlanarPoint, type PlanarRigid } from '../mapping/index.js';
import type { NavigatorMemory } from './navigator-memory.js';
import type { PlaceStore } from './places.js';
import type { FrameArchive, View, ViewBank } from './view-bank.js';

/** The saved spatial state set aside (a NavigatorMemory without a pose: the body is elsewhere). */
export type SavedSpatial = Pick<NavigatorMemory, 'layers' | 'places' | 'trails'>;

/** What the run hands over to the join: its map, places, views and trails, in its own world. */
export interface RunSpatial {
  mapper: FloorMapper;
  places: PlaceStore;
  viewBank: ViewBank;
  archive: FrameArchive;
  trails: PlanarPoint[][];
}

/** `p` moved by the planar rigid `t` (shift in metres). */
export function movePlanar(t: PlanarRigid, p: PlanarPose): PlanarPose {
  const [x, z] = carryPoint(t, p.x, p.z);
  return { x, z, yaw: wrapAngle(p.yaw + Math.atan2(t.sin, t.cos)) };
}

/**
 * Joins the run's world to the saved one: `T` takes points of the run's world into the saved world.
 * The saved layers come back, the run's known cells are carried into them as memory (placed by the
 * join, they fill what the saved layers do not know and never clear a saved obstacle), then the run's places (a run's place replaces a saved place
 * of the same name), views and trails. Returns the trails, by the new floor numbers, and how far up
 * the join was moved so that the run's floor lies on its saved floor (FloorMapper.carryInto): poses
 * of the saved map are that far off here.
 */
export function joinSavedWorld(saved: SavedSpatial, run: RunSpatial, T: Mat4): { trails: PlanarPoint[][]; raised: number } {
  const { rigid } = planarRigidOf(NAVIGATOR_FRAME, T, 1);
  const { renumber, raised } = run.mapper.carryInto(saved.layers, T);
  const moveView = (v: View): View => ({ ...v, pose: movePlanar(rigid, v.pose), floor: renumber[v.floor] ?? v.floor });
  const runPlaces = run.places.list();
  run.places.clear();
  for (const p of saved.places) run.places.restore(p);
  for (const p of runPlaces) run.places.restore({ ...p, pose: movePlanar(rigid, p.pose), floor: renumber[p.floor] ?? p.floor, views: p.views.map(moveView) });
  run.viewBank.remap(moveView);
  run.archive.remap(moveView);
  const trails: PlanarPoint[][] = Array.from(saved.trails, (t) => (t ? t.map((q) => ({ ...q })) : []));
  Array.from(run.trails, (t, i) => {
    const to = renumber[i] ?? i;
    const moved = (t ?? []).map((q) => {
      const m = movePlanar(rigid, { x: q.x, z: q.z, yaw: 0 });
      return { x: m.x, z: m.z };
    });
    trails[to] = [...(trails[to] ?? []), ...moved];
  });
  return { trails, raised };
}
