/**
 * A run that does not relocalise at its start sets the saved places aside until a later frame finds
 * the saved map. Its briefing read the house notes while no place was known, so every sighting and
 * flight they name was dropped; and what the task noted meanwhile (its sightings, flights, views, the
 * points it gave up) is in the run's own world, which the join moves. In the ablation of houses 0..5
 * the four later runs that relocalised late (seed:0 run 3, seed:1 run 4, seed:5 runs 3 and 4) searched
 * their first task's remembered goal from scratch (SPL 0.31–0.48), and three later tasks of those runs
 * stayed on the floor they started on while the goal was on the other, one that notes named. So the
 * notes are read again on the turn the saved map comes back, what was noted in the run's own world is
 * dropped, and the task starts over from where the notes say its goal was seen.
 */
import type { Navigator } from '../../navigator/index.js';
import type { Seen } from './memory.js';
import type { TaskState } from './types.js';

/** Watches the saved map set aside and coming back, and keeps what the briefing read meanwhile. */
export class SavedMapReturn {
  private aside = false;
  private texts: string[] = [];

  /** The briefing's reads: kept while the saved map waits aside (their places are not known yet). */
  briefed(nav: Pick<Navigator, 'savedMapAside'>, texts: readonly string[]): void {
    this.aside = nav.savedMapAside;
    if (this.aside) this.texts = [...texts];
  }

  /** The reads to take in again, on the one turn the saved map came back; null on every other turn. */
  returned(nav: Pick<Navigator, 'savedMapAside'>): string[] | null {
    const aside = nav.savedMapAside;
    const back = this.aside && !aside;
    this.aside = aside;
    if (!back) return null;
    const texts = this.texts;
    this.texts = [];
    return texts;
  }
}

/**
 * The task after the join: points of the run's own world are forgotten (a climb already on its
 * flight is finished), and it goes where the notes say the goal was seen, else searches afresh, taking
 * what earlier tasks looked over as looked at.
 */
export function afterJoin(t: TaskState, seen: Seen | null): void {
  t.coverage.clear();
  t.floorsDone = [];
  t.goal = null;
  t.goalFrom = null;
  t.goalSide = null;
  t.rejected = [];
  t.unreached = [];
  t.blocked = [];
  t.ignore = [];
  t.focus = null;
  t.target = null;
  t.look = null;
  t.stalls = 0;
  t.bestGoalDistM = Infinity;
  t.flightSearch = null;
  t.faced = false;
  t.carry = !seen;
  t.recall = seen;
  if (t.state === 'close') return;
  if (t.state === 'stairs' && t.stairs?.onFlight) return;
  t.stairs = null;
  t.state = seen ? 'recall' : 'explore';
}
