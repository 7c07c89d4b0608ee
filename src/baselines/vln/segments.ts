/**
 * The clauses of a route instruction as the scripted agents read them. The generator
 * (src/sim/episodes/route-text.ts) writes two clauses per sentence joined by " and "; each clause is
 * one of a handful of shapes. Only the instruction TEXT is parsed here: no path, no goal position.
 */
export type Segment =
  | { kind: 'opener'; text: string; turnDeg: number; forward: number; room: string | null }
  | { kind: 'turn'; text: string; turnDeg: number; landmark: string | null }
  | { kind: 'past'; text: string; landmark: string }
  | { kind: 'room'; text: string; room: string }
  | { kind: 'stop'; text: string; landmark: string | null; room: string | null }
  | { kind: 'other'; text: string };

const OPENERS: Record<string, { turnDeg: number; forward: number }> = {
  'walk forward': { turnDeg: 0, forward: 4 },
  'turn around': { turnDeg: 180, forward: 0 },
  'turn left': { turnDeg: 90, forward: 0 },
  'turn right': { turnDeg: -90, forward: 0 },
};

/** One clause (case-insensitive, without the final full stop). */
export function parseClause(raw: string): Segment {
  const text = raw.trim().replace(/\.$/, '');
  const c = text.toLowerCase();
  let m = c.match(/^(walk forward|turn around|turn left|turn right) in the (.+)$/);
  if (m) return { kind: 'opener', text, ...OPENERS[m[1]], room: m[2] };
  m = c.match(/^(walk forward|turn around)$/);
  if (m) return { kind: 'opener', text, ...OPENERS[m[1]], room: null };
  m = c.match(/^turn (left|right)(?: at the (.+))?$/);
  if (m) return { kind: 'turn', text, turnDeg: m[1] === 'left' ? 90 : -90, landmark: m[2] ?? null };
  m = c.match(/^walk past the (.+)$/);
  if (m) return { kind: 'past', text, landmark: m[1] };
  // staircases (two-storey houses): the stairs are the staircase room, whichever way they are taken
  if (/^go (?:to|up|down) the stairs$/.test(c)) return { kind: 'room', text, room: 'staircase' };
  m = c.match(/^(?:go down the|enter the|go through the door into the|walk along the) (.+)$/);
  if (m) return { kind: 'room', text, room: m[1] };
  m = c.match(/^stop next to the (.+)$/);
  if (m) return { kind: 'stop', text, landmark: m[1], room: null };
  m = c.match(/^stop in the (.+)$/);
  if (m) return { kind: 'stop', text, landmark: null, room: m[1] };
  return { kind: 'other', text };
}

/** The instruction's clauses in order. */
export function parseInstruction(instruction: string): Segment[] {
  const clauses: string[] = [];
  for (const sentence of instruction.split(/\.\s*/)) {
    if (!sentence.trim()) continue;
    for (const c of sentence.split(/\s+and\s+/)) if (c.trim()) clauses.push(c);
  }
  return clauses.map(parseClause);
}
