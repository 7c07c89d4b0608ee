/** The public surface of src/memory/: what the layers above it use. */
export { atomicWriteFile, removeStaleTemps, TEMP_MARKER } from './atomic.js';
export { Journal } from './journal.js';
export {
  EVAL_DIR,
  evaluationPath,
  goalViewPath,
  handoverPath,
  HOUSE_MOUNT,
  HOUSE_NOTE_FILES,
  houseNotePath,
  LEDGER_FILE,
  recordPath,
  recoveryNotePath,
  recoverySummaryPath,
  RUN_STATE_FILE,
  stopViewPath,
  taskId,
  TASKS_DIR,
  trajectoryPath,
  verdictPath,
} from './layout.js';
export { deriveStatus, formatLedger, formatLedgerLine, parseLedger, shortenGoal } from './ledger.js';
export { loadNavigatorMemory, saveNavigatorMemory } from './navigator-store.js';
export type { Role } from './permissions.js';
export {
  candidateConnectors,
  emptyPlaceGraph,
  loadPlaceGraph,
  neighbours,
  type PlaceGraph,
  registerPlace,
  type Registration,
  renderPlaceGraph,
  savePlaceGraph,
} from './place-graph.js';
export { consolidationReading, describeList, describeRead, describeWrite, requiredReading } from './reading.js';
export { closedMarks, loadRunState, markTaskClosed, resumePoint, type RunState, RunStateSchema, saveRunState } from './run-state.js';
export { type DirLock, LOCK_FILE, lockDirectory } from './dir-lock.js';
export {
  type EvaluationRecord,
  EvaluationRecordSchema,
  formatZodError,
  parseJsonFile,
  type LedgerStatus,
  LedgerStatusSchema,
  type Scope,
  SCOPES,
  type StoredVerdict,
  StoredVerdictSchema,
  DEFAULT_SUCCESS,
  SUCCESS_DEFINITIONS,
  type SuccessDefinition,
  SuccessDefinitionSchema,
  type TaskRecord,
  TaskRecordSchema,
} from './schemas.js';
export { SCRUB_TOKEN, scrubCoordinates, scrubDeep } from './scrub.js';
export { type JudgeVerdict, JudgeVerdictSchema, type VerdictLabel } from './verdict.js';
export { type FileAccess, READ_LIMIT_CHARS, Workspace, WRITE_LIMIT_CHARS } from './workspace.js';
export { EVIDENCE_LIMIT_CHARS, modelProse, PLACE_NAME_LIMIT_CHARS, SEARCHED_PLACES_LIMIT } from './model-text.js';
export {
  HOUSE_MEMORY_MANIFEST,
  HOUSE_MEMORY_VERSION,
  HouseMemory,
  type HouseMemoryIdentity,
  type HouseMemoryManifest,
  type HouseMemoryRun,
  lastArchivedHandover,
  seedRunHouse,
} from './house-memory.js';
export { AnchorSchema, type ArchivedRun, type HouseMemoryContents, poseMapProblem, type SavedMaps } from './house-memory-files.js';
