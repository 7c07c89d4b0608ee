/**
 * The shared context c_t = (m_t, r_t) of the NavHarness agents (paper 003 §3): m_t is the compressed
 * memory (a summary written by the Memory Agent plus retained visual evidence), r_t the raw records
 * of interactions not yet compressed. The instruction and the current observation are always part of
 * a request; historical images are labelled apart from the current one.
 */
import type { ContentPart, StatedFacts, StepFacts } from '../models/index.js';
import { CURRENT_OBSERVATION_LABEL, historicalObservationLabel } from '../prompts/index.js';

export interface ActiveGoal {
  goal: string;
  question: string;
  final: boolean;
  /** how many times this goal has been revised (0 for a fresh goal) */
  revisions: number;
  /** interactions spent on it since it was set */
  interactions: number;
}

/** One interaction: what the Visuomotor Agent executed and what the Verify Agent concluded. */
export interface InteractionRecord {
  /** 1-based action counter after this interaction (labels the archived frame) */
  actionIndex: number;
  goal: string;
  /** the execution record as the step tool reported it */
  execution: string;
  /** what that record states, as data (absent when the call was refused before the step tool ran) */
  step?: StepFacts;
  verification: { status: 'complete' | 'incomplete' | 'uncertain'; evidence: string; nextStep: string } | null;
  /** the route taken after verification */
  route: 'continue' | 'revise' | 'advance' | null;
  frame: Uint8Array;
}

export interface EvidenceImage {
  actionIndex: number;
  png: Uint8Array;
  note: string;
}

export interface VlnContext {
  instruction: string;
  budget: number;
  /** m_t */
  memory: { summary: string; evidence: EvidenceImage[] };
  /** r_t */
  records: InteractionRecord[];
  /** goals replaced or completed, as one line each (kept raw: the Goal Agent needs progress) */
  goalLog: string[];
  active: ActiveGoal | null;
  finalVerified: boolean;
  actionsUsed: number;
  current: Uint8Array;
  /** why the Visuomotor Agent's last call was refused, shown with its next decision only */
  notice: string | null;
}

export function createContext(instruction: string, budget: number, current: Uint8Array): VlnContext {
  return {
    instruction,
    budget,
    memory: { summary: '', evidence: [] },
    records: [],
    goalLog: [],
    active: null,
    finalVerified: false,
    actionsUsed: 0,
    current,
    notice: null,
  };
}

/**
 * Image-selection policy: which archived frames a request carries besides the current view.
 *  - retained visual evidence from memory: the newest `evidence` frames (landmark confirmations kept
 *    by the Memory Agent);
 *  - from the raw records: every frame at which a goal was verified complete (raw history is not
 *    pruned while compression is off, so these accumulate), plus the frames of the newest `recent`
 *    records.
 * Frames come out oldest first, without duplicates, each labelled with the action count it followed.
 */
export interface ImagePolicy {
  evidence: number;
  recent: number;
}
export const DEFAULT_IMAGE_POLICY: ImagePolicy = { evidence: 2, recent: 2 };

export function selectHistoricalImages(ctx: VlnContext, policy: ImagePolicy = DEFAULT_IMAGE_POLICY): EvidenceImage[] {
  const out: EvidenceImage[] = policy.evidence > 0 ? ctx.memory.evidence.slice(-policy.evidence) : [];
  const recentFrom = Math.max(0, ctx.records.length - policy.recent);
  ctx.records.forEach((r, i) => {
    if (r.route === 'advance' || i >= recentFrom)
      out.push({
        actionIndex: r.actionIndex,
        png: r.frame,
        note: r.route === 'advance' ? `view when "${r.goal}" was verified complete` : `view after executing toward "${r.goal}"`,
      });
  });
  const seen = new Set<Uint8Array>();
  return out.filter((e) => (seen.has(e.png) ? false : (seen.add(e.png), true))).sort((a, b) => a.actionIndex - b.actionIndex);
}

function recordText(r: InteractionRecord): string {
  const v = r.verification ? ` Verification: ${r.verification.status}. Evidence: ${r.verification.evidence} Next step: ${r.verification.nextStep}` : '';
  return `- [after action ${r.actionIndex}] goal "${r.goal}". ${r.execution.replace(/\n/g, ' ')}${v}${r.route ? ` Route: ${r.route}.` : ''}`;
}

export function activeGoalText(a: ActiveGoal | null): string {
  if (!a) return 'Active goal: none yet.';
  return `Active goal: ${a.goal}\nVerification question: ${a.question}\nFinal goal: ${a.final ? 'yes' : 'no'}. Revisions: ${a.revisions}. Interactions on it: ${a.interactions}.`;
}

/** The textual part of c_t. */
export function contextText(ctx: VlnContext): string {
  // Stable and append-only parts first, volatile ones (active goal, counters) last, so that a
  // provider's prefix cache can reuse the start of the previous request.
  const parts = [
    `Instruction: ${ctx.instruction}`,
    ctx.memory.summary ? `Memory of completed goals (compressed):\n${ctx.memory.summary}` : 'Memory of completed goals: none compressed.',
    ctx.goalLog.length ? `Goal history:\n${ctx.goalLog.map((g) => `- ${g}`).join('\n')}` : 'Goal history: none.',
    ctx.records.length ? `Recent execution records:\n${ctx.records.map(recordText).join('\n')}` : 'Recent execution records: none.',
    activeGoalText(ctx.active),
    `Actions used: ${ctx.actionsUsed} of ${ctx.budget}.`,
    ctx.finalVerified ? 'The final goal has been verified complete.' : '',
  ];
  return parts.filter(Boolean).join('\n\n');
}

/** The figures `contextText` states, as data: the action counter and the latest record's step. */
export function contextFacts(ctx: VlnContext): StatedFacts {
  const step = ctx.records[ctx.records.length - 1]?.step;
  return { steps: { used: ctx.actionsUsed, limit: ctx.budget }, ...(step && { step }) };
}

/** Labelled historical images, then the current observation (always last). */
export function imageParts(ctx: VlnContext, policy: ImagePolicy = DEFAULT_IMAGE_POLICY, withHistory = true): ContentPart[] {
  const parts: ContentPart[] = [];
  if (withHistory) {
    for (const e of selectHistoricalImages(ctx, policy)) {
      parts.push({ type: 'text', text: `${historicalObservationLabel(e.actionIndex)} ${e.note}` });
      parts.push({ type: 'image', png: e.png });
    }
  }
  parts.push({ type: 'text', text: CURRENT_OBSERVATION_LABEL });
  parts.push({ type: 'image', png: ctx.current });
  return parts;
}
