/**
 * Limits on model-written text that is stored or shown to a later session (paper 001 §3.1): no field may grow
 * a record past the write limit (6,000 characters), and coordinate-like expressions are scrubbed from
 * it like any other session-written prose. Long text is cut, not refused: a judge or wake-up reply is
 * kept with a note of the cut.
 */
import { scrubCoordinates } from './scrub.js';

/** judge evidence, close_task evidence, a recovery reason, a wake-up brief */
export const EVIDENCE_LIMIT_CHARS = 2_000;
/** one entry of a verdict's searched places */
export const PLACE_NAME_LIMIT_CHARS = 100;
/** entries of a verdict's searched places (30 × 100 + 2,000 stays under the 6,000-character write limit) */
export const SEARCHED_PLACES_LIMIT = 30;

/** Scrubs coordinates and cuts to `limit` characters (the cut says so). */
export function modelProse(text: string, limit: number): string {
  // only a bounded prefix is scrubbed: a megabyte is not worth scanning when 2,000 characters are kept
  const cut = text.length > limit + 200;
  const scrubbed = scrubCoordinates((cut ? text.slice(0, limit + 200) : text).trim()).text;
  if (!cut && scrubbed.length <= limit) return scrubbed;
  const note = ` … [cut at ${limit} characters]`;
  if (limit <= note.length) return scrubbed.slice(0, limit);
  return scrubbed.slice(0, limit - note.length).trimEnd() + note;
}
