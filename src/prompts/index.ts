/** The public surface of src/prompts/: what the layers above it use. */
export {
  ACTOR_SYSTEM_BRIEF,
  type AttachedFile,
  FIXED_RETRIEVAL_FILE_LINE,
  FIXED_RETRIEVAL_READING_LINE,
  handoverMissingPrompt,
  SUMMARY_HANDOVER_STEP,
  independentOpening,
  nextTaskInSameSession,
  openingFacts,
  prestopEvidenceReturn,
  recoveryNoteHop,
  recoveryOpening,
  recoveryOpeningFacts,
  type RecoveryOpeningInput,
  SAVED_MAP_ASIDE,
  SUMMARY_INSTEAD_OF_HANDOVER,
  taskOpening,
  trackingAtTaskStart,
} from './actor.js';
export { CONSOLIDATION_SYSTEM, consolidationOpening, HOUSE_NOTES } from './consolidation.js';
export {
  earlierFrameLabel,
  judgeGoal,
  JUDGE_SYSTEM,
  judgeJsonReprompt,
  judgeRequest,
  judgeSystem,
  MAP_LABEL,
  type MechanicalRecord,
  stopViewLabel,
} from './judge.js';
export { fill } from './template.js';
export {
  CURRENT_OBSERVATION_LABEL,
  GOAL_AGENT_PROMPT,
  GOAL_AGENT_REPLY_FORMAT,
  type GoalAgentReply,
  GoalAgentReplySchema,
  historicalObservationLabel,
  INITIALIZATION_PROMPT,
  initializationPrompt,
  MEMORY_AGENT_PROMPT,
  MEMORY_AGENT_REPLY_FORMAT,
  nativeSingleAgentPrompt,
  VERIFY_AGENT_PROMPT,
  VERIFY_AGENT_REPLY_FORMAT,
  type VerifyAgentReply,
  VerifyAgentReplySchema,
  VISUOMOTOR_AGENT_PROMPT,
} from './vln.js';
export { currentViewLabel, NO_STORED_PLACES_BRIEF, storedViewLabel, WAKEUP_SYSTEM, wakeupFailedBrief, wakeupRequest } from './wakeup.js';
