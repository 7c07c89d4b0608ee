/**
 * Coordinate scrubbing of session-written prose. Sessions write handovers and notes in the map's
 * estimated frame; a later re-anchoring would leave those numbers stale, so coordinate-like
 * expressions are replaced before storing. Ordinary quantities ("3 chairs", "turned 90 degrees",
 * "about 2 m ahead", "task 3", "1.5 m wide") are prose and survive: only numbers shaped like a
 * position or a pose are removed.
 */

export const SCRUB_TOKEN = '[coordinates removed]';

/** An exponent: 3.25e0, 1E-2 */
const EXP = String.raw`(?:[eE][-+]?\d+)?`;
const NUM = String.raw`[-+−]?(?:\d+(?:\.\d+)?|\.\d+)${EXP}`;
const DEC = String.raw`[-+−]?(?:\d+\.\d+|\.\d+)${EXP}`;
const SIGNED = String.raw`[-−]\d+(?:\.\d+)?`;
const SIGNED_DEC = String.raw`[-−]\d+\.\d+`;
const LENGTH_UNIT = String.raw`\s?(?:m|cm|mm|metres|meters)\b`;
const ANGLE_UNIT_REQ = String.raw`\s?°|\s?(?:deg|degrees|rad|radians)\b`;
const UNIT = String.raw`(?:${LENGTH_UNIT})?`;
const ANGLE_UNIT = String.raw`(?:${ANGLE_UNIT_REQ})?`;
const ANY_UNIT = String.raw`(?:${LENGTH_UNIT}|${ANGLE_UNIT_REQ})?`;
const SEP = String.raw`\s*[,;/]\s*|\s+`;

/** A pose/position component name followed by '=' or ':' (or a space before a decimal). */
const AXIS = String.raw`(?:x|y|z|yaw|psi|ψ|theta|θ|heading)`;
/** The component name, possibly quoted as a JSON key: `"x": 2.5` */
const QAXIS = String.raw`["']?\b${AXIS}["']?`;
/** What joins a component name to its value: '=', ':', '≈', '~', 'is', 'was', 'equals' */
const ASSIGN = String.raw`\s*[=:≈~]\s*|\s+(?:is|was|equals|of)\s+`;
/** What joins two labelled components: a separator, 'and', ', and' */
const CHAIN = String.raw`\s*[,;/]\s*(?:and\s+)?|\s+and\s+|\s+`;
/** A decimal with a comma as the decimal mark (one or two digits after it): 2,5 or -1,00 */
const COMMA_DEC = String.raw`[-+−]?\d+,\d{1,2}`;
/** A labelled component's value: a decimal-comma number (x=3,25) or any number */
const VALUE = String.raw`(?:${COMMA_DEC}(?!\d)|${NUM})`;
/** Any number of the general tuple rule: decimal point or comma, exponent */
const GNUM = String.raw`[-+−]?(?:\d+(?:[.,]\d+)?|\.\d+)${EXP}`;
const GUNIT = String.raw`(?:\s?(?:m|cm|mm|metres|meters|deg|rad)\b|\s?°)?`;
const GSEP = String.raw`\s*[,;/|:]\s*|\s+`;
/** Two to four numbers in a row, joined by separators, not inside a longer number or word. */
const TUPLE = new RegExp(String.raw`(?<![\w.,+\-−])${GNUM}${GUNIT}(?:(?:${GSEP})${GNUM}${GUNIT}){1,3}(?![\w]|[.,]\d)`, 'g');
const SIGNED_START = /^[-+−]/;
/**
 * A tuple is a position when a component carries a sign, or when every component has a fraction or
 * an exponent: "3.25/-1.5", "3,25; 1,5", "3.25e0 1.5". Tuples of whole numbers ("rooms 2, 3", "09:30",
 * "2,5 / 10") are counts, times and ratings.
 */
function positionLike(tuple: string): boolean {
  const parts = tuple.match(new RegExp(GNUM, 'g')) ?? [];
  return parts.length >= 2 && (parts.some((p) => SIGNED_START.test(p)) || parts.every((p) => /[.,eE]/.test(p)));
}
const COMPASS = String.raw`(?:east|west|north|south)`;

