/**
 * Run-end consolidation (SPEC §11): a file-only session in the consolidation role — its only write
 * permission is the four house-note files — reads the ledger, the run's handovers and the previous
 * notes and rewrites the notes.
 */
import { type Journal, consolidationReading } from '../memory/index.js';
import { type Model, type Usage, text } from '../models/index.js';
import type { Navigator } from '../navigator/index.js';
import { CONSOLIDATION_SYSTEM, consolidationOpening } from '../prompts/index.js';
import { createToolContext, FILE_TOOLS } from '../tools/index.js';
import { Session, type SessionEvent } from './session.js';

export interface ConsolidationResult {
  turns: number;
  usage: Usage;
  /** house-note files that exist after the session */
  notes: string[];
}

export async function consolidate(
  model: Model,
  journal: Journal,
  navigator: Navigator,
  maxTurns: number,
  onEvent?: (e: SessionEvent) => void,
): Promise<ConsolidationResult> {
  const ws = journal.workspace;
  const ctx = createToolContext(navigator, null, 1, ws.access({ kind: 'consolidation' }));
  const session = new Session('consolidation', model, CONSOLIDATION_SYSTEM, FILE_TOOLS, { onEvent });
  session.say(text(consolidationOpening(consolidationReading(journal))));
  const hop = await session.hop(ctx, { maxTurns, budget: null });
  const reading = consolidationReading(journal);
  return { turns: hop.turns, usage: session.usage, notes: reading.previousNotes };
}
