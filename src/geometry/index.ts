export * from './pose.js';
export * from './intrinsics.js';
export * from './frames.js';
export * from './sim-frame.js';
export * from './angle.js';
export * from './heights.js';
