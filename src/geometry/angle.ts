/** An angle in radians brought into (−π, π]: the signed difference of two headings. */
export function wrapAngle(a: number): number {
  return Math.atan2(Math.sin(a), Math.cos(a));
}

/*
 * Planar headings on the floor (the navigator's frame): yaw 0 looks along +z and a left turn is
 * positive, so the heading `yaw` looks along (−sin yaw, cos yaw).
 */

/** The unit vector heading `yaw` looks along. */
export function headingVector(yaw: number): { x: number; z: number } {
  return { x: -Math.sin(yaw), z: Math.cos(yaw) };
}

/** The point `r` metres from `p` along heading `yaw`. */
export function pointAhead(p: { x: number; z: number }, yaw: number, r: number): { x: number; z: number } {
  return { x: p.x - Math.sin(yaw) * r, z: p.z + Math.cos(yaw) * r };
}

/** The heading that looks from `from` to `to`. */
export function headingTo(from: { x: number; z: number }, to: { x: number; z: number }): number {
  return Math.atan2(-(to.x - from.x), to.z - from.z);
}
