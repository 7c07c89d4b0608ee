export * from './goal-evaluation.js';
export * from './cost.js';
export * from './accuracy.js';
export * from './run-metrics.js';
