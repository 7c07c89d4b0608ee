/** The public surface of src/harness/: what the layers above it use. */
export {
  actuationNoiseOf,
  DEFAULT_MOTION_PRIOR,
  type HarnessConfig,
  HarnessConfigSchema,
  MapThreadsSchema,
  motionPriorOf,
  SESSION_POLICIES,
} from './config.js';
export { DEFAULT_JUDGE, JUDGE_KINDS, type JudgeKind, type PolicyTraits, policyTraits, type SessionPolicy } from './choices.js';
export { consolidate } from './consolidation.js';
export { type Judge, type JudgeEvidence, type JudgeResult, ModelJudge } from './judge.js';
export { type HarnessEvent, Orchestrator } from './orchestrator.js';
export { EncoderPlaceMatcher, type PlaceMatcher, type PlaceScore, type RgbImage } from './place-matcher.js';
export { relocationViews } from './relocation.js';
export { Session, type SessionEvent } from './session.js';
export { MatcherWakeUp, ModelWakeUp, type WakeUp } from './wakeup.js';
export { COMMAND_AGENT_FORM, type CommandLimits, CommandLimitsSchema, isCommandAgent, parseCommandAgent } from './command-spec.js';
export { ModelCallError } from './model-call.js';
export { type ExternalHops, framesOf, hopBoundary, type HopEnd, type HopOptions, type HopResult } from './session.js';
