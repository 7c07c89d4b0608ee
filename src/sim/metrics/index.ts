export * from './types.js';
export * from './path-length.js';
export * from './distance-to-goal.js';
export * from './success.js';
export * from './spl.js';
export * from './ndtw.js';
export * from './vln.js';
export * from './goat.js';
