import { z } from 'zod';

/** The mapper's numbers (SPEC §3). Heights are metres above the floor plane of the layer. */
export const MapParamsSchema = z
  .object({
    cellSize: z.number().positive().max(1).default(0.1),
    minDepth: z.number().nonnegative().default(0.3),
    maxDepth: z.number().positive().max(50).default(4.5),
    obstacleMin: z.number().default(0.15),
    obstacleMax: z.number().default(1.4),
    floorMin: z.number().default(-0.5),
    floorMax: z.number().default(0.15),
  })
  .refine((p) => p.minDepth < p.maxDepth, { message: 'minDepth must be below maxDepth' })
  .refine((p) => p.obstacleMin < p.obstacleMax, { message: 'obstacleMin must be below obstacleMax' })
  // The kernel classifies with one band test and one split (the bands meet, as in SPEC §3).
  .refine((p) => p.floorMin < p.floorMax && p.floorMax === p.obstacleMin, {
    message: 'the floor band must end where the obstacle band starts (floorMin < floorMax = obstacleMin)',
  });

export type MapParams = z.infer<typeof MapParamsSchema>;
export const DEFAULT_MAP_PARAMS: MapParams = MapParamsSchema.parse({});

export enum Cell {
  Unknown = 0,
  Free = 1,
  Obstacle = 2,
}

export const CELL_NAMES = ['unknown', 'free', 'obstacle'] as const;
export type CellName = (typeof CELL_NAMES)[number];
