// Cell states of an occupancy grid, one byte per cell.
export const UNKNOWN: u8 = 0;
export const FREE: u8 = 1;
export const OBSTACLE: u8 = 2;
// An obstacle carried over from an earlier run's map (a house memory). It blocks planning and is drawn
// like an obstacle, but its OBSTACLE bit is clear, so this run's rays and floor points turn it FREE:
// a saved map is a prior (misplaced by the relocalisation's error, or the room has changed), while an
// obstacle this run saw is never overwritten by free (SPEC §3).
export const REMEMBERED: u8 = 4;
