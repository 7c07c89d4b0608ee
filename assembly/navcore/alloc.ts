// Raw memory for TypeScript-owned buffers (frames, grids, work arrays). 16-byte aligned, so SIMD
// loads over them are aligned too. Nothing here is garbage-collected: the caller frees.

export function alloc(bytes: usize): usize {
  return heap.alloc(bytes);
}

export function free(ptr: usize): void {
  heap.free(ptr);
}
