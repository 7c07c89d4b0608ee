/** The public surface of src/mapping/: what the layers above it use. */
export { type FloorLayer, FloorMapper, type PosedDepth } from './floor-mapper.js';
export type { FloorTrackerOptions } from './floors.js';
export { FrontierFinder } from './frontier.js';
export { carryLayer, carryPoint, type PlanarRigid, planarRigidOf } from './layer-carry.js';
export { type DepthFrame, type GridSnapshot, MAX_GRID_CELLS, OccupancyMap } from './occupancy-map.js';
export { forgetRemembered } from './forget-remembered.js';
export { Cell, type MapParams } from './params.js';
export { type KeyframeView, type Reintegrated, reintegrateKeyframes } from './reintegrate.js';
export { type PlanarPoint, Planner, type PlanOptions, type PlanResult } from './planner.js';
export { LEGEND, type RenderedMap, renderMap } from './render-map.js';
export { fitScan, judgeJoin, type JoinFit, type ShiftFit } from './join-fit.js';
