export * from './template.js';
export * from './actor.js';
export * from './judge.js';
export * from './wakeup.js';
export * from './consolidation.js';
export * from './vln.js';
