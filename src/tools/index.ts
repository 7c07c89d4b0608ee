/** The public surface of src/tools/: what the layers above it use. */
export { type Budget, createBudget, remaining } from './budget.js';
export { type AgentGoal, createToolContext, stepsLeft, type ToolContext } from './context.js';
export { framePng } from './describe.js';
export { stepTool } from './motion.js';
export { ALL_TOOLS, callTool, FILE_TOOLS, NAVIGATION_TOOLS, toolSpecs } from './registry.js';
export { defineTool, echo, textResult, type Tool, toolError, type ToolResult } from './tool.js';
