// Colours a window of an occupancy grid into an RGBA image for map rendering: `scale` pixels per
// cell, image up = +forward (grid row zMax at the top), image right = +right.
import { FREE, OBSTACLE, REMEMBERED } from './cells';

export function rasterGrid(
  grid: usize, gw: i32, gh: i32,
  x0: i32, z0: i32, cols: i32, rows: i32, scale: i32,
  out: usize, unknownRgba: u32, freeRgba: u32, obstacleRgba: u32,
): void {
  const iw = cols * scale;
  for (let r = 0; r < rows; r++) {
    const gz = z0 + rows - 1 - r;
    const rowOut = out + (<usize>(r * scale * iw) << 2);
    for (let c = 0; c < cols; c++) {
      const gx = x0 + c;
      let colour = unknownRgba;
      if (<u32>gx < <u32>gw && <u32>gz < <u32>gh) {
        const s = load<u8>(grid + <usize>(gz * gw + gx));
        if (s == FREE) colour = freeRgba;
        else if (s == OBSTACLE || s == REMEMBERED) colour = obstacleRgba;
      }
      const px = rowOut + (<usize>(c * scale) << 2);
      for (let k = 0; k < scale; k++) store<u32>(px + (<usize>k << 2), colour);
    }
    // The first pixel row of this cell row is done; repeat it scale−1 times.
    for (let k = 1; k < scale; k++) {
      memory.copy(rowOut + (<usize>(k * iw) << 2), rowOut, <usize>(iw << 2));
    }
  }
}
