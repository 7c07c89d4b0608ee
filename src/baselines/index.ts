/** The public surface of src/baselines/: what the layers above it use. */
export { GroundTruthJudge } from './ground-truth-judge.js';
export { goalPixels, instancePixels } from './ground-truth-perception.js';
export { ImageGoalMatcher } from './image-goal-matcher.js';
export { NavigationAgent } from './navigation-agent/agent.js';
export { EncoderGoals, type GoalDetector, GroundTruthGoals } from './navigation-agent/goal-detector.js';
export type { NavigationOracle } from './navigation-agent/types.js';
export { offlineConsolidator } from './offline-consolidator.js';
export { ScriptedVlnAgents } from './vln/agents.js';
export { GroundTruthPerception } from './vln/perception.js';
export { InstructionEndJudge } from './instruction-judge.js';
export { ScriptedInstructionAgent } from './vln/instruction-agent.js';
