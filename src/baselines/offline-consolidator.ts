/**
 * An offline stand-in for the consolidation model, for runs without a model service. It plays the
 * consolidation session through the file tools like a model would — reads the ledger, the handovers
 * and the previous notes it lists, then writes the four house notes — and writes what a person would
 * keep: where things were seen, by floor and marked place (every run's sightings, the latest kept);
 * which flights of stairs connect which floors; certified outcomes apart from the robot's accounts;
 * and what went wrong (tasks not certified complete, with the searches that found nothing). Its lines
 * keep the handovers' wording, so a later run's agent reads them as it reads a handover. It adds no
 * navigation skill (it cannot tell which routes the journal supports).
 */
import { MockModel, type ScriptedStep, type Message, type ModelRequest, textOf } from '../models/index.js';
import { HOUSE_NOTES } from '../prompts/index.js';
import { objectOffsetOf, SHORT_OFFSET_LEGEND, shortOffsetText } from './navigation-agent/memory.js';

function toolTexts(messages: readonly Message[]): Map<string, string> {
  const byCall = new Map<string, string>();
  const args = new Map<string, string>();
  for (const m of messages) {
    if (m.role === 'assistant') for (const c of m.toolCalls) if (c.name === 'read_file') args.set(c.id, String((c.arguments as { path?: string })?.path ?? ''));
    if (m.role === 'tool' && args.has(m.callId) && !m.isError) byCall.set(args.get(m.callId) as string, textOf(m.content));
  }
  return byCall;
}

function listedFiles(opening: string): string[] {
  const read = opening.split('Then write:')[0];
  return [...read.matchAll(/^- (\S+)$/gm)].map((m) => m[1]);
}

/** what one write may store (the workspace's WRITE_LIMIT_CHARS), with room for the last line */
const NOTE_BUDGET = 5_800;
const OBJECTS_LINE = /^Objects seen near '([^']+)'(?: \(floor (-?\d+)\))?: (.+?)\.?$/gm;
const OBJECT_ITEM = /(\d+)( \([^)]*\))?/g;
const STAIRS_LINE = /^Stairs from near '([^']+)'(?: on floor (-?\d+))? .*$/gm;

/** Where an object was last noted: the place, the place's floor when known, the offset as written. */
interface Where {
  place: string;
  floor: number | null;
  at: string;
}

/**
 * What the handovers and the previous notes say about the house, oldest first: objects by id (a later
 * sighting replaces an earlier one, and moves the object to the end), flights by their line, and the
 * floor of each place that some line gave.
 */
function houseFacts(texts: readonly string[]) {
  const objects = new Map<number, Where>();
  const flights = new Map<string, string>();
  const floors = new Map<string, number>();
  for (const text of texts) {
    for (const m of text.matchAll(OBJECTS_LINE)) {
      const floor = m[2] === undefined ? (floors.get(m[1]) ?? null) : Number(m[2]);
      if (floor !== null) floors.set(m[1], floor);
      for (const o of m[3].matchAll(OBJECT_ITEM)) {
        const id = Number(o[1]);
        objects.delete(id);
        objects.set(id, { place: m[1], floor, at: shortAt(o[2]) });
      }
    }
    // one flight per marked place near its foot: a later line about it (where it led) replaces the earlier
    for (const m of text.matchAll(STAIRS_LINE)) {
      flights.set(m[1], m[0]);
      if (m[2] !== undefined) floors.set(m[1], Number(m[2]));
    }
  }
  return { objects, flights, floors };
}

/** An object's bracketed offset in the short form (older notes spelled it out); as written when it is neither form. */
function shortAt(at: string | undefined): string {
  if (!at) return '';
  const o = objectOffsetOf(at.trim().slice(1, -1));
  return o ? ` (${shortOffsetText(o)})` : at;
}

/**
 * The goals found so far, by floor: this run's certified finds (the goal as its handover names it, the
 * place marked where it was found) after the earlier runs' that the previous overview kept, one line
 * per goal (a later find of the same goal replaces the earlier), the newest kept within `budget`.
 */
