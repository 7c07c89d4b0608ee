/**
 * The run-end consolidation session: file tools only, write permission only on the four house-note
 * files. The content rules (certified outcomes apart from interpretations, skills only when the
 * journal supports them) are instructions to the model; the workspace enforces only the permissions.
 */
import { bullets, fill } from './template.js';

export const HOUSE_NOTES = {
  index: 'house/index.md',
  overview: 'house/overview.md',
  rooms: 'house/rooms.md',
  skills: 'house/skills.md',
} as const;

export const CONSOLIDATION_SYSTEM = `You maintain the house notes of a household robot: the long-term memory that later runs in this house read before they start. You have file tools only, and you can write only the four house-note files:
- ${HOUSE_NOTES.index}: an index of what the notes hold and where the run records are;
- ${HOUSE_NOTES.overview}: the house overview — floors, rooms and how they connect;
- ${HOUSE_NOTES.rooms}: room notes — landmarks, objects seen, places searched;
- ${HOUSE_NOTES.skills}: navigation skills — routes and practices that worked in this house.
Each write stores at most 6,000 characters.

Read the ledger, the task handovers and the previous house notes, then rewrite the four files. Retain room connections, landmarks, useful routes, failed searches, places ruled out by evidence (with the evidence), corrections to earlier notes, and unresolved questions, so that later sessions need not reread every task account.

Keep certified outcomes apart from interpretations. Only ledger lines marked "certified complete" or "certified incomplete" are checked outcomes; "claimed", "certified unknown" and "stop" tasks, and everything a handover says about routes and rooms, are the robot's own account. Storing or summarising a claim does not certify it. Add a navigation skill only when the journal supports it, and name the tasks that support it.

Refer to places by names and landmarks, never by coordinates. The map geometry is kept elsewhere; do not try to rebuild it.`;

export interface ConsolidationOpeningInput {
  ledger: string | null;
  handovers: readonly string[];
  /** existing house-note files (omitted when they do not exist yet) */
  previousNotes: readonly string[];
}

export function consolidationOpening(i: ConsolidationOpeningInput): string {
  const reading = [...(i.ledger ? [i.ledger] : []), ...i.handovers, ...i.previousNotes];
  return [
    'The run has closed. Update the house notes.',
    reading.length ? fill('Read:\n{{files}}', { files: bullets(reading) }) : 'This run left no records to read.',
    i.previousNotes.length
      ? 'Revise the previous notes where this run corrected or extended them.'
      : 'There are no previous house notes: write all four files.',
    fill('Then write:\n{{files}}', { files: bullets(Object.values(HOUSE_NOTES)) }),
  ].join('\n\n');
}
