/**
 * Ledger accuracy: the share of closed tasks whose ledger status agrees with the evaluator's success.
 * A status predicts success as follows: certified complete → success; certified incomplete → failure;
 * claimed → the claim; stop (ended without a claim) → failure; certified unknown predicts nothing and
 * so never agrees.
 */
import type { LedgerStatus } from '../memory/index.js';

export function predictedSuccess(status: LedgerStatus, claim: 'complete' | 'incomplete' | null): boolean | null {
  switch (status) {
    case 'complete':
      return true;
    case 'incomplete':
    case 'stop':
      return false;
    case 'claimed':
      return claim === 'complete';
    case 'unknown':
      return null;
  }
}

export function ledgerAccuracy(rows: readonly { status: LedgerStatus; claim: 'complete' | 'incomplete' | null; success: boolean }[]): number {
  if (rows.length === 0) return 0;
  return rows.filter((r) => predictedSuccess(r.status, r.claim) === r.success).length / rows.length;
}
