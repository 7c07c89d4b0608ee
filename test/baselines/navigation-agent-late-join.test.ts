/**
 * Issue 34, item 4: a run that relocalises late (its saved places set aside at its start) takes the
 * house notes in again when the saved map comes back, forgets what it noted in its own world, and
 * goes where the notes say the goal was seen.
 */
import { describe, expect, it } from 'vitest';
import { afterJoin, SavedMapReturn } from '../../src/baselines/navigation-agent/late-join.js';
import { SightingMemory } from '../../src/baselines/navigation-agent/memory.js';
import { readFlights } from '../../src/baselines/navigation-agent/flight-notes.js';
import { newTaskState } from '../../src/baselines/navigation-agent/types.js';
import { ViewCoverage } from '../../src/baselines/navigation-agent/coverage.js';
import { PlaceStore } from '../../src/navigator/places.js';

const NOTES = [
  "Objects seen near 'place 5' (floor 0): 68 (1.4a 0.9r), 12 (0.5b 0.2l).",
  "Stairs from near 'place 7' on floor 1 (0.0 m behind, 0.2 m right), climbed facing 175° left of its heading, to floor 0.",
].join('\n');

describe('the saved map set aside and coming back', () => {
  it('gives the briefing reads back once, on the turn the saved map returns', () => {
    const nav = { savedMapAside: true };
    const r = new SavedMapReturn();
    r.briefed(nav, [NOTES, 'handover']);
    expect(r.returned(nav)).toBeNull(); // still aside
    nav.savedMapAside = false;
    expect(r.returned(nav)).toEqual([NOTES, 'handover']);
    expect(r.returned(nav)).toBeNull(); // once only
  });

  it('gives nothing back to a run relocalised at its start', () => {
    const nav = { savedMapAside: false };
    const r = new SavedMapReturn();
    r.briefed(nav, [NOTES]);
    expect(r.returned(nav)).toBeNull();
    nav.savedMapAside = true;
    expect(r.returned(nav)).toBeNull();
  });

  it('the notes read while the places were aside name nothing; read again once the places are back, they give the goal and the flight', () => {
    const places = new PlaceStore();
    const floorOf = (name: string) => places.get(name)?.floor ?? null;
    const aside = new SightingMemory();
    aside.readHandover(NOTES, floorOf);
    expect(aside.recall([68], places.list())).toBeNull();
    expect(readFlights(NOTES, places.list())).toEqual([]);
    places.mark('place 5', { x: 2, z: 3, yaw: 0 }, 0, []);
    places.mark('place 7', { x: 6, z: 1, yaw: 0 }, 1, []);
    const back = new SightingMemory();
    back.readHandover(NOTES, floorOf);
    expect(back.recall([68], places.list())).toEqual({ place: 'place 5', floor: 0, offset: { ahead: 1.4, right: 0.9 } });
    expect(readFlights(NOTES, places.list())).toMatchObject([{ floor: 1, to: 0 }]);
  });
});

describe('the task after a late join', () => {
  const seen = { place: 'place 5', floor: 0, offset: { ahead: 1.4, right: 0.9 } };

  function midSearch() {
    const t = newTaskState('1');
    t.coverage.set(0, new ViewCoverage());
    t.floorsDone = [0];
    t.goal = { x: 1, z: 1 };
    t.focus = { x: 1, z: 1 };
    t.target = { x: 4, z: 4 };
    t.unreached = [{ point: { x: 1, z: 1 }, from: null, floor: 0 }];
    t.blocked = [{ x: 2, z: 2 }];
    t.ignore = [{ x: 3, z: 3 }];
    t.carry = true;
    return t;
  }

  it("forgets the points of the run's own world and goes where the notes say the goal was seen", () => {
    const t = midSearch();
    t.state = 'approach';
    afterJoin(t, seen);
    expect(t.state).toBe('recall');
    expect(t.recall).toEqual(seen);
    expect(t.carry).toBe(false);
    expect(t.coverage.size).toBe(0);
    expect([t.goal, t.focus, t.target]).toEqual([null, null, null]);
    expect([t.floorsDone, t.unreached, t.blocked, t.ignore]).toEqual([[], [], [], []]);
  });

  it('searches afresh when the notes do not hold the goal, taking what earlier tasks looked over as looked at', () => {
    const t = midSearch();
    t.state = 'stairs';
    t.stairs = { flight: { bottom: { x: 0, z: 0 }, heading: 0, floor: 0, spanM: 2 }, turns: 3, onFlight: false };
    afterJoin(t, null);
    expect(t.state).toBe('explore');
    expect(t.stairs).toBeNull();
    expect(t.carry).toBe(true);
  });

  it('finishes a climb already on its flight, then goes to the remembered place', () => {
    const t = midSearch();
    t.state = 'stairs';
    t.stairs = { flight: { bottom: { x: 0, z: 0 }, heading: 0, floor: 0, spanM: 2 }, turns: 3, onFlight: true };
    afterJoin(t, seen);
    expect(t.state).toBe('stairs');
    expect(t.stairs?.onFlight).toBe(true);
    expect(t.recall).toEqual(seen);
  });
});
