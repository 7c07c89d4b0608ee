/**
 * A floor of 0.1 m cells for the agent's route tests: free, but for a wall two cells thick at
 * x = 3.0–3.2 m whose one door spans rows [doorFrom, doorTo); and the real planner over such a floor.
 */
import { Cell } from '../../src/mapping/index.js';
import { OccupancyMap } from '../../src/mapping/occupancy-map.js';
import { Planner } from '../../src/mapping/planner.js';
import type { Navcore } from '../../src/wasm/navcore.js';

export function wallWithDoor(width: number, height: number, doorFrom: number, doorTo: number): Uint8Array {
  const cells = new Uint8Array(width * height).fill(Cell.Free);
  for (let z = 0; z < height; z++) for (let x = 30; x < 32; x++) if (z < doorFrom || z >= doorTo) cells[z * width + x] = Cell.Obstacle;
  return cells;
}

/** The planner over floor 0 holding `cells` (origin 0, 0). */
export function plannerOn(core: Navcore, width: number, height: number, cells: Uint8Array): Planner {
  const map = new OccupancyMap(core);
  map.restoreFloor(0, { originX: 0, originZ: 0, width, height, cells });
  return new Planner(map);
}
