// A rigid 2-D resample of one grid into another (carrying a floor layer from one world into another
// that differs by a turn about the up axis and a shift, e.g. after a late relocalisation). Each
// destination cell looks up the source cell under its centre (nearest neighbour, inverse mapping, so
// no destination cell is left with a hole between rotated source cells), and a KNOWN source cell
// overwrites it: the source holds the newer observations. Coordinates are in world cells; a world cell
// k spans [k, k + 1). The transform is dst = R·src + t with R = [[c, −s], [s, c]] on (x, z).
import { UNKNOWN } from './cells';

/**
 * Destination cells in rows z0..z1−1 and columns x0..x1−1 (grid-local, clipped to the grid) take the
 * known source cell under their centre. Returns the number of cells written.
 */
export function resampleRigid(
  src: usize, sw: i32, sh: i32, sox: i32, soz: i32,
  dst: usize, dw: i32, dh: i32, dox: i32, doz: i32,
  x0: i32, z0: i32, x1: i32, z1: i32,
  c: f64, s: f64, tx: f64, tz: f64,
): i32 {
  if (x0 < 0) x0 = 0;
  if (z0 < 0) z0 = 0;
  if (x1 > dw) x1 = dw;
  if (z1 > dh) z1 = dh;
  let written = 0;
  for (let gz = z0; gz < z1; gz++) {
    const wz = <f64>(doz + gz) + 0.5 - tz;
    const row = dst + <usize>(gz * dw);
    for (let gx = x0; gx < x1; gx++) {
      const wx = <f64>(dox + gx) + 0.5 - tx;
      // the inverse turn, Rᵀ·(p − t), computed afresh per cell so no rounding builds up along a row
      const sx = <i32>Math.floor(c * wx + s * wz) - sox, sz = <i32>Math.floor(-s * wx + c * wz) - soz;
      if (<u32>sx >= <u32>sw || <u32>sz >= <u32>sh) continue;
      const cell = load<u8>(src + <usize>(sz * sw + sx));
      if (cell == UNKNOWN) continue;
      store<u8>(row + <usize>gx, cell);
      written++;
    }
  }
  return written;
}
