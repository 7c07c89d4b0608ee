/**
 * Record shapes of the journal, validated with zod on every read and write. Agent-facing records are
 * strict objects: a field that is not listed (an environment score, say) is rejected, so scores can
 * only ever be written to evaluation files.
 */
import { z } from 'zod';
import { DEFAULT_SUCCESS, SCOPES, type Scope, ScopeSchema, SUCCESS_DEFINITIONS, type SuccessDefinition, SuccessDefinitionSchema } from './choices.js';
import { JudgeVerdictSchema } from './verdict.js';

export { DEFAULT_SUCCESS, SCOPES, type Scope, ScopeSchema, SUCCESS_DEFINITIONS, type SuccessDefinition, SuccessDefinitionSchema };

export function formatZodError(err: z.ZodError): string {
  return err.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
}

/** JSON text of a file named `what`, checked against `schema`; errors say which file and what is wrong. */
export function parseJsonFile<T>(text: string, what: string, schema: z.ZodType<T>): T {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (err) {
    throw new Error(`${what} is not JSON: ${(err as Error).message}`);
  }
  const r = schema.safeParse(v);
  if (!r.success) throw new Error(`${what} is malformed: ${formatZodError(r.error)}`);
  return r.data;
}

const Text = z.string().trim().min(1);

/** A recovery note (paper 001 §3.1, §3.3), written as JSON by the outgoing session. */
export const RecoveryNoteSchema = z.object({
  searched_places: z.array(Text).max(100),
  exclusions: z
    .array(
      z.object({
        place: Text.describe('the place or region ruled out'),
        ruled_out: Text.describe('what the evidence rules out there'),
        supporting_observation: Text.describe('the observation that supports the exclusion'),
      }),
    )
    .max(100),
  last_reliable_anchor: Text.describe('the last place whose location the session trusts'),
  untried_options: z.array(Text).max(100),
  uncertainties: z.array(Text).max(100),
  suggested_scope: ScopeSchema,
});
export type RecoveryNote = z.infer<typeof RecoveryNoteSchema>;

export const CLAIMS = ['complete', 'incomplete'] as const;
export const ClaimSchema = z.enum(CLAIMS);

export const LEDGER_STATUSES = ['complete', 'incomplete', 'unknown', 'claimed', 'stop'] as const;
export const LedgerStatusSchema = z.enum(LEDGER_STATUSES);
export type LedgerStatus = z.infer<typeof LedgerStatusSchema>;

export const GoalSchema = z.strictObject({
  kind: z.enum(['object', 'description', 'image', 'instruction']),
  /** category, description, a caption of the image goal ("the object in the goal photograph"), or a route instruction (IR2R-CE) */
  text: Text,
});
export type Goal = z.infer<typeof GoalSchema>;

export const StoredVerdictSchema = z.strictObject({
  verdict: JudgeVerdictSchema.shape.verdict,
  evidence: z.string(),
  searched_places: z.array(z.string()),
  confidence: z.number().min(0).max(1),
  /** which check produced it: the pre-stop check reused, or a fresh check on the final evidence */
  check: z.enum(['prestop', 'final']),
  /** action steps used when the check ran (certification reuses a pre-stop verdict only if unchanged) */
  steps_at_check: z.number().int().nonnegative(),
});
export type StoredVerdict = z.infer<typeof StoredVerdictSchema>;

/** The full task record r_k (agent-readable; no environment scores). */
export const TaskRecordSchema = z.strictObject({
  task_id: z.string().regex(/^task-\d{3,6}$/),
  index: z.number().int().positive(),
  goal: GoalSchema,
  status: LedgerStatusSchema,
  claim: z.strictObject({ claim: ClaimSchema, evidence: z.string() }).nullable(),
  verdict: StoredVerdictSchema.nullable(),
  termination_reason: Text,
  searched_regions: z.array(Text),
  markers: z.array(Text),
  steps: z.number().int().nonnegative(),
  step_budget: z.number().int().positive(),
  model_turns: z.number().int().nonnegative(),
  handover: z.string().nullable(),
  recovery_notes: z.array(z.string()),
});
export type TaskRecord = z.infer<typeof TaskRecordSchema>;

/** Evaluation-only record: environment scores live here and nowhere an agent can read. */
export const EvaluationRecordSchema = z.strictObject({
  task_id: z.string().regex(/^task-\d{3,6}$/),
  success: z.boolean(),
  spl: z.number().min(0).max(1),
  distance_to_goal: z.number().nonnegative().nullable(),
  shortest_path: z.number().nonnegative().nullable(),
  path_length: z.number().nonnegative(),
  /**
   * why the task failed: one class of src/eval/failures.ts (null for a success); absent in records
   * written before the taxonomy existed. Evaluation only, never shown to a session.
   */
  failure: z.string().min(1).nullable().optional(),
  /** how the task ended (the record's termination reason, or the claim) */
  ended_by: z.string().nullable().optional(),
  /** which definition scored `success`; absent in records written before both were offered */
  success_definition: SuccessDefinitionSchema.optional(),
});
export type EvaluationRecord = z.infer<typeof EvaluationRecordSchema>;
