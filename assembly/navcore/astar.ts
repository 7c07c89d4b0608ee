// 8-connected A* over FREE cells (SPEC §4), in cell units (straight 1, diagonal √2); the caller
// scales by the cell size. Octile heuristic (consistent, so the first time the goal is popped its
// cost is optimal); ties on f go to the larger g, then to the smaller cell index (a total order, so
// the expansion order does not depend on how the queue is built); a diagonal step needs both
// orthogonal neighbours free, so paths never cut an obstacle's corner.
//
// The queue, fastest first: the best cell the last expansion opened waits in a slot and is expanded
// directly when it precedes the rest; cells in f bands below `curBand` sit in an indexed 4-ary heap
// with decrease-key; later bands keep theirs unsorted until the heap runs dry.
//
// Work memory, owned by the caller and reused across searches, split by how hot it is:
//   states:    one u16 per cell, stamp << 3 | direction, the only per-cell data most relaxations
//              touch. Stamp `gen` means open, `gen + 1` closed, anything else unseen: the caller
//              advances gen by 2 per search and zeroes the states before it would pass 8191, so
//              nothing is cleared per search. The direction (0..7) is that of the step that reached
//              the cell.
//   positions: one i32 per cell while open: its heap slot k >= 0, or -1 - i for band entry i.
//   heap:      one 32-byte entry per slot {f: f64, g: f64, node: i32, pad}, f and g as raw bits.
//              An open cell's g lives only in its entry (closed cells never need theirs again).
//   cold:      the band store (astarColdBytes(n) bytes).
// Cell coordinates travel with indices (no division in the loop).
import { FREE } from './cells';

const SQRT2: f64 = 1.4142135623730951;
const MAX_STAMP: u32 = 8191; // 13 bits above the 3 of the direction
const ENTRY: usize = 32;
const E_F: usize = 0, E_G: usize = 8, E_NODE: usize = 16;
// Open cells are split by f into bands of width 1/BANDS_PER_CELL: the heap holds the cells of the
// bands below `curBand`; each later band keeps its cells unsorted in chunks of CHUNK entries. With
// a consistent heuristic every open f lies within 2√2 of the smallest, so RING band slots (a span
// of RING / BANDS_PER_CELL = 4 cells) never wrap onto each other. A power-of-two band width makes
// the band of f exact (f · 16 has no rounding).
const BANDS_PER_CELL: f64 = 16;
const RING: i32 = 64;
const CHUNK: i32 = 32;
const COLD: usize = 24;

let states: usize = 0, positions: usize = 0, heap: usize = 0;
let heapSize: i32 = 0;
// band store: ring slot -> first chunk (-1 none); chunk -> next chunk, entry count; the entries
let bandHead: usize = 0, chunkNext: usize = 0, chunkCount: usize = 0, chunks: usize = 0;
let curBand: i64 = 0, occupied: u64 = 0, freeChunk: i32 = -1, freshChunk: i32 = 0;
let open: u32 = 0, closed: u32 = 0;
let tx: i32 = 0, tz: i32 = 0;
// the best cell newly opened by the current expansion, not yet in the heap (bestNode -1: none)
let bestF: i64 = 0, bestG: i64 = 0, bestNode: i32 = -1;

@inline function state(i: i32): usize { return states + (<usize>i << 1); }
@inline function position(i: i32): usize { return positions + (<usize>i << 2); }
@inline function slot(k: i32): usize { return heap + <usize>k * ENTRY; }
@inline function coldSlot(i: i32): usize { return chunks + <usize>i * COLD; }
@inline function bandOf(f: f64): i64 { return <i64>(f * BANDS_PER_CELL); }
@inline function headOf(r: i32): usize { return bandHead + (<usize>r << 2); }
@inline function nextOf(c: i32): usize { return chunkNext + (<usize>c << 2); }
@inline function countOf(c: i32): usize { return chunkCount + (<usize>c << 2); }

