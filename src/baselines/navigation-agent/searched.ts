/**
 * Unsuccessful searches carried between tasks (SPEC §7: a handover names the unsuccessful searches).
 * A marked place counts as looked over when this task's views covered most of the mapped space around
 * it; the handover names those places, and the objects seen there are listed beside them. The next
 * task takes the space around each named place as already looked at — a goal seen there would be in
 * the object list and recalled instead — so it spends its steps where nobody has looked (often
 * another floor). When its own search runs dry it drops what it took over and looks again.
 */
import { Cell } from '../../mapping/index.js';
import type { Navigator } from '../../navigator/index.js';
import type { ViewCoverage } from './coverage.js';
import { GridView } from './grid.js';

/** the space around a place that a look-over covers, m */
export const LOOKED_OVER_M = 2.5;
/** share of the mapped cells around a place that this task's views must have covered */
const MIN_SHARE = 0.6;
const MAX_LISTED = 40;
const LINE = /Areas looked over \(objects seen there are listed\): ([^\n]+)/;

export class SearchedPlaces {
  private names: string[] = [];

  clear(): void {
    this.names = [];
  }

  /** Places whose surroundings this task's views covered, added to those carried in. */
  noteTask(nav: Navigator, coverage: ReadonlyMap<number, ViewCoverage>): void {
    for (const p of nav.places.list()) {
      const cov = coverage.get(p.floor);
      if (!cov || this.names.includes(p.name)) continue;
      const grid = new GridView(nav.map.snapshot(p.floor), nav.map.params.cellSize);
      const [cx, cz] = grid.cellOf(p.pose);
      const r = Math.round(LOOKED_OVER_M / grid.cell);
      let known = 0, seen = 0;
      for (let dz = -r; dz <= r; dz++) {
        for (let dx = -r; dx <= r; dx++) {
          if (dx * dx + dz * dz > r * r || grid.state(cx + dx, cz + dz) === Cell.Unknown) continue;
          known++;
          if (cov.has(cx + dx, cz + dz)) seen++;
        }
      }
      if (known > 0 && seen >= MIN_SHARE * known) this.names.push(p.name);
    }
  }

  handoverLine(): string {
    const listed = this.names.slice(-MAX_LISTED);
    return listed.length ? `Areas looked over (objects seen there are listed): ${listed.map((n) => `'${n}'`).join(', ')}.` : '';
  }

  readHandover(text: string): void {
    const m = LINE.exec(text);
    if (m) this.names = [...m[1].matchAll(/'([^']+)'/g)].map((x) => x[1]);
  }

  /** Takes the space around the carried places of `floor` as looked at (reported as carried). */
  seed(nav: Navigator, floor: number, grid: GridView, coverage: ViewCoverage): void {
    for (const name of this.names) {
      const p = nav.places.get(name);
      if (p && p.floor === floor) coverage.markAround(grid, p.pose, LOOKED_OVER_M);
    }
  }
}
