/**
 * The slots of navcore's mapper blocks, shared by the kernels (assembly/navcore/classify.ts,
 * mapper.ts and shadows.ts import this file) and OccupancyMap. Written in the subset AssemblyScript
 * and TypeScript share: integer constants only (AssemblyScript types them i32), no imports, no objects.
 */

// f32 slots of the `params` block. The caller folds the cell size into the horizontal rows and the
// floor height into the vertical offset, so a pixel costs three multiply-adds.
/** 3×3 row-major: (right/δ, forward/δ, up) · camera rotation */
export const P_ROTATION = 0;
/** camera position in grid cells (x, z: relative to the grid origin), then its height above the floor */
export const P_CAMERA = 9;
export const P_FX = 12;
export const P_FY = 13;
export const P_CX = 14;
export const P_CY = 15;
export const P_MIN_DEPTH = 16;
export const P_MAX_DEPTH = 17;
export const P_OBST_MIN = 18;
export const P_OBST_MAX = 19;
export const P_FLOOR_MIN = 20;
export const P_FLOOR_MAX = 21;
/** heights at or below it are drops (seen through a hole in the floor); −∞ when drops are ignored */
export const P_DROP_MAX = 22;
/**
 * cells a ray must pass a remembered obstacle by to free it (a whole number as f32): an earlier run's
 * wall, placed by a join a few cells off, is not cut by rays that end just behind it
 */
export const P_REMEMBERED_MARGIN = 23;
/**
 * 3×3 row-major, the inverse of P_ROTATION's matrix: (right, forward in cells; up in metres from the
 * camera) → camera coordinates in metres. Read only with column shadows (assembly/navcore/shadows.ts).
 */
export const P_INVERSE = 24;
/** f32 slots the `params` block holds */
export const PARAM_FLOATS = 36;

// i32 slots of the `counts` block written by the three stages (the caller zeroes them per frame).
export const C_VALID = 0;
export const C_OBSTACLE_PTS = 1;
export const C_FLOOR_PTS = 2;
export const C_CLIPPED = 3;
/** cells listed as candidates of the frame's column-shadow test (markCells, carveRays) */
export const C_CANDIDATES = 4;
/** the counters classifyRows writes (the helper thread's share is added to this thread's) */
export const CLASSIFY_COUNTERS = 3;
