/**
 * The session policies the papers compare, and what each one does, as traits: the orchestrator,
 * the close flow, the tool and opening choices and the deployment read the traits, never the
 * policy's name, so that what a policy means is written here once.
 */

export const SESSION_POLICIES = ['navharness', 'independent', 'single'] as const;
export type SessionPolicy = (typeof SESSION_POLICIES)[number];

export interface PolicyTraits {
  /**
   * the workspace's memory files reach the session (handover, ledger, notes; the file tools), a
   * handover is asked for at close and the house notes are consolidated at the end: NavHarness only
   */
  memoryFiles: boolean;
  /** one conversation runs through all tasks, compacted when the window fills: the single-session baseline */
  oneSession: boolean;
  /** the map is forgotten between tasks, and the tools that would reveal it are withheld: the independent baseline */
  forgetsMap: boolean;
}

const TRAITS: Record<SessionPolicy, PolicyTraits> = {
  navharness: { memoryFiles: true, oneSession: false, forgetsMap: false },
  independent: { memoryFiles: false, oneSession: false, forgetsMap: true },
  single: { memoryFiles: false, oneSession: true, forgetsMap: false },
};

export function policyTraits(policy: SessionPolicy): PolicyTraits {
  return TRAITS[policy];
}
