/**
 * The harness configuration: every mechanism the papers ablate is a switch here, validated with zod
 * so that a config file or CLI flag that names something unknown is refused with what is accepted.
 */
import { z } from 'zod';
// the choices of the layers below, through their light surfaces: this file is read by the command
// line's flag tables (harness/choices.ts), which must not load those layers
import { SCOPES } from '../memory/choices.js';
import { DEFAULT_MOTION_PRIOR, MOTION_PRIORS, type MotionPrior } from '../navigator/choices.js';
import { ACTUATION_NOISE_MODELS, type ActuationNoiseModel } from '../body/choices.js';
import { POSE_SOURCES } from '../world/choices.js';
import { CommandLimitsSchema } from './command-spec.js';
import { SESSION_POLICIES, type SessionPolicy } from './policy-traits.js';

export { SESSION_POLICIES, type SessionPolicy };

/** The motion prior of a run that names none (navigator/choices.ts). */
export { DEFAULT_MOTION_PRIOR };

export const RecoveryConfigSchema = z.strictObject({
  /** duration fallback T_f: turns in the attempt after which recovery is considered unasked; null = off */
  fallbackTurns: z.number().int().positive().nullable().default(null),
  /** t_min: a model proposal before this many turns in the attempt is declined */
  minTurns: z.number().int().nonnegative().default(6),
  /** N: recoveries allowed per task */
  maxRecoveries: z.number().int().nonnegative().default(2),
  /** u_max: the widest scope the controller may choose */
  maxScope: z.enum(SCOPES).default('house'),
  /** turns of the file-only recovery-note hop */
  noteHopTurns: z.number().int().positive().default(3),
});
export type RecoveryConfig = z.infer<typeof RecoveryConfigSchema>;

/** Mapping threads as a user gives them (a config file's number or a flag's string). */
export const MapThreadsSchema = z.preprocess(
  (v) => (v === '1' || v === '2' ? Number(v) : v),
  z.union([z.literal('auto'), z.literal(1), z.literal(2)], { error: "map threads are 'auto', 1 or 2" }),
);
export type MapThreads = z.infer<typeof MapThreadsSchema>;

export const HarnessConfigSchema = z
  .strictObject({
    policy: z.enum(SESSION_POLICIES).default('navharness'),
    /** task handover (structured account) or the ablation's length-matched ordinary summary */
    handover: z.enum(['handover', 'summary']).default('handover'),
    prestopVerification: z.boolean().default(true),
    certification: z.boolean().default(true),
    consolidation: z.boolean().default(true),
    /** the visual tracker; 'ground-truth' is the papers' ablation only */
    poseSource: z.enum(POSE_SOURCES).default('slam'),
    /**
     * what the tracker gets besides the frames (navigator/motion-prior.ts); absent: DEFAULT_MOTION_PRIOR.
     * Optional rather than defaulted, like `motionCheck` before it, so that recorded runs still resume.
     */
    motionPrior: z.enum(MOTION_PRIORS, { error: `motionPrior is one of ${MOTION_PRIORS.join(', ')}` }).optional(),
    /** the earlier form of `motionPrior`: false is 'none' (kept so that runs recorded with it resume) */
    motionCheck: z.boolean().default(true),
    /** the simulated body's actuation noise (body/actuation-noise.ts); absent: 'none' */
    actuationNoise: z.enum(ACTUATION_NOISE_MODELS, { error: `actuationNoise is one of ${ACTUATION_NOISE_MODELS.join(', ')}` }).optional(),
    /** threads for depth-frame mapping: 'auto' (2 with two or more cores), 1 or 2; the map is the same */
    mapThreads: MapThreadsSchema.default('auto'),
    /** spatial maps (get_map, preview_path) and task records (ledger, records) offered to the session */
    maps: z.boolean().default(true),
    taskRecords: z.boolean().default(true),
    /** movement steps per task (spans hops and attempts) */
    stepBudget: z.number().int().positive().default(500),
    /** model turns per task (spans hops and attempts) */
    turnBudget: z.number().int().positive().default(60),
    /** model turns per hop: the orchestrator looks at the task between hops */
    hopTurns: z.number().int().positive().default(8),
    /**
     * context window of the single-session baseline, in tokens: the papers' backends' window of about
     * 1M tokens. Seed 000: the backend compacts when the window fills, never at a task boundary; the harness stands in for that compaction
     * (compaction.ts) at `compactAt` of the window — 1 (the default) is the papers' protocol, a lower
     * value compacts earlier and is not.
     */
    contextWindow: z.number().int().positive().default(1_000_000),
    compactAt: z.number().gt(0).max(1).default(1),
    recovery: RecoveryConfigSchema.default(RecoveryConfigSchema.parse({})),
    /** turns of the consolidation session */
    consolidationTurns: z.number().int().positive().default(16),
    /**
     * stop views the judge receives: 4 (absent), or 1 for the papers' single-view intervention (the
     * forward view only). Optional rather than defaulted, so that runs recorded before it still resume.
     */
    judgeStopViews: z.union([z.literal(4), z.literal(1)], { error: 'judgeStopViews is 4 or 1' }).optional(),
    /**
     * seed 001's ordinary-summary control of recovery: the outgoing session writes a length-matched
     * summary instead of the structured recovery note, and the next attempt's opening says so. Absent
     * means the structured note (optional, so that runs recorded before it still resume).
     */
    recoveryNote: z.enum(['structured', 'summary']).optional(),
    /**
     * seed 001's fixed-retrieval control: the files a NavHarness opening would list (previous handover,
     * ledger, house notes; the recovery note at a recovery) are attached to it, and the session gets no
     * list_files or read_file to choose what else to read. Absent means agent-directed reading.
     */
    retrieval: z.enum(['agent', 'fixed']).optional(),
    /** a command agent's per-hop deadline and output cap (`--agent command:…`); defaults when absent */
    commandAgent: CommandLimitsSchema.optional(),
  })
  .refine((c) => !(c.motionCheck === false && c.motionPrior === 'odometry'), {
    path: ['motionCheck'],
    message: "motionCheck: false is the earlier form of motionPrior 'none'; it contradicts motionPrior 'odometry'",
  });
export type HarnessConfig = z.infer<typeof HarnessConfigSchema>;

/** The motion prior a configuration resolves to: `motionPrior`, else the legacy `motionCheck: false`, else the default. */
export function motionPriorOf(cfg: Pick<HarnessConfig, 'motionPrior' | 'motionCheck'>): MotionPrior {
  return cfg.motionPrior ?? (cfg.motionCheck === false ? 'none' : DEFAULT_MOTION_PRIOR);
}

export function actuationNoiseOf(cfg: Pick<HarnessConfig, 'actuationNoise'>): ActuationNoiseModel {
  return cfg.actuationNoise ?? 'none';
}
export type HarnessConfigInput = z.input<typeof HarnessConfigSchema>;

export function parseHarnessConfig(input: unknown): HarnessConfig {
  const r = HarnessConfigSchema.safeParse(input ?? {});
  if (!r.success) {
    throw new Error(`bad harness configuration: ${r.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`);
  }
  return r.data;
}
