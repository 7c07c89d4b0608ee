/** The oracle comparison of the mapper tests: navcore's grid against the TypeScript reference. */
import { expect } from 'vitest';
import type { OccupancyMap } from '../../src/mapping/occupancy-map.js';
import type { ReferenceMapper } from '../../bench/reference/mapper-ref.js';

/** Every cell of the WASM map equals the reference, and both know the same number of cells; returns that number. */
export function expectSameCells(map: OccupancyMap, ref: ReferenceMapper, layer = 0): number {
  const s = map.snapshot(layer);
  // The kernel takes the camera position relative to the grid origin, so f32 rounding is only
  // mirrored when both grids grew the same way.
  expect([s.originX, s.originZ, s.width, s.height]).toEqual([ref.ox, ref.oz, ref.w, ref.h]);
  let known = 0,
    mismatches = 0;
  for (let z = 0; z < s.height; z++) {
    for (let x = 0; x < s.width; x++) {
      const c = s.cells[z * s.width + x];
      if (c) known++;
      if (c !== ref.cell(x + s.originX, z + s.originZ)) mismatches++;
    }
  }
  let refKnown = 0;
  for (const c of ref.grid) if (c) refKnown++;
  expect(mismatches).toBe(0);
  expect(known).toBe(refKnown);
  return known;
}
