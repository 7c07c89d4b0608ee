// The params (f32) and counts (i32) blocks the mapper kernels share with OccupancyMap, by slot
// (src/mapping/mapper-abi.ts).

/** f32 slot `i` of a params block. */
@inline export function pf(params: usize, i: i32): f32 {
  return load<f32>(params + (<usize>i << 2));
}

/** Adds `by` to i32 slot `i` of a counts block. */
@inline export function bump(counts: usize, i: i32, by: i32): void {
  const p = counts + (<usize>i << 2);
  store<i32>(p, load<i32>(p) + by);
}
