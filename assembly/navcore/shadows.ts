// Column shadows (MapParams.shadows; a departure from SPEC §3, docs/architecture.md): a frame frees a
// cell only where it saw the whole obstacle band of the cell's column empty. Without the rule a ray
// that passes over a low object (or under a high one) to a far wall frees every cell it crosses,
// although the column behind the object was seen only above (or below) the line through its edge;
// a floor point frees its cell although the band above it may be hidden (under a table).
//
// With the rule, the cells a frame would free (floor points and carved rays, as without it) are only
// candidates, flagged in the grid byte and listed; after the frame's obstacles are marked, each
// candidate is freed only if every pixel along the image of its column's band (the cell centre from
// obstacleMin to obstacleMax above the floor) saw at least as far as the column: the band lies inside
// the image and in front of the camera, and no depth reading along it stops short of it. A cell whose
// band was cut by the edge of the view, hidden behind anything nearer, or read as no depth stays as it
// was. The test depends only on the frame, so the result is order-independent like the rest.
import { pf } from './blocks';
import { FREE, OBSTACLE } from './cells';
import {
  P_CAMERA, P_FX, P_FY, P_CX, P_CY, P_MIN_DEPTH, P_OBST_MIN, P_OBST_MAX, P_INVERSE, C_CANDIDATES, C_CLIPPED,
} from '../../src/mapping/mapper-abi';

/** A cell this frame would free, pending the column test (only between marking and `freeSeen`). */
export const CANDIDATE: u8 = 0x40;

/**
 * Lists grid cell `i` as a candidate unless it is known already (free, an obstacle, or listed in
 * this frame): unknown and remembered cells are the ones a free would change. The list holds
 * `cap` cells and its length is counts[C_CANDIDATES]; beyond it the cell is left as it was and
 * counted as clipped.
 */
@inline export function candidate(grid: usize, i: i32, cands: usize, cap: i32, counts: usize): void {
  const cell = grid + <usize>i;
  const s = load<u8>(cell);
  if (s & (FREE | OBSTACLE | CANDIDATE)) return;
  const pn = counts + (<usize>C_CANDIDATES << 2);
  const n = load<i32>(pn);
  if (n >= cap) {
    const pc = counts + (<usize>C_CLIPPED << 2);
    store<i32>(pc, load<i32>(pc) + 1);
    return;
  }
  store<u8>(cell, s | CANDIDATE);
  store<i32>(cands + (<usize>n << 2), i);
  store<i32>(pn, n + 1);
}

/**
 * Whether a frame saw the obstacle band of grid cell (x, z)'s column whole and empty: its centre
 * from obstacleMin to obstacleMax is taken to camera coordinates (params P_INVERSE: grid → camera),
 * both ends must be at least minDepth ahead and inside the image (pixel centres at integers), and
 * every pixel on the segment's image, one per step along its longer image axis, must read a depth at
 * least the segment's there (1/depth interpolates linearly in the image). A missing reading (NaN,
 * zero) hides the column; one beyond maxDepth saw through it. The centre x + 0.5 is exact in f32
 * while x < 2^23: a layer holds at most 2^24 cells (MAX_GRID_CELLS) and grows from 64×64, so its
 * sides stay far below that; only a restored grid over 2^23 cells wide would have its centres
 * rounded, alike in the TypeScript reference.
 */
export function columnSeen(params: usize, depth: usize, w: i32, h: i32, x: i32, z: i32): bool {
  const dx: f32 = <f32>x + 0.5 - pf(params, P_CAMERA), dz: f32 = <f32>z + 0.5 - pf(params, P_CAMERA + 1);
  const b2 = pf(params, P_CAMERA + 2);
  const h0: f32 = pf(params, P_OBST_MIN) - b2, h1: f32 = pf(params, P_OBST_MAX) - b2;
  const i = P_INVERSE;
  const cx: f32 = pf(params, i) * dx + pf(params, i + 1) * dz, kx = pf(params, i + 2);
  const cy: f32 = pf(params, i + 3) * dx + pf(params, i + 4) * dz, ky = pf(params, i + 5);
  const cz: f32 = pf(params, i + 6) * dx + pf(params, i + 7) * dz, kz = pf(params, i + 8);
  const z0: f32 = cz + kz * h0, z1: f32 = cz + kz * h1;
  const minD = pf(params, P_MIN_DEPTH);
  if (!(z0 >= minD && z1 >= minD)) return false;
  const fx = pf(params, P_FX), fy = pf(params, P_FY), ppx = pf(params, P_CX), ppy = pf(params, P_CY);
  const u0: f32 = (fx * (cx + kx * h0)) / z0 + ppx, v0: f32 = (fy * (cy + ky * h0)) / z0 + ppy;
  const u1: f32 = (fx * (cx + kx * h1)) / z1 + ppx, v1: f32 = (fy * (cy + ky * h1)) / z1 + ppy;
  const wMax: f32 = <f32>w - 0.5, hMax: f32 = <f32>h - 0.5;
  if (!(u0 >= -0.5 && u0 < wMax && u1 >= -0.5 && u1 < wMax && v0 >= -0.5 && v0 < hMax && v1 >= -0.5 && v1 < hMax)) return false;
  const du: f32 = u1 - u0, dv: f32 = v1 - v0;
  const iz0: f32 = <f32>1 / z0, diz: f32 = <f32>1 / z1 - iz0;
  const n = <i32>Mathf.ceil(Mathf.max(Mathf.abs(du), Mathf.abs(dv)));
  const step: f32 = n > 0 ? <f32>1 / <f32>n : 0;
  // Every pixel must pass, so the order is free: every SPARSE-th first, then the ones between. A
  // column that fails is mostly hidden along a run of pixels (a nearer object, missing readings),
  // which the sparse pass meets within a few steps; one that passes costs the same steps either way.
  for (let first = 0; first < SPARSE; first++) {
    for (let k = first; k <= n; k += SPARSE) {
      const t: f32 = <f32>k * step;
      // clamped: u0 + t·du may round past the segment's ends by an ulp
      const pu = min<i32>(max<i32>(<i32>Mathf.floor(u0 + t * du + 0.5), 0), w - 1);
      const pv = min<i32>(max<i32>(<i32>Mathf.floor(v0 + t * dv + 0.5), 0), h - 1);
      const d = load<f32>(depth + (<usize>(pv * w + pu) << 2));
      if (!(d * (iz0 + t * diz) >= 1)) return false;
    }
  }
  return true;
}

/** The stride of columnSeen's first pass along a band's pixels. */
const SPARSE = 8;

/**
 * The column test over the `n` candidates of a frame whose obstacles are marked: each is freed if
 * the frame saw its column whole (`columnSeen`), else left as it was. Returns the number freed.
 */
export function freeSeen(params: usize, grid: usize, gw: i32, cands: usize, n: i32, depth: usize, w: i32, h: i32): i32 {
  let freed = 0;
  for (let k = 0; k < n; k++) {
    const i = load<i32>(cands + (<usize>k << 2));
    const cell = grid + <usize>i;
    const s = load<u8>(cell);
    if (s & OBSTACLE) continue; // an endpoint of this frame after it was listed
    if (columnSeen(params, depth, w, h, i % gw, i / gw)) {
      store<u8>(cell, FREE);
      freed++;
    } else {
      store<u8>(cell, s & ~CANDIDATE);
    }
  }
  return freed;
}
