export * from './pose-source.js';
export * from './ground-truth-pose-source.js';
export * from './encoder.js';
