/**
 * The Node-only part of src/world/: the benchmark episode loaders (GOAT-Bench, R2R-CE, RxR-CE,
 * IR2R-CE), which read gzip-compressed files with node:fs and node:zlib. Kept out of index.ts so that
 * the browser demo never loads them.
 */
export * from './datasets/index.js';