function chunkCountFor(n: i32): i32 { return (n + CHUNK - 1) / CHUNK + RING + 1; }

/** Bytes of the band store astar needs for a grid of n cells (its `coldMem` argument). */
export function astarColdBytes(n: i32): i32 {
  const c = chunkCountFor(n);
  return RING * 4 + c * 8 + c * CHUNK * <i32>COLD;
}

// The queue's total order: smaller f, then larger g, then smaller cell index. Being total (an open
// cell appears once), it alone fixes the expansion order, whatever the heap's shape or sift order.
// f and g are non-negative finite doubles, kept as their IEEE bit patterns: for those, integer
// order is numeric order, and integer compares need no NaN handling. Written without
// short-circuits so that it compiles to flag arithmetic, not branches: which child is smaller is a
// coin toss the branch predictor cannot learn.
@inline function before(fa: i64, ga: i64, na: i32, fb: i64, gb: i64, nb: i32): bool {
  return (fa < fb) | ((fa == fb) & ((ga > gb) | ((ga == gb) & (na < nb))));
}

@inline function entryBefore(a: usize, b: usize): bool {
  return before(
    load<i64>(a, E_F), load<i64>(a, E_G), load<i32>(a, E_NODE),
    load<i64>(b, E_F), load<i64>(b, E_G), load<i32>(b, E_NODE),
  );
}

@inline function put(k: i32, f: i64, g: i64, node: i32): void {
  const e = slot(k);
  store<i64>(e, f, E_F);
  store<i64>(e, g, E_G);
  store<i32>(e, node, E_NODE);
  store<i32>(position(node), k);
}

// 4-ary heap: half the levels of a binary heap; the four children of a slot are adjacent.
function siftUp(k: i32, f: i64, g: i64, node: i32): void {
  while (k > 0) {
    const p = (k - 1) >> 2;
    const e = slot(p);
    const pf = load<i64>(e, E_F), pg = load<i64>(e, E_G), pn = load<i32>(e, E_NODE);
    if (!before(f, g, node, pf, pg, pn)) break;
    put(k, pf, pg, pn);
    k = p;
  }
  put(k, f, g, node);
}

// Removes the root. Bottom-up: the hole left by the root descends along the smallest children to
// a leaf (no comparison against the entry being placed), then the last entry rises from there,
// rarely by more than a level since it is among the largest. Entries move as two 16-byte vectors.
function popRoot(): void {
  const n = --heapSize;
  if (n == 0) return;
  const base = heap, pos = positions;
  const last = base + <usize>n * ENTRY;
  const f = load<i64>(last, E_F), g = load<i64>(last, E_G), node = load<i32>(last, E_NODE);
  let k = 0;
  let hole = base;
  while (true) {
    const c0 = 4 * k + 1;
    if (c0 >= n) break;
    const e0 = base + <usize>c0 * ENTRY;
    let c = 0;
    if (c0 + 3 < n) {
      // all four children: a tournament of two pairs, two compares deep
      const a = select<i32>(1, 0, entryBefore(e0 + ENTRY, e0));
      const b = select<i32>(3, 2, entryBefore(e0 + 3 * ENTRY, e0 + 2 * ENTRY));
      c = select<i32>(b, a, entryBefore(e0 + <usize>b * ENTRY, e0 + <usize>a * ENTRY));
    } else {
      for (let j = 1; j < n - c0; j++) c = select<i32>(j, c, entryBefore(e0 + <usize>j * ENTRY, e0 + <usize>c * ENTRY));
    }
    const e = e0 + <usize>c * ENTRY;
    v128.store(hole, v128.load(e));
    v128.store(hole, v128.load(e, 16), 16);
    store<i32>(pos + (<usize>load<i32>(e, E_NODE) << 2), k);
    k = c0 + c;
    hole = e;
  }
  siftUp(k, f, g, node);
}

@inline function bits(x: f64): i64 { return reinterpret<i64>(x); }

