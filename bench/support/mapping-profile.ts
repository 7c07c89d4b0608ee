/**
 * Where one frame's integrate goes (`npm run bench -- mapping --profile`): timers around the navcore
 * kernels `OccupancyMap.integrate` calls, on a view of one core whose export table is wrapped (the
 * core itself, src/ and other maps are untouched). The parts of a frame:
 * - classify: `classifyRows`, the one pass over the pixels (back-projection, height classification,
 *   the cell codes, their de-duplication against the left and upper neighbours, the list for marking);
 * - mark: `markCells` (the listed codes into the grid, endpoints flagged once);
 * - carve: `carveRays` (one ray per distinct endpoint cell);
 * - shadows: `freeSeen` (the column test over the candidates; 0 without column shadows);
 * - glue: the rest of `integrate` (its checks, the kernel pose, the parameter block, the result).
 */
import type { Navcore, NavcoreExports } from '../../src/wasm/navcore.js';

export const MAPPING_PARTS = ['classify', 'mark', 'carve', 'shadows', 'glue'] as const;
export type MappingPart = (typeof MAPPING_PARTS)[number];

const KERNELS: Record<Exclude<MappingPart, 'glue'>, keyof NavcoreExports> = {
  classify: 'classifyRows',
  mark: 'markCells',
  carve: 'carveRays',
  shadows: 'freeSeen',
};

export class MappingProfile {
  private readonly totals = new Map<MappingPart, number>();
  /** the core to map with: `core` with its kernels timed */
  readonly core: Navcore;

  constructor(core: Navcore, now: () => number = () => performance.now()) {
    const timed = { ...core.exports };
    for (const [part, name] of Object.entries(KERNELS) as [MappingPart, keyof NavcoreExports][]) {
      const fn = core.exports[name] as (...args: number[]) => number;
      (timed as unknown as Record<string, unknown>)[name] = (...args: number[]) => {
        const t0 = now();
        try {
          return fn(...args);
        } finally {
          this.totals.set(part, (this.totals.get(part) ?? 0) + now() - t0);
        }
      };
    }
    // methods reached through the view see it as `this`, and so the timed table
    this.core = new Proxy(core, { get: (target, key) => (key === 'exports' ? timed : Reflect.get(target, key)) });
  }

  /** The time of each part since the last call (glue: `totalMs` less the kernels'), and starts afresh. */
  take(totalMs: number): Record<MappingPart, number> {
    const out = Object.fromEntries(MAPPING_PARTS.map((p) => [p, this.totals.get(p) ?? 0])) as Record<MappingPart, number>;
    out.glue = Math.max(0, totalMs - MAPPING_PARTS.reduce((s, p) => s + (p === 'glue' ? 0 : out[p]), 0));
    this.totals.clear();
    return out;
  }
}
