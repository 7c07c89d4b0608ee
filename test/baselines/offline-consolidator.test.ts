/**
 * The offline consolidator writes notes a person would keep: where things were seen by floor and
 * marked place (earlier runs' sightings kept, a later sighting of an object replacing the earlier),
 * which flights connect which floors, and what went wrong; its lines read back as a handover's do.
 */
import { describe, expect, it } from 'vitest';
import { offlineConsolidator } from '../../src/baselines/offline-consolidator.js';
import { readFlights } from '../../src/baselines/navigation-agent/flight-notes.js';
import { SightingMemory } from '../../src/baselines/navigation-agent/memory.js';
import { consolidationOpening, HOUSE_NOTES } from '../../src/prompts/index.js';
import { text, type Message, type ModelRequest } from '../../src/models/index.js';

const LEDGER = `# Ledger
- task-001 · certified complete · the sink · found task 1
- task-002 · certified incomplete · the armchair · search end task 2
`;
const H1 = `Goal: the sink.
Outcome: complete. The goal (the sink) is in view about 0.8 m away.
Unsuccessful searches: none.
Objects seen near 'place 1' (floor 0): 12 (1.0 m ahead, 0.5 m left), 14 (2.0 m behind, 0.0 m right).
Stairs from near 'place 1' (3.0 m ahead, 1.0 m right), climbed facing 90° left of its heading, not yet taken.`;
const H2 = `Goal: armchair.
Outcome: incomplete. The armchair was not found.
Unsuccessful searches: every reachable area of the floor.
Objects seen near 'place 4' (floor 1): 30 (0.5 m ahead, 0.5 m right), 12 (0.4 m ahead, 0.2 m left).
Stairs from near 'place 1' (3.0 m ahead, 1.0 m right), climbed facing 90° left of its heading, to floor 1.
Stairs from near 'landing' on floor 1 (0.5 m ahead, 0.0 m right), climbed facing 10° right of its heading, not yet taken.`;
const EARLIER_ROOMS = `# Room notes

## Where things are, by floor
### Floor 0
Objects seen near 'hall' (floor 0): 7 (1.0 m ahead, 1.0 m right), 14 (0.3 m ahead, 0.1 m left).
`;

async function consolidate(files: Record<string, string>): Promise<Record<string, string>> {
  const model = offlineConsolidator();
  const opening = consolidationOpening({
    ledger: 'ledger.md',
    handovers: ['tasks/task-001/handover.md', 'tasks/task-002/handover.md'],
    previousNotes: Object.values(HOUSE_NOTES).filter((p) => p in files),
  });
  const messages: Message[] = [{ role: 'user', content: [text(opening)] }];
  const req = (): ModelRequest => ({ system: '', messages, tools: [] });
  const reads = await model.complete(req());
  messages.push(reads.message);
  for (const c of reads.message.toolCalls) {
    const path = (c.arguments as { path: string }).path;
    messages.push({ role: 'tool', callId: c.id, name: c.name, content: [text(files[path] ?? '')], isError: !(path in files) });
  }
  const writes = await model.complete(req());
  return Object.fromEntries(writes.message.toolCalls.map((c) => [(c.arguments as { path: string }).path, (c.arguments as { content: string }).content]));
}

