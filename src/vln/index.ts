export * from './context.js';
export * from './routing.js';
export * from './accounting.js';
export * from './agents.js';
export * from './stop-tool.js';
export * from './loop.js';
export * from './native.js';
