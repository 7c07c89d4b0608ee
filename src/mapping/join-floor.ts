/**
 * Which saved floor a late relocalisation joins the run's current floor to (paper 001 §3.2). The frame's two
 * poses give the planar part of the join well, but its height is only as good as the saved tracker map
 * where the frame was found: keyframes made on a floor after a flight the tracker under-read sit that
 * far up (0.7 m in seed:5, a whole storey in seed:2), and the joined pose rides there until the floor
 * tracker finds the drift a metre of travel later. Meanwhile every frame is mapped from that height:
 * 0.7 m up, the floor itself is seen as an obstacle and the run's first room turns black. The body
 * stands on a floor, so the run's floor must land on a saved floor: the one whose grid the run's grid
 * agrees with, else the one at the joined height; the difference is the join's vertical error.
 */
import { layerAgreement } from './layer-agreement.js';
import type { PlanarRigid } from './layer-carry.js';
import type { GridSnapshot } from './occupancy-map.js';

/** A floor layer as the choice needs it (FloorMapper's FloorLayer has these). */
export interface LayerAt {
  floorUp: number;
  grid: GridSnapshot;
}

/** a saved floor is taken on its grid's word when this share of the compared cells agrees (both states' mean) */
const AGREE_SHARE = 0.8;
/** fewer compared free cells than this (2 m² at 0.1 m cells) say nothing either way */
const MIN_FREE = 200;
/** nor do fewer compared obstacle cells than this (5 m of wall) */
const MIN_OBSTACLE = 50;
/** over the floor at the joined height, another must agree by this much more to be taken instead */
const AGREE_MARGIN = 0.1;

/**
 * The up shift to add to the join so that the run's floor `run` (moved by `rigid`, in cells, and
 * `upShift`, m) lies on the saved floor it belongs to; 0 when no saved floor is near or agrees.
 */
export function joinRaise(saved: readonly LayerAt[], run: LayerAt, rigid: PlanarRigid, upShift: number, newFloorM: number): number {
  const up = run.floorUp + upShift;
  let byHeight = -1;
  for (let k = 0; k < saved.length; k++) {
    const d = Math.abs(saved[k].floorUp - up);
    if (d < newFloorM && (byHeight < 0 || d < Math.abs(saved[byHeight].floorUp - up))) byHeight = k;
  }
  const share = saved.map((l) => {
    const { free, obstacle } = layerAgreement(run.grid, l.grid, rigid);
    if (free.compared < MIN_FREE || obstacle.compared < MIN_OBSTACLE) return null;
    return (free.agreeing / free.compared + obstacle.agreeing / obstacle.compared) / 2;
  });
  let best = -1;
  share.forEach((s, k) => {
    if (s !== null && (best < 0 || s > share[best]!)) best = k;
  });
  let chosen = byHeight;
  if (best >= 0 && share[best]! >= AGREE_SHARE && (byHeight < 0 || share[byHeight] === null || share[best]! >= share[byHeight]! + AGREE_MARGIN)) chosen = best;
  return chosen < 0 ? 0 : saved[chosen].floorUp - up;
}
