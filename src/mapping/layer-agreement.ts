/**
 * How well a floor layer of one world agrees with a layer of another once moved by a planar rigid
 * (a late relocalisation's join, paper 001 §3.2): the evidence that the two worlds were joined on the same
 * floor at the right place. A known cell of the moved layer agrees when a cell within one of where it
 * lands holds the same state (the two grids were written from different poses: a cell's offset is
 * noise, not disagreement); it counts only where the other layer knows the cell it lands on.
 * Run once per join over one layer's known cells, not per frame: plain TypeScript is fast enough.
 */
import { carryPoint, type PlanarRigid } from './layer-carry.js';
import type { GridSnapshot } from './occupancy-map.js';
import { Cell } from './params.js';

/** Of one state's known cells of the moved layer: how many land on known cells, and agree there. */
export interface StateAgreement {
  compared: number;
  agreeing: number;
}

/**
 * By the moved layer's state: most of a house's floors is free on every storey, so free cells agree on
 * the wrong floor as well; its walls are elsewhere, and only the obstacle cells tell.
 */
export interface LayerAgreement {
  free: StateAgreement;
  obstacle: StateAgreement;
}

/** `from`'s known cells moved by `t` (in cells) onto `into`: how many land on known cells, and agree. */
export function layerAgreement(from: GridSnapshot, into: GridSnapshot, t: PlanarRigid): LayerAgreement {
  const state = (cx: number, cz: number): number => {
    const x = cx - into.originX,
      z = cz - into.originZ;
    return x < 0 || z < 0 || x >= into.width || z >= into.height ? Cell.Unknown : into.cells[z * into.width + x];
  };
  const out: LayerAgreement = { free: { compared: 0, agreeing: 0 }, obstacle: { compared: 0, agreeing: 0 } };
  for (let z = 0; z < from.height; z++) {
    for (let x = 0; x < from.width; x++) {
      const v = from.cells[z * from.width + x];
      if (v === Cell.Unknown) continue;
      const [qx, qz] = carryPoint(t, from.originX + x + 0.5, from.originZ + z + 0.5);
      const cx = Math.floor(qx),
        cz = Math.floor(qz);
      if (state(cx, cz) === Cell.Unknown) continue;
      const tally = v === Cell.Obstacle ? out.obstacle : out.free;
      tally.compared++;
      let same = false;
      for (let dz = -1; dz <= 1 && !same; dz++) for (let dx = -1; dx <= 1 && !same; dx++) same = state(cx + dx, cz + dz) === v;
      if (same) tally.agreeing++;
    }
  }
  return out;
}
