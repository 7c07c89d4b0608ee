/**
 * The flags of the commands that play GOAT sequences (run, deploy, eval; the provider limit also
 * worker's), each declared once (flag-table.ts). The harness switches have no default here: what a
 * flag does not give comes from the `--config` file, then from the harness configuration's defaults
 * (HarnessConfigSchema), so `--config` with `"policy": "single"` gives single unless `--policy` is given.
 * Only light modules are imported: `navharness run --help` loads no layer.
 */
import { z } from 'zod';
import { ACTUATION_NOISE_MODELS } from '../body/choices.js';
import { IMAGE_GOAL_SOURCES, TASK_STARTS } from '../eval/choices.js';
import { DEFAULT_JUDGE, DEFAULT_MOTION_PRIOR, HarnessConfigSchema, JUDGE_KINDS, MapThreadsSchema, SESSION_POLICIES } from '../harness/choices.js';
import { DEFAULT_SUCCESS, SuccessDefinitionSchema } from '../memory/choices.js';
import { REASONING_EFFORTS, REQUEST_TIMEOUT_S, THINKING_BUDGET } from '../models/choices.js';
import { MOTION_PRIORS } from '../navigator/choices.js';
import { HouseSpecTextSchema, POSE_SOURCES } from '../world/choices.js';
import { defaulted, optional, required } from './flag-table.js';
import { HOUSE_HELP } from './scene-flags.js';

export const IntFlag = (what: string) => z.coerce.number({ error: `${what} must be a whole number` }).int(`${what} must be a whole number`);

/** 'a, b or c' */
const oneOf = (xs: readonly string[]): string => `${xs.slice(0, -1).join(', ')} or ${xs[xs.length - 1]}`;

/** The harness configuration's own defaults, as the help shows them. */
const HARNESS_DEFAULTS = HarnessConfigSchema.parse({});

/** The harness's session settings a flag sets (no default here: see the file's comment). */
export const HARNESS_FLAGS = {
  policy: optional(
    '--policy <policy>',
    `session policy: ${SESSION_POLICIES.join(' | ')}`,
    z.enum(SESSION_POLICIES, { error: `--policy is one of ${SESSION_POLICIES.join(', ')}` }),
    HARNESS_DEFAULTS.policy,
  ),
  pose: optional(
    '--pose <source>',
    'pose source: slam (default) | ground-truth (ablation)',
    z.enum(POSE_SOURCES, { error: `--pose is ${oneOf(POSE_SOURCES)}` }),
    HARNESS_DEFAULTS.poseSource,
  ),
  stepBudget: optional('--step-budget <n>', 'movement steps per task', IntFlag('--step-budget').positive()),
  turnBudget: optional('--turn-budget <n>', 'model turns per task', IntFlag('--turn-budget').positive()),
};

/** The mechanisms the papers ablate, in the order the help lists them (run, deploy and eval share them). */
export const ABLATION_FLAGS = {
  prestop: optional('--no-prestop', 'ablation: no pre-stop verification', z.boolean()),
  certification: optional('--no-certification', 'ablation: no certification (ledger says claimed)', z.boolean()),
  consolidation: optional('--no-consolidation', 'ablation: no run-end consolidation', z.boolean()),
  maps: optional('--no-maps', 'ablation: no get_map / preview_path', z.boolean()),
  motionPrior: optional(
    '--motion-prior <prior>',
    `what the tracker gets besides the frames: none (frames only, its own constant-velocity prediction, as ORB-SLAM3) | odometry (the body's odometry reading as its prediction); under both the navigator checks tracked motion against the odometry; default ${DEFAULT_MOTION_PRIOR}`,
    z.enum(MOTION_PRIORS, { error: `--motion-prior is one of ${MOTION_PRIORS.join(', ')}` }),
  ),
  motionCheck: optional('--no-motion-check', 'the earlier name of --motion-prior none', z.boolean()),
  actuationNoise: optional(
    '--actuation-noise <model>',
    "the simulated body's actuation noise: none (default) | habitat (habitat-sim's noisy LoCoBot actuation; the odometry stays the commanded motion)",
    z.enum(ACTUATION_NOISE_MODELS, { error: `--actuation-noise is one of ${ACTUATION_NOISE_MODELS.join(', ')}` }),
  ),
  taskRecords: optional('--no-task-records', 'ablation: no ledger or handover in the reading list', z.boolean()),
  summaryHandover: optional('--summary-handover', 'ablation: a length-matched ordinary summary instead of the task handover', z.boolean()),
  summaryRecoveryNotes: optional(
    '--summary-recovery-notes',
    "seed 001's control: a length-matched ordinary summary instead of the structured recovery note (the next attempt's opening says so)",
    z.boolean(),
  ),
  fixedRetrieval: optional(
    '--fixed-retrieval',
    "seed 001's control: the files the opening would list (handover, ledger, house notes; the recovery note) are attached to it, and the session gets no list_files / read_file",
    z.boolean(),
  ),
  judgeSingleView: optional('--judge-single-view', 'intervention: the judge sees one stop view (the forward one) instead of four', z.boolean()),
  success: defaulted(
    '--success <definition>',
    "GOAT success: papers-1m (the papers': closed within 1.0 m of the object, default) | goat-bench-0.25m (GOAT-Bench's code: closed < 0.25 m geodesic from a goal view point)",
    SuccessDefinitionSchema,
    DEFAULT_SUCCESS,
  ),
  mapThreads: optional('--map-threads <n>', 'threads for depth-frame mapping: auto (2 with two or more cores) | 1 | 2; the map is the same', MapThreadsSchema),
  printConfig: defaulted('--print-config', "print the resolved configuration (metrics.json's settings) as JSON and exit", z.boolean(), false),
};

