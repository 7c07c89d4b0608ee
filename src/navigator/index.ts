export * from './actions.js';
export * from './anchoring.js';
export * from './motion-check.js';
export * from './view-bank.js';
export * from './places.js';
export * from './navigator.js';
export * from './route-following.js';
export * from './navigator-memory.js';
