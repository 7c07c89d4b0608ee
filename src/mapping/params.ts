import { z } from '../geometry/index.js';

/** The mapper's numbers (paper 001 §3.2). Heights are metres above the floor plane of the layer. */
export const MapParamsSchema = z
  .object({
    cellSize: z._default(z.number().check(z.positive(), z.maximum(1)), 0.1),
    minDepth: z._default(z.number().check(z.nonnegative()), 0.3),
    maxDepth: z._default(z.number().check(z.positive(), z.maximum(50)), 4.5),
    obstacleMin: z._default(z.number(), 0.15),
    obstacleMax: z._default(z.number(), 1.4),
    floorMin: z._default(z.number(), -0.5),
    floorMax: z._default(z.number(), 0.15),
    /**
     * heights at or below it are drops, seen through a hole in the floor (a stairwell); where mapping
     * asks for them, the hole's near side is marked an obstacle (assembly/navcore/classify.ts)
     */
    dropMax: z._default(z.number(), -0.5),
    /**
     * column shadows, a departure from paper 001 §3.2 (docs/architecture.md): a frame frees a cell only
     * where it saw the whole obstacle band of the cell's column empty, so a ray over a low object
     * or under a high one frees nothing behind it (assembly/navcore/shadows.ts). Off by default:
     * the live map prefers coverage; the whole-floor re-integration from keyframes turns it on
     * (reintegrate.ts).
     */
    shadows: z._default(z.boolean(), false),
    /**
     * metres a ray must pass a remembered obstacle (an earlier run's, placed by the relocalisation's
     * join) by to free it; rounded to whole cells. Within it, the ray's end is as likely the remembered
     * wall's face seen from a pose a join's error off (assembly/navcore/mapper.ts). 0: every ray frees.
     */
    rememberedMargin: z._default(z.number().check(z.nonnegative(), z.maximum(2)), 0.2),
  })
  .check(
    z.refine((p) => p.minDepth < p.maxDepth, { message: 'minDepth must be below maxDepth' }),
    z.refine((p) => p.obstacleMin < p.obstacleMax, { message: 'obstacleMin must be below obstacleMax' }),
    // The kernel classifies with one band test and one split (the bands meet, as in paper 001 §3.2).
    z.refine((p) => p.floorMin < p.floorMax && p.floorMax === p.obstacleMin, {
      message: 'the floor band must end where the obstacle band starts (floorMin < floorMax = obstacleMin)',
    }),
    z.refine((p) => p.dropMax <= p.floorMin, { message: 'dropMax must be at or below floorMin (a drop lies below the floor band)' }),
  );

export type MapParams = z.infer<typeof MapParamsSchema>;
export const DEFAULT_MAP_PARAMS: MapParams = MapParamsSchema.parse({});

export enum Cell {
  Unknown = 0,
  Free = 1,
  Obstacle = 2,
  /**
   * Inside the live grid only: an obstacle carried from an earlier run's map, which this run's frames
   * may see free (assembly/navcore/cells.ts). Accessors and snapshots report it as Obstacle.
   */
  Remembered = 4,
}

export const CELL_NAMES = ['unknown', 'free', 'obstacle'] as const;
export type CellName = (typeof CELL_NAMES)[number];
