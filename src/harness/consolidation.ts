/**
 * Run-end consolidation (paper 001 §3.5): a file-only session in the consolidation role — its only write
 * permission is the four house-note files — reads the ledger, the run's handovers and the previous
 * notes and rewrites the notes.
 */
import { type Journal, consolidationReading } from '../memory/index.js';
import { type Model, type Usage, text } from '../models/index.js';
import type { Navigator } from '../navigator/index.js';
import { CONSOLIDATION_SYSTEM, consolidationOpening } from '../prompts/index.js';
import { createToolContext, FILE_TOOLS } from '../tools/index.js';
import { ModelCallError, type RetryPolicy } from './model-call.js';
import { Session, type SessionEvent } from './session.js';

export interface ConsolidationResult {
  turns: number;
  usage: Usage;
  /** house-note files that exist after the session */
  notes: string[];
  /** the provider error that ended the session early (the notes written so far stay), or null */
  error: string | null;
}

export async function consolidate(
  model: Model,
  journal: Journal,
  navigator: Navigator,
  maxTurns: number,
  onEvent?: (e: SessionEvent) => void,
  retry?: RetryPolicy,
): Promise<ConsolidationResult> {
  const ws = journal.workspace;
  const ctx = createToolContext(navigator, null, 1, ws.access({ kind: 'consolidation' }));
  const session = new Session('consolidation', model, CONSOLIDATION_SYSTEM, FILE_TOOLS, { onEvent, retry });
  session.say(text(consolidationOpening(consolidationReading(journal))));
  let error: string | null = null;
  try {
    await session.hop(ctx, { maxTurns, budget: null });
  } catch (err) {
    // a provider error degrades consolidation (the previous notes, or those written so far, stay)
    // instead of ending the run after every task closed
    if (!(err instanceof ModelCallError)) throw err;
    error = err.message;
  }
  const reading = consolidationReading(journal);
  return { turns: session.turns, usage: session.usage, notes: reading.previousNotes, error };
}