@inline function octile(x: i32, z: i32): f64 {
  const dx = <f64>abs<i32>(x - tx), dz = <f64>abs<i32>(z - tz);
  return dx > dz ? dx - dz + SQRT2 * dz : dz - dx + SQRT2 * dx;
}

@inline function isFree(grid: usize, i: i32): bool {
  return load<u8>(grid + <usize>i) == FREE;
}

// Queues an open cell: into the heap when its band is below curBand, else into its band.
@inline function insert(f: i64, g: i64, node: i32): void {
  const band = bandOf(reinterpret<f64>(f));
  if (band < curBand) siftUp(heapSize++, f, g, node);
  else bandPush(band, f, g, node);
}

@inline function putCold(i: i32, f: i64, g: i64, node: i32): void {
  const c = coldSlot(i);
  store<i64>(c, f, E_F);
  store<i64>(c, g, E_G);
  store<i32>(c, node, E_NODE);
  store<i32>(position(node), -1 - i);
}

function bandPush(band: i64, f: i64, g: i64, node: i32): void {
  const r = <i32>(band & (RING - 1));
  let c = load<i32>(headOf(r));
  if (c < 0 || load<i32>(countOf(c)) == CHUNK) {
    let fresh: i32;
    if (freeChunk >= 0) { fresh = freeChunk; freeChunk = load<i32>(nextOf(fresh)); }
    else fresh = freshChunk++;
    store<i32>(nextOf(fresh), c);
    store<i32>(countOf(fresh), 0);
    store<i32>(headOf(r), fresh);
    occupied |= <u64>1 << r;
    c = fresh;
  }
  const k = load<i32>(countOf(c));
  store<i32>(countOf(c), k + 1);
  putCold(c * CHUNK + k, f, g, node);
}

// Takes entry i (of band `band`) out of its band: the band's last entry fills the gap.
function bandRemove(i: i32, band: i64): void {
  const r = <i32>(band & (RING - 1));
  const c = load<i32>(headOf(r));
  const k = load<i32>(countOf(c)) - 1;
  const lastI = c * CHUNK + k;
  if (lastI != i) {
    const last = coldSlot(lastI);
    putCold(i, load<i64>(last, E_F), load<i64>(last, E_G), load<i32>(last, E_NODE));
  }
  store<i32>(countOf(c), k);
  if (k == 0) releaseHead(r, c);
}

@inline function releaseHead(r: i32, c: i32): void {
  const next = load<i32>(nextOf(c));
  store<i32>(headOf(r), next);
  if (next < 0) occupied &= ~(<u64>1 << r);
  store<i32>(nextOf(c), freeChunk);
  freeChunk = c;
}

// With the heap empty, moves the next non-empty band into it.
function refill(): void {
  if (occupied == 0) return;
  const band = curBand + <i64>ctz<u64>(rotr<u64>(occupied, <u64>(curBand & (RING - 1))));
  const r = <i32>(band & (RING - 1));
  curBand = band + 1;
  let c = load<i32>(headOf(r));
  while (c >= 0) {
    const k = load<i32>(countOf(c));
    for (let j = 0; j < k; j++) {
      const e = coldSlot(c * CHUNK + j);
      siftUp(heapSize++, load<i64>(e, E_F), load<i64>(e, E_G), load<i32>(e, E_NODE));
    }
    const next = load<i32>(nextOf(c));
    releaseHead(r, c);
    c = next;
  }
}

