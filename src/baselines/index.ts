/** The public surface of src/baselines/: what the layers above it use. */
export { GroundTruthJudge } from './ground-truth-judge.js';
export { goalPixels, instancePixels } from './ground-truth-perception.js';
export { ImageGoalMatcher } from './image-goal-matcher.js';
export { NavigationAgent } from './navigation-agent/agent.js';
export { type NavigationOracle, ScriptedNavigationAgent } from './frontier-agent/agent.js';
export { offlineConsolidator } from './offline-consolidator.js';
export { ScriptedVlnAgents } from './vln/agents.js';
export { GroundTruthPerception } from './vln/perception.js';
export { InstructionEndJudge } from './instruction-judge.js';
export { ScriptedInstructionAgent } from './vln/instruction-agent.js';
