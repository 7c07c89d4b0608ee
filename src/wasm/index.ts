export * from './load.js';
export * from './memory.js';
export * from './navcore.js';
