// render.wasm: the simulator's rasteriser, texture synthesis and sensor noise. Memory is owned by the
// TypeScript side through alloc/free; kernels take raw pointers and never allocate.
export { setTarget, setSetupBuffer, setTileBuffer, setView, clear, drawTriangles, drawRuns, resolve } from './raster';
export { texWood, texTiles, texWallpaper, texPainting, texFabric, texRug, texBooks, texLandscape } from './textures';
export { noiseSeed, rgbNoise, depthNoise } from './noise';

export function alloc(bytes: usize): usize {
  return heap.alloc(bytes);
}

export function free(ptr: usize): void {
  heap.free(ptr);
}
