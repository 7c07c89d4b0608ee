export * from './tool.js';
export * from './context.js';
export * from './budget.js';
export * from './registry.js';
export { MAX_ACTIONS_PER_STEP } from './motion.js';
