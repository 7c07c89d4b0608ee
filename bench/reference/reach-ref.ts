/**
 * Plain TypeScript nearest-reachable cell, the kernel's former implementation: a 4-connected flood
 * over free cells from `start`, keeping the visited cell nearest (x, z) within `maxR` cells (ties:
 * first in flood order). The baseline for navcore's `nearestReachable` in bench and tests.
 */
export function nearestReachableRef(cells: Uint8Array, w: number, h: number, start: number, x: number, z: number, maxR: number): number {
  if (start < 0 || start >= w * h || cells[start] !== 1) return -1;
  const seen = new Uint8Array(w * h);
  const queue = new Int32Array(w * h);
  let head = 0,
    tail = 0,
    best = -1,
    bestD2 = maxR * maxR + 1;
  queue[tail++] = start;
  seen[start] = 1;
  const visit = (j: number) => {
    if (seen[j] || cells[j] !== 1) return;
    seen[j] = 1;
    queue[tail++] = j;
  };
  while (head < tail) {
    const i = queue[head++];
    const gx = i % w,
      gz = (i - gx) / w;
    const d2 = (gx - x) ** 2 + (gz - z) ** 2;
    if (d2 < bestD2) {
      bestD2 = d2;
      best = i;
    }
    if (gx + 1 < w) visit(i + 1);
    if (gx > 0) visit(i - 1);
    if (gz + 1 < h) visit(i + w);
    if (gz > 0) visit(i - w);
  }
  return best;
}