// Relaxes the edge into free cell nb = (x, z), reached by a step of `cost` in direction `dir`.
@inline function relax(nb: i32, x: i32, z: i32, cost: f64, dir: u32, gc: f64): void {
  const r = state(nb);
  const m = <u32>load<u16>(r) >> 3;
  if (m == closed) return;
  const ng = gc + cost;
  if (m == open) {
    const k = load<i32>(position(nb));
    if (k >= 0) {
      if (ng >= load<f64>(slot(k), E_G)) return;
      store<u16>(r, <u16>(open << 3 | dir));
      siftUp(k, bits(ng + octile(x, z)), bits(ng), nb);
    } else {
      const i = -1 - k;
      const c = coldSlot(i);
      if (ng >= load<f64>(c, E_G)) return;
      store<u16>(r, <u16>(open << 3 | dir));
      const f = ng + octile(x, z);
      const oldBand = bandOf(load<f64>(c, E_F)), band = bandOf(f);
      if (band == oldBand) {
        store<i64>(c, bits(f), E_F);
        store<i64>(c, bits(ng), E_G);
      } else {
        bandRemove(i, oldBand);
        insert(bits(f), bits(ng), nb);
      }
    }
  } else {
    store<u16>(r, <u16>(open << 3 | dir));
    const f = bits(ng + octile(x, z)), g = bits(ng);
    // The best new cell of this expansion waits outside the queue (see `astar`).
    if (bestNode < 0) {
      bestF = f; bestG = g; bestNode = nb;
    } else if (before(f, g, nb, bestF, bestG, bestNode)) {
      insert(bestF, bestG, bestNode);
      bestF = f; bestG = g; bestNode = nb;
    } else {
      insert(f, g, nb);
    }
  }
}

/**
 * Searches from cell `start` to cell `goal` (row-major indices; both must be FREE). On success writes
 * the path (start..goal indices) to `path` and returns its node count; returns -1 when unreachable.
 * stats (f64): [0] path cost in cells, [1] expansions, [2] path node count.
 */
export function astar(
  grid: usize, w: i32, h: i32, start: i32, goal: i32,
  stateMem: usize, positionMem: usize, heapMem: usize, coldMem: usize, gen: u32, path: usize, stats: usize,
): i32 {
  // the four children of a slot (4k+1..4k+4) fill two whole cache lines
  states = stateMem; positions = positionMem; heap = ((heapMem + 32 + 127) & ~127) - 32; heapSize = 0;
  const nChunks = chunkCountFor(w * h);
  bandHead = coldMem; chunkNext = bandHead + <usize>RING * 4; chunkCount = chunkNext + <usize>nChunks * 4;
  chunks = chunkCount + <usize>nChunks * 4;
  memory.fill(bandHead, 0xff, <usize>RING * 4);
  occupied = 0; freeChunk = -1; freshChunk = 0;
  if (gen < 2 || gen + 1 > MAX_STAMP) unreachable(); // a caller bug: stamps would alias
  open = gen; closed = gen + 1;
  const n = w * h;
  store<f64>(stats, -1);
  store<f64>(stats, 0, 8);
  store<f64>(stats, 0, 16);
  if (<u32>start >= <u32>n || <u32>goal >= <u32>n || !isFree(grid, start) || !isFree(grid, goal)) return -1;
  tx = goal % w; tz = goal / w;

  store<u16>(state(start), <u16>(open << 3));
  const h0 = octile(start % w, start / w);
  bestF = bits(h0); bestG = 0; bestNode = start;
  curBand = bandOf(h0); // the start enters the store in the first band

  let expansions: i32 = 0;
  let cost: f64 = -1;
  // The next cell is the first in the queue order among the heap and the best cell the last
  // expansion opened. That cell usually wins (same f as its parent, larger g), so it bypasses the
  // heap: no push, no pop. The order of expansions is exactly that of a single queue.
  while (true) {
    let cur: i32 = -1, gc: f64 = 0;
    const top = slot(0);
    if (bestNode >= 0) {
      // inside the band it precedes every cold cell
      if (bandOf(reinterpret<f64>(bestF)) < curBand &&
          (heapSize == 0 || before(bestF, bestG, bestNode, load<i64>(top, E_F), load<i64>(top, E_G), load<i32>(top, E_NODE)))) {
        cur = bestNode; gc = reinterpret<f64>(bestG);
      } else {
        insert(bestF, bestG, bestNode);
      }
      bestNode = -1;
    }
    if (cur < 0) {
      if (heapSize == 0) refill();
      if (heapSize == 0) break;
      cur = load<i32>(top, E_NODE); gc = load<f64>(top, E_G);
      popRoot();
    }
    store<u16>(state(cur), <u16>(closed << 3) | (load<u16>(state(cur)) & 7));
    if (cur == goal) { cost = gc; break; }
    expansions++;
    const cz = cur / w, cx = cur - cz * w;
    // The four orthogonal neighbours' freeness gates the diagonals.
    const left = cx > 0 && isFree(grid, cur - 1);
    const right = cx < w - 1 && isFree(grid, cur + 1);
    const up = cz > 0 && isFree(grid, cur - w);
    const down = cz < h - 1 && isFree(grid, cur + w);
    if (left) relax(cur - 1, cx - 1, cz, 1, 0, gc);
    if (right) relax(cur + 1, cx + 1, cz, 1, 1, gc);
    if (up) relax(cur - w, cx, cz - 1, 1, 2, gc);
    if (down) relax(cur + w, cx, cz + 1, 1, 3, gc);
    if (left && up && isFree(grid, cur - w - 1)) relax(cur - w - 1, cx - 1, cz - 1, SQRT2, 4, gc);
    if (right && up && isFree(grid, cur - w + 1)) relax(cur - w + 1, cx + 1, cz - 1, SQRT2, 5, gc);
    if (left && down && isFree(grid, cur + w - 1)) relax(cur + w - 1, cx - 1, cz + 1, SQRT2, 6, gc);
    if (right && down && isFree(grid, cur + w + 1)) relax(cur + w + 1, cx + 1, cz + 1, SQRT2, 7, gc);
  }
  store<f64>(stats, <f64>expansions, 8);
  if (cost < 0) return -1;

  // Walk the directions back from the goal: first to count, then to write start..goal in order.
  let count = 1;
  for (let i = goal; i != start; i = back(i, w)) count++;
  let k = count - 1;
  for (let i = goal; ; i = back(i, w)) {
    store<i32>(path + (<usize>k << 2), i);
    if (i == start) break;
    k--;
  }
  store<f64>(stats, cost);
  store<f64>(stats, <f64>count, 16);
  return count;
}

