/**
 * Plain TypeScript references for the planner: the same 8-connected A* as navcore (octile, ties to
 * larger g, no corner cutting) as the speed baseline, and Dijkstra as the optimality oracle.
 * Grids: Uint8Array, 1 = free (walkable), anything else blocked. Costs in cells.
 */
const SQRT2 = Math.SQRT2;

export interface SearchResult {
  cost: number; // −1 when unreachable
  path: number[];
  expansions: number;
}

function neighbours(grid: Uint8Array, w: number, h: number, cur: number, out: [number, number][]): void {
  out.length = 0;
  const x = cur % w,
    z = (cur / w) | 0;
  const free = (i: number) => grid[i] === 1;
  const l = x > 0 && free(cur - 1),
    r = x < w - 1 && free(cur + 1),
    u = z > 0 && free(cur - w),
    d = z < h - 1 && free(cur + w);
  if (l) out.push([cur - 1, 1]);
  if (r) out.push([cur + 1, 1]);
  if (u) out.push([cur - w, 1]);
  if (d) out.push([cur + w, 1]);
  if (l && u && free(cur - w - 1)) out.push([cur - w - 1, SQRT2]);
  if (r && u && free(cur - w + 1)) out.push([cur - w + 1, SQRT2]);
  if (l && d && free(cur + w - 1)) out.push([cur + w - 1, SQRT2]);
  if (r && d && free(cur + w + 1)) out.push([cur + w + 1, SQRT2]);
}

/** Binary heap of [key, tiebreak, node] ordered by key then larger tiebreak (lazy deletion). */
class Heap {
  private items: [number, number, number][] = [];
  get size() {
    return this.items.length;
  }
  private less(a: [number, number, number], b: [number, number, number]) {
    return a[0] < b[0] || (a[0] === b[0] && a[1] > b[1]);
  }
  push(x: [number, number, number]) {
    const it = this.items;
    it.push(x);
    let k = it.length - 1;
    while (k > 0) {
      const p = (k - 1) >> 1;
      if (!this.less(it[k], it[p])) break;
      [it[k], it[p]] = [it[p], it[k]];
      k = p;
    }
  }
  pop(): [number, number, number] {
    const it = this.items;
    const top = it[0];
    const last = it.pop()!;
    if (it.length) {
      it[0] = last;
      let k = 0;
      for (;;) {
        const l = 2 * k + 1,
          r = l + 1;
        let m = k;
        if (l < it.length && this.less(it[l], it[m])) m = l;
        if (r < it.length && this.less(it[r], it[m])) m = r;
        if (m === k) break;
        [it[k], it[m]] = [it[m], it[k]];
        k = m;
      }
    }
    return top;
  }
}

/** Dijkstra (lazy-deletion heap); `heuristic` 0 gives plain Dijkstra. */
function search(grid: Uint8Array, w: number, h: number, start: number, goal: number, heuristic: (i: number) => number): SearchResult {
  if (grid[start] !== 1 || grid[goal] !== 1) return { cost: -1, path: [], expansions: 0 };
  const g = new Float64Array(w * h).fill(Infinity);
  const parent = new Int32Array(w * h).fill(-1);
  const closed = new Uint8Array(w * h);
  const heap = new Heap();
  g[start] = 0;
  heap.push([heuristic(start), 0, start]);
  const nb: [number, number][] = [];
  let expansions = 0;
  while (heap.size) {
    const [, gc, cur] = heap.pop();
    if (closed[cur] || gc > g[cur]) continue;
    closed[cur] = 1;
    if (cur === goal) {
      return { cost: g[goal], path: tracePath(parent, goal), expansions };
    }
    expansions++;
    neighbours(grid, w, h, cur, nb);
    for (const [n, c] of nb) {
      if (closed[n]) continue;
      const ng = gc + c;
      if (ng < g[n]) {
        g[n] = ng;
        parent[n] = cur;
        heap.push([ng + heuristic(n), ng, n]);
      }
    }
  }
  return { cost: -1, path: [], expansions };
}

/**
 * A* with an indexed binary heap and decrease-key. Its queue order is navcore's total order (smaller
 * f, then larger g, then smaller cell index; f = g + h in the same double arithmetic), so although
 * navcore's queue is shaped differently (4-ary heap plus a slot that lets the best new cell bypass
 * it), both expand the same cells in the same order: same path, same expansion count.
 */
/** The cells from the start to `goal`, following the parent links back. */
function tracePath(parent: ArrayLike<number>, goal: number): number[] {
  const path: number[] = [];
  for (let i = goal; i !== -1; i = parent[i]) path.push(i);
  return path.reverse();
}

export function astarRef(grid: Uint8Array, w: number, h: number, start: number, goal: number): SearchResult {
  if (grid[start] !== 1 || grid[goal] !== 1) return { cost: -1, path: [], expansions: 0 };
  const n = w * h;
  const tx = goal % w,
    tz = (goal / w) | 0;
  const hOf = (i: number) => {
    const dx = Math.abs((i % w) - tx),
      dz = Math.abs(((i / w) | 0) - tz);
    return dx > dz ? dx - dz + SQRT2 * dz : dz - dx + SQRT2 * dx;
  };
  const g = new Float64Array(n),
    f = new Float64Array(n);
  const parent = new Int32Array(n),
    pos = new Int32Array(n),
    heap = new Int32Array(n);
  const state = new Uint8Array(n); // 0 new, 1 open, 2 closed
  let size = 0;
  const before = (a: number, b: number) => f[a] < f[b] || (f[a] === f[b] && (g[a] > g[b] || (g[a] === g[b] && a < b)));
  const put = (k: number, node: number) => {
    heap[k] = node;
    pos[node] = k;
  };
  const up = (k: number) => {
    const node = heap[k];
    while (k > 0) {
      const p = (k - 1) >> 1;
      if (!before(node, heap[p])) break;
      put(k, heap[p]);
      k = p;
    }
    put(k, node);
  };
  const down = (k: number) => {
    const node = heap[k];
    for (;;) {
      const l = 2 * k + 1;
      if (l >= size) break;
      let c = l;
      if (l + 1 < size && before(heap[l + 1], heap[l])) c = l + 1;
      if (!before(heap[c], node)) break;
      put(k, heap[c]);
      k = c;
    }
    put(k, node);
  };
  g[start] = 0;
  f[start] = hOf(start);
  parent[start] = -1;
  state[start] = 1;
  put(0, start);
  size = 1;
  const nb: [number, number][] = [];
  let expansions = 0;
  while (size > 0) {
    const cur = heap[0];
    size--;
    if (size > 0) {
      put(0, heap[size]);
      down(0);
    }
    state[cur] = 2;
    if (cur === goal) {
      return { cost: g[goal], path: tracePath(parent, goal), expansions };
    }
    expansions++;
    neighbours(grid, w, h, cur, nb);
    for (const [m, c] of nb) {
      if (state[m] === 2) continue;
      const ng = g[cur] + c;
      if (state[m] === 1) {
        if (ng >= g[m]) continue;
        g[m] = ng;
        f[m] = ng + hOf(m);
        parent[m] = cur;
        up(pos[m]);
      } else {
        state[m] = 1;
        g[m] = ng;
        f[m] = ng + hOf(m);
        parent[m] = cur;
        put(size, m);
        size++;
        up(size - 1);
      }
    }
  }
  return { cost: -1, path: [], expansions };
}

export function dijkstraRef(grid: Uint8Array, w: number, h: number, start: number, goal: number): SearchResult {
  return search(grid, w, h, start, goal, () => 0);
}
