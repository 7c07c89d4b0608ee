/**
 * Staircases carried by the handover, noted as a model would note them: "Stairs from near 'place 3'
 * (1.2 m ahead, 0.4 m left), climbed facing 90° left of its heading, to floor 1." Each flight is tied
 * to the nearest marked place on its floor. A later task reads the flights back and takes a known one
 * instead of looking for the stairs again; so does the first task of a later run in the same house,
 * whose house memory keeps the places (without saved places, or in a world of its own, the place is
 * unknown and the flight is dropped). Within a run the agent also keeps its flights itself, so a flight
 * read back that it already knows adds only where it led, when that was not known.
 */
import { wrapAngle } from '../../geometry/index.js';
import { nearestPlace, OFFSET, offsetFrom, offsetOf, offsetText, pointOf, type PlaceRef } from './memory.js';
import type { Flight } from './stairs.js';

/** a flight is noted only this close to a marked place on its floor: farther, the offset says little */
const MAX_FROM_PLACE_M = 8;
/** two flights of one floor whose feet are this close are the same flight */
const SAME_FLIGHT_M = 1.5;
const DEG = 180 / Math.PI;
// the foot's floor is written for a reader (the house notes group by it); reading back takes the place's own
const LINE = new RegExp(
  String.raw`Stairs from near '([^']+)'(?: on floor -?\d+)? \(${OFFSET}\), climbed facing (\d+)° (left|right) of its heading, (?:to floor (-?\d+)|not yet taken)\.`,
  'g',
);

/** The handover's stairs lines, one per flight with a marked place near its foot. */
export function flightLines(flights: readonly Flight[], places: readonly PlaceRef[]): string {
  const lines: string[] = [];
  for (const f of flights) {
    const best = nearestPlace(places, f.floor, f.bottom, MAX_FROM_PLACE_M);
    if (!best) continue;
    const turn = Math.round(wrapAngle(f.heading - best.pose.yaw) * DEG);
    const to = f.to === undefined ? 'not yet taken' : `to floor ${f.to}`;
    lines.push(
      `Stairs from near '${best.name}' on floor ${f.floor} (${offsetText(offsetFrom(best, f.bottom))}), climbed facing ${Math.abs(turn)}° ${turn >= 0 ? 'left' : 'right'} of its heading, ${to}.`,
    );
  }
  return lines.join('\n');
}

/** The flights a handover notes whose place is known here. */
export function readFlights(text: string, places: readonly PlaceRef[]): Flight[] {
  const out: Flight[] = [];
  for (const m of text.matchAll(LINE)) {
    const place = places.find((p) => p.name === m[1]);
    if (!place) continue;
    const bottom = pointOf({ place: place.name, floor: place.floor, offset: offsetOf(m.slice(2, 6)) }, places)!;
    const turn = (Number(m[6]) * (m[7] === 'left' ? 1 : -1)) / DEG;
    out.push({ bottom, heading: wrapAngle(place.pose.yaw + turn), floor: place.floor, spanM: 0, ...(m[8] === undefined ? {} : { to: Number(m[8]) }) });
  }
  return out;
}

/** Whether two flights are one: from the same floor, their feet close together (seen twice, or read back). */
export const sameFlight = (a: Flight, b: Flight): boolean =>
  a.floor === b.floor && Math.hypot(a.bottom.x - b.bottom.x, a.bottom.z - b.bottom.z) < SAME_FLIGHT_M;

/** Adds the flights read back to those known: a known one only learns where it led. */
export function mergeFlights(known: Flight[], read: readonly Flight[]): void {
  for (const r of read) {
    const same = known.find((g) => sameFlight(g, r));
    if (!same) known.push(r);
    else if (same.to === undefined && r.to !== undefined) same.to = r.to;
  }
}

/**
 * A flight seen now that is one already known: what the view measures wins when the known one was
 * read back from a note (no length seen in this run: its foot is where the saved map puts a marked
 * place, off by the relocalisation and the earlier run's drift; seed:30 run 2 drove 0.6 m beside its
 * flight on that foot, on the flat, into a dead end), or when the view shows more of a flight not yet
 * taken. Where it led is kept.
 */
export function seeAgain(known: Flight, seen: Flight): void {
  const readBack = known.spanM === 0;
  if (!readBack && !(known.to === undefined && seen.spanM > known.spanM)) return;
  known.bottom = seen.bottom;
  known.heading = seen.heading;
  known.spanM = seen.spanM;
}