const PATTERNS: RegExp[] = [
  // Bracketed tuples of 2–4 numbers in which some element is signed or decimal: (1.2, -3.4), [0.5, 2, 1]
  new RegExp(String.raw`[(\[{]\s*(?=[^)\]}]*(?:${DEC}|${SIGNED}))${NUM}${UNIT}(?:\s*[,;|]\s*${NUM}${UNIT}){1,3}\s*(?:,\s*${NUM}${ANGLE_UNIT}\s*)?[)\]}]`, 'g'),
  // Integer tuples after a locating word: "at (2, 3)", "position (4, 1)"
  new RegExp(String.raw`\b(?:at|to|near|position|pose|coordinates?|coords?|located|marker)\s*[(\[]\s*${NUM}(?:\s*,\s*${NUM}){1,3}\s*[)\]]`, 'gi'),
  // Labelled components, optionally chained: "x=2.5 z=1.0", "x: 2.5, z: -1", "yaw=1.57 rad", "x 2.5"
  new RegExp(
    String.raw`(?<!\d\s*)${QAXIS}(?:(?:${ASSIGN})${VALUE}|\s?${DEC})${ANY_UNIT}(?:(?:${CHAIN})${QAXIS}(?:(?:${ASSIGN})${VALUE}|\s?${DEC})${ANY_UNIT})*`,
    'gi',
  ),
  // Metric pairs: "3.1m,4.2m", "3.1 m, -4.2 m", "2 m / 3.5 m"
  new RegExp(String.raw`(?<![\w.])${NUM}\s?m\s*[,;/]\s*${NUM}\s?m\b`, 'g'),
  // Bare decimal pairs/triples after a locating word: "at 1.25, -3.40", "position 2.0 1.5"
  new RegExp(
    String.raw`\b(?:at|near|position|pose|coordinates?|coords?|located at|location)\s*:?\s*${DEC}(?:\s*,\s*|\s+(?:by|and|x|×)\s+|\s+)${DEC}(?:(?:\s*,\s*|\s+(?:by|and|x|×)\s+|\s+)${DEC})?`,
    'gi',
  ),
  // Bare decimal pairs with a sign anywhere: "-1.25, 3.40" (a signed decimal pair is never a count)
  new RegExp(String.raw`(?<![\w.])(?:${SIGNED_DEC}\s*,\s*${DEC}|${DEC}\s*,\s*${SIGNED_DEC})(?![\w.])`, 'g'),
  // Decimal-comma pairs: "2,5 / -1,0", "2,5; -1,0"
  new RegExp(String.raw`(?<![\w.,])${COMMA_DEC}\s*[/;|]\s*${COMMA_DEC}(?![\w.,])`, 'g'),
  // Compass offsets on both axes: "2.50 metres east and 1.00 metres south"
  new RegExp(
    String.raw`(?<![\w.])${NUM}(?:${LENGTH_UNIT})?\s+(?:to the\s+)?${COMPASS}(?:\s*[,;/]\s*(?:and\s+)?|\s+and\s+)${NUM}(?:${LENGTH_UNIT})?\s+(?:to the\s+)?${COMPASS}\b`,
    'gi',
  ),
];

export interface ScrubResult {
  text: string;
  /** how many expressions were replaced */
  replaced: number;
}

/** Replaces coordinate-like expressions; keeps any leading word the pattern used as context. */
export function scrubCoordinates(text: string): ScrubResult {
  let replaced = 0;
  let out = text;
  for (const re of PATTERNS) {
    out = out.replace(re, (match) => {
      replaced++;
      // Keep a locating word ("at", "near") so the sentence still reads: "at [coordinates removed]".
      const lead = /^(at|to|near|position|pose|coordinates?|coords?|located at|located|marker|location)\b\s*:?\s*/i.exec(match);
      return lead ? `${lead[0]}${SCRUB_TOKEN}` : SCRUB_TOKEN;
    });
  }
  // what the shaped patterns above left: any run of numbers that reads as a position
  out = out.replace(TUPLE, (match) => {
    if (!positionLike(match)) return match;
    replaced++;
    return SCRUB_TOKEN;
  });
  // A component glued to a removed pair ("[coordinates removed],90°") belongs to it; ", 2 chairs" does not.
  out = out.replace(new RegExp(String.raw`${escape(SCRUB_TOKEN)}(?:[,;/|]${GNUM}${GUNIT}(?![\w]|[.,]\d))+`, 'g'), SCRUB_TOKEN);
  // Merge runs like "[coordinates removed], [coordinates removed]" produced by adjacent patterns.
  out = out.replace(new RegExp(String.raw`${escape(SCRUB_TOKEN)}(?:\s*[,;]?\s*${escape(SCRUB_TOKEN)})+`, 'g'), SCRUB_TOKEN);
  return { text: out, replaced };
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Scrubs every string inside a JSON-like value (recovery notes are JSON written by sessions). */
export function scrubDeep<T>(value: T): { value: T; replaced: number } {
  let replaced = 0;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') {
      const r = scrubCoordinates(v);
      replaced += r.replaced;
      return r.text;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') {
      return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, walk(x)]));
    }
    return v;
  };
  return { value: walk(value) as T, replaced };
}