// The cell a step in direction dirs[i] came from (directions as numbered in the relaxations above).
@inline function back(i: i32, w: i32): i32 {
  switch (load<u16>(state(i)) & 7) {
    case 0: return i + 1;
    case 1: return i - 1;
    case 2: return i + w;
    case 3: return i - w;
    case 4: return i + w + 1;
    case 5: return i + w - 1;
    case 6: return i - w + 1;
    default: return i - w - 1;
  }
}

/**
 * The FREE cell nearest (Euclidean, in cells) to (x, z), searching rings of growing Chebyshev radius
 * up to maxR; ties keep the first found in ring order. (x, z) may lie outside the grid. Returns the
 * cell index or -1.
 */
export function nearestFree(grid: usize, w: i32, h: i32, x: i32, z: i32, maxR: i32): i32 {
  let best = -1;
  let bestD2: i64 = i64.MAX_VALUE;
  for (let r = 0; r <= maxR; r++) {
    for (let dz = -r; dz <= r; dz++) {
      const onEdgeRow = dz == -r || dz == r;
      const step = onEdgeRow ? 1 : 2 * r;
      for (let dx = -r; dx <= r; dx += step) {
        const cx = x + dx, cz = z + dz;
        if (<u32>cx < <u32>w && <u32>cz < <u32>h) {
          const i = cz * w + cx;
          if (isFree(grid, i)) {
            const d2 = <i64>dx * dx + <i64>dz * dz;
            if (d2 < bestD2) { bestD2 = d2; best = i; }
          }
        }
        if (step == 0) break;
      }
    }
    if (best >= 0 && bestD2 <= <i64>(r + 1) * (r + 1)) break;
  }
  return best;
}
