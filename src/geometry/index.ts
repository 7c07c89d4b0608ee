export * from './pose.js';
export * from './intrinsics.js';
export * from './frames.js';
