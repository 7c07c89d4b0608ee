// navcore.wasm: the mapping and planning kernels. TypeScript owns every buffer and passes pointers.
export { alloc, free } from './alloc';
export { classifyScratchFloats, classifyRows } from './classify';
export { markCells, carveRays, countCells, rememberObstacles, blit, knownBounds } from './mapper';
export { freeSeen } from './shadows';
export { astar, astarColdBytes, nearestFree } from './astar';
export { rasterGrid } from './raster';
export { nearestFrontier, inflate } from './frontier';
export { nearestReachable } from './reach';
export { resampleRigid } from './resample';
