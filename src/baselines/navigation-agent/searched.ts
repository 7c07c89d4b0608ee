/**
 * Unsuccessful searches carried between tasks (paper 001 §3.1: a handover names the unsuccessful searches).
 * A side of a marked place (ahead, left, behind or right of the heading it was marked with) counts as
 * looked over when this task's views covered most of the mapped space within 2.5 m on that side; the
 * handover names those places with their sides, and the objects seen there are listed beside them.
 * The next task takes that space as already looked at — a goal seen there would be in the object list
 * and recalled instead — so it spends its steps where nobody has looked (often another floor). When
 * its own search runs dry it drops what it took over and looks again.
 */
import { Cell } from '../../mapping/index.js';
import type { Navigator } from '../../navigator/index.js';
import { wrapAngle } from '../../geometry/index.js';
import type { ViewCoverage } from './coverage.js';
import { GridView } from './grid.js';

/** the space around a place that a look-over covers, m */
export const LOOKED_OVER_M = 2.5;
/** share of the mapped cells on one side of a place that this task's views must have covered */
const MIN_SHARE = 0.7;
const MAX_LISTED = 40;
const LINE = /Areas looked over \(objects seen there are listed\): ([^\n]+)/;

/** The four sides of a place, by bearing from its marked heading (a left turn is positive). */
export const SIDES = ['ahead', 'left', 'behind', 'right'] as const;
export type Side = (typeof SIDES)[number];
const sideOf = (bearing: number, heading: number): Side => SIDES[((Math.round(wrapAngle(bearing - heading) / (Math.PI / 2)) % 4) + 4) % 4];

/** a handover the house memory kept from an earlier run (`house/archive/run-00k/…`) */
const ARCHIVED = /(^|\/)archive\/run-\d+\//;

/**
 * Whether the areas a handover names as looked over are taken over. Not from an earlier run's (the
 * house memory's archive): those areas were looked over for other goals, and nothing noted then is
 * complete enough to rule a whole earlier run's search out; its objects and stairs still count.
 */
export const takesOverSearches = (handoverPath: string): boolean => !ARCHIVED.test(handoverPath);

export class SearchedPlaces {
  /** place name → the sides looked over */
  private places = new Map<string, Set<Side>>();

  clear(): void {
    this.places.clear();
  }

  /** The sides of places this task's views covered, added to those carried in. */
  noteTask(nav: Navigator, coverage: ReadonlyMap<number, ViewCoverage>): void {
    for (const p of nav.places.list()) {
      const cov = coverage.get(p.floor);
      if (!cov) continue;
      const grid = new GridView(nav.map.snapshot(p.floor), nav.map.params.cellSize);
      const [cx, cz] = grid.cellOf(p.pose);
      const r = Math.round(LOOKED_OVER_M / grid.cell);
      const known = new Map<Side, number>(),
        seen = new Map<Side, number>();
      for (let dz = -r; dz <= r; dz++) {
        for (let dx = -r; dx <= r; dx++) {
          if ((dx === 0 && dz === 0) || dx * dx + dz * dz > r * r || grid.state(cx + dx, cz + dz) === Cell.Unknown) continue;
          // bearing of the cell from the place: yaw 0 looks along +z, a left turn (toward −x) is positive
          const side = sideOf(Math.atan2(-dx, dz), p.pose.yaw);
          known.set(side, (known.get(side) ?? 0) + 1);
          if (cov.has(cx + dx, cz + dz)) seen.set(side, (seen.get(side) ?? 0) + 1);
        }
      }
      const looked = SIDES.filter((sd) => (known.get(sd) ?? 0) > 0 && (seen.get(sd) ?? 0) >= MIN_SHARE * known.get(sd)!);
      if (!looked.length) continue;
      const had = this.places.get(p.name) ?? new Set<Side>();
      for (const sd of looked) had.add(sd);
      this.places.delete(p.name); // most recent last
      this.places.set(p.name, had);
    }
  }

  handoverLine(): string {
    const listed = [...this.places].slice(-MAX_LISTED);
    const sides = (set: Set<Side>) => (set.size === SIDES.length ? 'all round' : SIDES.filter((sd) => set.has(sd)).join(', '));
    return listed.length ? `Areas looked over (objects seen there are listed): ${listed.map(([n, set]) => `'${n}' (${sides(set)})`).join(', ')}.` : '';
  }

  readHandover(text: string): void {
    const m = LINE.exec(text);
    if (!m) return;
    this.places = new Map();
    for (const x of m[1].matchAll(/'([^']+)'(?: \(([^)]*)\))?/g)) {
      const listed = SIDES.filter((sd) => x[2]?.includes(sd));
      // a place named without its sides (or "all round") was looked over all round
      this.places.set(x[1], new Set(x[2] === undefined || x[2] === 'all round' || !listed.length ? SIDES : listed));
    }
  }

  /** Takes the looked-over sides of the carried places of `floor` as looked at (reported as carried). */
  seed(nav: Navigator, floor: number, grid: GridView, coverage: ViewCoverage): void {
    for (const [name, set] of this.places) {
      const p = nav.places.get(name);
      if (p && p.floor === floor) coverage.markAround(grid, p.pose, LOOKED_OVER_M, (b) => set.has(sideOf(b, p.pose.yaw)));
    }
  }
}
