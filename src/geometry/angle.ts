/** An angle in radians brought into (−π, π]: the signed difference of two headings. */
export function wrapAngle(a: number): number {
  return Math.atan2(Math.sin(a), Math.cos(a));
}
