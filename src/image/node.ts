/**
 * The Node-only part of src/image/: PNG encoding with pngjs, which needs Node's zlib and streams.
 * Kept out of index.ts so that the browser demo, which imports the image layer, never loads it.
 */
export { depthPng, encodePng, idsPng, rgbPng } from './png.js';
