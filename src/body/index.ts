export * from './body.js';
export * from './sim-body.js';
export * from './tum.js';
