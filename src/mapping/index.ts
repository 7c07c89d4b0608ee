export * from './params.js';
export * from './occupancy-map.js';
export * from './grid-search.js';
export * from './planner.js';
export * from './floors.js';
export * from './render-map.js';
export * from './frontier.js';
export * from './floor-mapper.js';
