export * from './schema.js';
export * from './sites.js';
export * from './goat.js';
export * from './instruction.js';
export * from './route-text.js';
export * from './dataset.js';
