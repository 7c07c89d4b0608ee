/** A read-only copy of one floor layer of the estimated map, with cell helpers in world cells. */
import { type GridSnapshot, Cell, type PlanarPoint } from '../../mapping/index.js';
import type { Navigator } from '../../navigator/index.js';

export class GridView {
  constructor(
    readonly g: GridSnapshot,
    readonly cell: number,
  ) {}

  static of(nav: Navigator): GridView {
    return new GridView(nav.map.snapshot(nav.floor ?? 0), nav.map.params.cellSize);
  }

  /** world cell of a planar point */
  cellOf(p: PlanarPoint): [number, number] {
    return [Math.floor(p.x / this.cell), Math.floor(p.z / this.cell)];
  }

  centre(cx: number, cz: number): PlanarPoint {
    return { x: (cx + 0.5) * this.cell, z: (cz + 0.5) * this.cell };
  }

  state(cx: number, cz: number): Cell {
    const gx = cx - this.g.originX,
      gz = cz - this.g.originZ;
    if (gx < 0 || gz < 0 || gx >= this.g.width || gz >= this.g.height) return Cell.Unknown;
    return this.g.cells[gz * this.g.width + gx] as Cell;
  }

  /**
   * Whether the straight line from `a` to `b` crosses no obstacle cell, up to `spareM` short of `b`
   * (a seen surface is itself an obstacle cell, so the line's end is not looked at).
   */
  clearLine(a: PlanarPoint, b: PlanarPoint, spareM: number): boolean {
    const len = Math.hypot(b.x - a.x, b.z - a.z);
    const stepM = this.cell / 2;
    for (let s = 0; s < len - spareM; s += stepM) {
      const [cx, cz] = this.cellOf({ x: a.x + ((b.x - a.x) * s) / len, z: a.z + ((b.z - a.z) * s) / len });
      if (this.state(cx, cz) === Cell.Obstacle) return false;
    }
    return true;
  }

  /** a free cell bordering unknown space (4-neighbourhood) */
  frontierish(cx: number, cz: number): boolean {
    return (
      this.state(cx + 1, cz) === Cell.Free ||
      this.state(cx - 1, cz) === Cell.Free ||
      this.state(cx, cz + 1) === Cell.Free ||
      this.state(cx, cz - 1) === Cell.Free
    );
  }
}

export const cellKey = (cx: number, cz: number): number => (cx + 0x8000) * 0x10000 + (cz + 0x8000);
