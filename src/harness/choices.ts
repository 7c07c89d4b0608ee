/**
 * The harness's light surface: the session policies and their traits, the harness configuration's
 * schema and defaults, and the judge kinds, importing nothing but zod and the light surfaces of
 * the layers below, so that a command's flag table reads them without loading the harness.
 */
export {
  actuationNoiseOf,
  DEFAULT_MOTION_PRIOR,
  type HarnessConfig,
  type HarnessConfigInput,
  HarnessConfigSchema,
  MapThreadsSchema,
  motionPriorOf,
  SESSION_POLICIES,
  type SessionPolicy,
} from './config.js';
export { type PolicyTraits, policyTraits } from './policy-traits.js';
export { isCommandAgent } from './command-spec.js';

/**
 * Who checks a completion claim: `auto` is the offline judge for offline agents and the model
 * judge for a model agent (eval/agents.ts), `model` and `ground-truth` name one.
 */
export const JUDGE_KINDS = ['auto', 'model', 'ground-truth'] as const;
export type JudgeKind = (typeof JUDGE_KINDS)[number];
export const DEFAULT_JUDGE: JudgeKind = JUDGE_KINDS[0];