describe('the offline consolidator', () => {
  it('names rooms, objects and flights by floor, keeps earlier runs, and says what went wrong', async () => {
    const notes = await consolidate({
      'ledger.md': LEDGER,
      'tasks/task-001/handover.md': H1,
      'tasks/task-002/handover.md': H2,
      [HOUSE_NOTES.rooms]: EARLIER_ROOMS,
    });
    const rooms = notes[HOUSE_NOTES.rooms],
      overview = notes[HOUSE_NOTES.overview];
    for (const n of Object.values(notes)) expect(n.length).toBeLessThanOrEqual(6000);
    // by floor, each with its places
    expect(rooms).toMatch(/### Floor 0\nMarked places: 'hall', 'place 1'\./);
    expect(rooms).toMatch(/### Floor 1\nMarked places: 'place 4'\./);
    // an earlier run's object is kept; an object seen again is where it was seen last (12 moved to floor 1)
    // (offsets in the short form, whichever form the handover or the earlier notes spelled them in)
    expect(rooms).toContain("Objects seen near 'hall' (floor 0): 7 (1.0a 1.0r).");
    expect(rooms).toContain("Objects seen near 'place 1' (floor 0): 14 (2.0b 0.0r).");
    expect(rooms).toContain("Objects seen near 'place 4' (floor 1): 30 (0.5a 0.5r), 12 (0.4a 0.2l).");
    // one flight, as last noted (where it led), and which floors it connects
    expect(rooms.match(/^Stairs from near 'place 1'/gm)).toHaveLength(1);
    expect(rooms).toContain('climbed facing 90° left of its heading, to floor 1.');
    expect(overview).toContain("- floor 0 → floor 1: the flight near 'place 1'.");
    // a flight's line names its foot's floor even where no object was noted near its place
    expect(overview).toContain("- floor 1 → not yet taken: the flight near 'landing'.");
    // what went wrong: the uncertified task with the robot's account and the search that found nothing
    expect(overview).toMatch(
      /## What went wrong this run\n- task-002 · certified incomplete[^\n]*\n {2}- the robot's account: incomplete\. The armchair was not found\.\n {2}- searched without finding it: every reachable area of the floor\./,
    );
    expect(overview).not.toMatch(/What went wrong[^#]*task-001/);
    // the goals found, by name and where: the handover's whole goal, the place marked at the find
    expect(overview).toMatch(/## Goals found, by floor\n- the sink: at 'found task 1'\.\n/);

    // a later run's agent reads the notes as it reads a handover
    const places = [
      { name: 'place 1', floor: 0, pose: { x: 0, z: 0, yaw: 0 } },
      { name: 'place 4', floor: 1, pose: { x: 5, z: 5, yaw: 0 } },
      { name: 'hall', floor: 0, pose: { x: -3, z: 0, yaw: 0 } },
    ];
    const floorOf = (n: string) => places.find((p) => p.name === n)?.floor ?? null;
    const memory = new SightingMemory();
    memory.readHandover(rooms, floorOf);
    expect(memory.recall([12], places)?.place).toBe('place 4');
    expect(memory.recall([7], places)?.place).toBe('hall');
    const flights = readFlights(rooms, places);
    // the landing is not a place this reader knows
    expect(flights).toHaveLength(1);
    expect(flights[0]).toMatchObject({ floor: 0, to: 1 });
  });

  it('keeps the goals earlier runs found, by floor, a goal found again where it was found last', async () => {
    const earlier = `# House overview\n\n## Goals found, by floor\n- the armchair: at 'found task 4' (floor 1).\n- the sink: at 'found task 2' (floor 1).\n\n## Certified outcomes\n- none\n`;
    const rooms = `${EARLIER_ROOMS}Objects seen near 'found task 1' (floor 0): 9 (0.2a 0.0r).\n`;
    const notes = await consolidate({
      'ledger.md': LEDGER,
      'tasks/task-001/handover.md': H1,
      'tasks/task-002/handover.md': H2,
      [HOUSE_NOTES.rooms]: rooms,
      [HOUSE_NOTES.overview]: earlier,
    });
    const overview = notes[HOUSE_NOTES.overview];
    expect(overview).toContain("## Goals found, by floor\n- the sink: at 'found task 1' (floor 0).\n- the armchair: at 'found task 4' (floor 1).\n");
  });

  it('keeps the most recently seen objects when the note would pass what one write stores', async () => {
    const many = Array.from({ length: 600 }, (_, i) => `${i + 100} (${(i % 40) / 10} m ahead, 1.5 m left)`).join(', ');
    const h = `Goal: x.\nOutcome: complete.\nObjects seen near 'place 1' (floor 0): ${many}.`;
    const notes = await consolidate({ 'ledger.md': LEDGER, 'tasks/task-001/handover.md': h, 'tasks/task-002/handover.md': H2 });
    const rooms = notes[HOUSE_NOTES.rooms];
    expect(rooms.length).toBeLessThanOrEqual(5800);
    // the newest (task 2's) objects and the flight are kept, the oldest of task 1 dropped
    expect(rooms).toContain("Objects seen near 'place 4' (floor 1): 30");
    expect(rooms).toContain('699 (');
    expect(rooms).not.toContain('100 (0.0a');
    expect(rooms).toMatch(/^Stairs from near 'place 1'/m);
  });
});
