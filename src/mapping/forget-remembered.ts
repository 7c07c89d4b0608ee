/**
 * An earlier run's walls that do not fit where this run stands. The obstacles of a saved grid come back
 * as remembered cells, placed by the relocalisation (off by its error and the saved map's drift); this
 * run's rays clear those they cross, but not those beyond what it sees. A robot whose pose is a metre
 * off the saved grid can stand in a pocket they close (seed:30 run 2, tasks 3–5: 1.4 m off, no viewpoint
 * the map could route to, each task closed after 3–4 m). Turned back to unknown around the robot, they
 * are looked at again like unseen space.
 */
import type { OccupancyMap } from './occupancy-map.js';
import { Cell } from './params.js';

/** Turns the remembered obstacles within `radiusM` of (x, z) on a layer back to unknown; returns how many. */
export function forgetRemembered(map: OccupancyMap, layer: number, at: { x: number; z: number }, radiusM: number): number {
  const g = map.gridRef(layer),
    v = map.liveCells(layer);
  const c = map.worldToCell(at.x, at.z),
    r = Math.ceil(radiusM / map.params.cellSize);
  let n = 0;
  for (let gz = Math.max(0, c.z - g.oz - r); gz <= Math.min(g.h - 1, c.z - g.oz + r); gz++) {
    for (let gx = Math.max(0, c.x - g.ox - r); gx <= Math.min(g.w - 1, c.x - g.ox + r); gx++) {
      const i = gz * g.w + gx;
      if (v[i] !== Cell.Remembered || (gx + g.ox - c.x) ** 2 + (gz + g.oz - c.z) ** 2 > r * r) continue;
      v[i] = Cell.Unknown;
      n++;
    }
  }
  return n;
}