/** One model call's limit (run, deploy, eval and worker). */
export const PROVIDER_FLAGS = {
  requestTimeout: defaulted(
    '--request-timeout <seconds>',
    "one model call's overall limit, the reply body and the SDK's retries included",
    z.coerce
      .number({ error: '--request-timeout is seconds' })
      .int('--request-timeout is whole seconds')
      .min(REQUEST_TIMEOUT_S.min, `--request-timeout is at least ${REQUEST_TIMEOUT_S.min} second`)
      .max(REQUEST_TIMEOUT_S.max, `--request-timeout is at most ${REQUEST_TIMEOUT_S.max} seconds (a day)`),
    REQUEST_TIMEOUT_S.default,
  ),
};

/** Every other flag of the sequence commands; each command takes the rows it needs, in the order its help lists them. */
export const SEQUENCE_FLAGS = {
  house: required('--house <house>', HOUSE_HELP, HouseSpecTextSchema),
  sequence: defaulted('--sequence <k>', 'sequence seed', IntFlag('--sequence').nonnegative(), 0),
  agent: required(
    '--agent <spec>',
    "scripted | openai:MODEL | anthropic:MODEL | openai-chat:MODEL@URL | command:'<command line with {mcp_config} and {prompt_file}>' (a coding agent driving the session's tools over MCP; docs/harness.md)",
    z.string({ error: 'give --agent scripted | openai:MODEL | anthropic:MODEL' }).min(1),
  ),
  // not mandatory to commander: --print-config writes nothing and needs no directory; the schema asks for it otherwise
  out: { flag: '--out <dir>', help: 'run directory', schema: z.string({ error: '--out <dir> is required: give --out DIR' }).min(1) },
  resume: defaulted('--resume', 'continue the run in --out after its last closed task', z.boolean(), false),
  judge: defaulted(
    '--judge <kind>',
    'auto | model | ground-truth (ground-truth-perception baseline)',
    z.enum(JUDGE_KINDS, { error: `--judge is ${oneOf(JUDGE_KINDS)}` }),
    DEFAULT_JUDGE,
  ),
  script: optional('--script <file>', 'with --agent scripted: replay these recorded responses instead of the navigation agent', z.string().min(1)),
  maxGoals: optional('--max-goals <n>', 'run at most n goals of the sequence', IntFlag('--max-goals').positive()),
  imageGoals: defaulted(
    '--image-goals <how>',
    'with --agent scripted: recognise image goals by ground-truth (instance ids, default) or encoder (view encoder on the goal photograph)',
    z.enum(IMAGE_GOAL_SOURCES, { error: `--image-goals is ${oneOf(IMAGE_GOAL_SOURCES)}` }),
    IMAGE_GOAL_SOURCES[0],
  ),
  taskStarts: defaulted(
    '--task-starts <where>',
    "continue (each goal starts where the previous ended, default) | episode (each goal starts at the sequence's start for it: the body is moved there and relocated with four views when elsewhere)",
    z.enum(TASK_STARTS, { error: `--task-starts is ${oneOf(TASK_STARTS)}` }),
    TASK_STARTS[0],
  ),
  config: optional('--config <file>', 'JSON harness configuration (flags override it)', z.string().min(1)),
  reasoningEffort: optional(
    '--reasoning-effort <level>',
    `openai:MODEL and openai-chat:MODEL@URL agents: ${REASONING_EFFORTS.join(' | ')}`,
    z.enum(REASONING_EFFORTS, { error: `--reasoning-effort is one of ${REASONING_EFFORTS.join(', ')}` }),
  ),
  thinkingBudget: optional(
    '--thinking-budget <tokens>',
    `anthropic:MODEL agents: extended thinking, tokens per turn (at least ${THINKING_BUDGET.min})`,
    IntFlag('--thinking-budget')
      .min(THINKING_BUDGET.min, `--thinking-budget is at least ${THINKING_BUDGET.min} tokens`)
      .max(THINKING_BUDGET.max, `--thinking-budget is at most ${THINKING_BUDGET.max} tokens`),
  ),
  json: defaulted('--json', 'print the metrics as JSON only', z.boolean(), false),
};
