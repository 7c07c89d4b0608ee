// Cell states of an occupancy grid, one byte per cell.
export const UNKNOWN: u8 = 0;
export const FREE: u8 = 1;
export const OBSTACLE: u8 = 2;