function goalsFound(
  ledgerLines: readonly string[],
  handovers: readonly [string, string][],
  floors: Map<string, number>,
  previous: string,
  budget: number,
): string[] {
  const byGoal = new Map<string, string>();
  for (const m of (/## Goals found, by floor\n([\s\S]*?)(?=\n## |$)/.exec(previous)?.[1] ?? '').matchAll(/^- (.+): at '([^']+)'( \(floor -?\d+\))?\.$/gm))
    byGoal.set(m[1], m[0]);
  for (const l of ledgerLines) {
    const m = /^- (task-\d+) · certified complete · (.*) · ([^·]+)$/.exec(l);
    if (!m) continue;
    const h = handovers.find(([p]) => p.includes(`/${m[1]}/`))?.[1] ?? '';
    const goal = /^Goal: (.*?)\.?$/m.exec(h)?.[1] ?? m[2];
    const place =
      m[3]
        .split(',')
        .map((x) => x.trim())
        .find((x) => x.startsWith('found ')) ?? m[3].split(',')[0].trim();
    const floor = floors.get(place);
    byGoal.delete(goal);
    byGoal.set(goal, `- ${goal}: at '${place}'${floor === undefined ? '' : ` (floor ${floor})`}.`);
  }
  const lines = [...byGoal.values()];
  while (lines.join('\n').length > budget) lines.shift();
  const floorOf = (l: string) => Number(/\(floor (-?\d+)\)\.$/.exec(l)?.[1] ?? Infinity);
  return lines.sort((a, b) => floorOf(a) - floorOf(b));
}

/** The objects as lines by floor and place, the most recently seen kept when the note would be too long. */
function objectLines(objects: Map<number, Where>, floors: Map<string, number>, budget: number): string[] {
  let kept = [...objects];
  for (;;) {
    const byFloor = new Map<string, Map<string, string[]>>();
    for (const [id, w] of kept) {
      const floor = w.floor ?? floors.get(w.place) ?? null;
      const key = floor === null ? 'floor not noted' : `Floor ${floor}`;
      const places = byFloor.get(key) ?? new Map<string, string[]>();
      places.set(w.place, [...(places.get(w.place) ?? []), `${id}${w.at}`]);
      byFloor.set(key, places);
    }
    const lines = [...byFloor]
      .sort(([a], [b]) => a.localeCompare(b))
      .flatMap(([key, places]) => [
        `### ${key}`,
        `Marked places: ${[...places.keys()].map((p) => `'${p}'`).join(', ')}.`,
        ...[...places].map(([place, objs]) => `Objects seen near '${place}'${key.startsWith('Floor') ? ` (${key.toLowerCase()})` : ''}: ${objs.join(', ')}.`),
        '',
      ]);
    if (lines.join('\n').length <= budget || kept.length === 0) return lines;
    kept = kept.slice(Math.ceil(kept.length / 10));
  }
}

/** The tasks that did not end certified complete, with the robot's own account of how they ended. */
function whatWentWrong(ledgerLines: readonly string[], handovers: readonly [string, string][]): string[] {
  return ledgerLines
    .filter((l) => !/ · certified complete · /.test(l))
    .map((l) => {
      const task = /^- (task-\d+)/.exec(l)?.[1];
      const h = handovers.find(([p]) => task && p.includes(`/${task}/`))?.[1] ?? '';
      const outcome = /^Outcome: (.*)$/m.exec(h)?.[1];
      const searches = /^Unsuccessful searches: (.*)$/m.exec(h)?.[1];
      return `${l}${outcome ? `\n  - the robot's account: ${outcome}` : ''}${searches && searches !== 'none.' ? `\n  - searched without finding it: ${searches}` : ''}`;
    });
}

function notes(files: Map<string, string>): Record<keyof typeof HOUSE_NOTES, string> {
  const ledger = files.get('ledger.md') ?? '';
  const lines = ledger.split('\n').filter((l) => l.startsWith('- task-'));
  const certified = lines.filter((l) => / · certified (complete|incomplete) · /.test(l));
  const other = lines.filter((l) => !certified.includes(l));
  const handovers = [...files.entries()].filter(([p]) => p.endsWith('/handover.md'));
  const previous = (k: keyof typeof HOUSE_NOTES) => files.get(HOUSE_NOTES[k]) ?? '';
  // earlier runs' facts (the previous notes) first, then this run's handovers in task order
  const facts = houseFacts([previous('rooms'), ...handovers.map(([, t]) => t)]);
  const stairs = [...facts.flights.values()];
  const connections = stairs.map((l) => {
    const place = /^Stairs from near '([^']+)'/.exec(l)?.[1] ?? '';
    const from = facts.floors.get(place);
    const to = /to floor (-?\d+)\.$/.exec(l)?.[1];
    return `- ${from === undefined ? 'a floor not noted' : `floor ${from}`} → ${to === undefined ? 'not yet taken' : `floor ${to}`}: the flight near '${place}'.`;
  });
  const head = `# Room notes\n\nWhat the robot saw, gathered from every run's handovers (the robot's own account, not certified). Objects are the robot's instance numbers; ${SHORT_OFFSET_LEGEND}.\n\n`;
  const stairsText = `## Stairs\n${stairs.length ? stairs.join('\n') : 'No flight of stairs noted yet.'}\n`;
  const rooms = `${head}## Where things are, by floor\n${objectLines(facts.objects, facts.floors, NOTE_BUDGET - head.length - stairsText.length - 40).join('\n')}\n${stairsText}`;
  const wrong = whatWentWrong(lines, handovers);
  const earlierWrong = /## What went wrong in earlier runs\n([\s\S]*?)(?=\n## |$)/.exec(previous('overview'))?.[1]?.trim() ?? '';
  const thisRunWrong = /## What went wrong this run\n([\s\S]*?)(?=\n## |$)/.exec(previous('overview'))?.[1]?.trim() ?? '';
  const found = goalsFound(lines, handovers, facts.floors, previous('overview'), 1200);
  const carriedWrong = [thisRunWrong, earlierWrong]
    .filter((t) => t && t !== '- nothing')
    .join('\n')
    .slice(0, 1500);
  return {
    index: `# House notes: index\n\n- ${HOUSE_NOTES.overview}: floors and how the stairs connect them, this run's outcomes, what went wrong\n- ${HOUSE_NOTES.rooms}: where things were seen, by floor and marked place; the flights of stairs\n- ${HOUSE_NOTES.skills}: navigation skills supported by the journal\n- Run records: ledger.md and tasks/<task>/handover.md; earlier runs under house/archive/\n\nWritten by the offline record consolidator (gathers the journal; adds no interpretation).\n`,
    overview:
      `# House overview\n\n## Floors and stairs\nFloors with marked places: ${[...new Set(facts.floors.values())].sort((a, b) => a - b).join(', ') || 'none noted'}.\n${connections.length ? connections.join('\n') : '- no flight of stairs noted yet'}\n\n## Goals found, by floor\n${found.length ? found.join('\n') : '- none yet'}\n\n## Certified outcomes\n${certified.length ? certified.join('\n') : '- none this run'}\n\n## Unchecked (claimed, unknown, stop)\n${other.length ? other.join('\n') : '- none'}\n\n## What went wrong this run\n${wrong.length ? wrong.join('\n') : '- nothing'}\n${carriedWrong ? `\n## What went wrong in earlier runs\n${carriedWrong}\n` : ''}`.slice(
        0,
        NOTE_BUDGET,
      ),
    rooms: rooms.slice(0, NOTE_BUDGET),
    skills: `# Navigation skills\n\nNo skill is recorded: the offline consolidator cannot establish from the journal which routes or practices worked.\n`,
  };
}

export function offlineConsolidator(): MockModel {
  return new MockModel((req: ModelRequest, turn: number): ScriptedStep => {
    const opening = req.messages[0]?.role === 'user' ? textOf(req.messages[0].content) : '';
    const wanted = listedFiles(opening);
    const have = toolTexts(req.messages);
    const unread = wanted.filter((p) => !have.has(p) && !Object.values(HOUSE_NOTES).includes(p as never));
    const unreadNotes = wanted.filter((p) => !have.has(p) && Object.values(HOUSE_NOTES).includes(p as never));
    const pending = [...unread, ...unreadNotes];
    if (pending.length && turn === 0) return { toolCalls: pending.map((path) => ({ name: 'read_file', arguments: { path } })) };
    const written = req.messages.some((m) => m.role === 'assistant' && m.toolCalls.some((c) => c.name === 'write_file'));
    if (written) return { text: 'House notes rewritten.' };
    const n = notes(have);
    return {
      toolCalls: (Object.keys(HOUSE_NOTES) as (keyof typeof HOUSE_NOTES)[]).map((k) => ({
        name: 'write_file',
        arguments: { path: HOUSE_NOTES[k], content: n[k] },
      })),
    };
  }, 'offline-consolidator');
}
