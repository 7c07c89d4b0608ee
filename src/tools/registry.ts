/**
 * The tool list, its JSON Schema export for model APIs and MCP, and the one entry point that runs a
 * call: validate, run, and turn anything that goes wrong into a tool error. Nothing a model sends can
 * throw out of here.
 */
import { z } from 'zod';
import type { ToolContext } from './context.js';
import { observeTool, stepTool } from './motion.js';
import { getGoalTool, getMapTool, markTool, previewPathTool } from './spatial.js';
import { closeTaskTool, requestRecoveryTool } from './requests.js';
import { listFilesTool, readFileTool, writeFileTool } from './files.js';
import { describeArgumentErrors, echo, toolError, type Tool, type ToolResult } from './tool.js';

export const NAVIGATION_TOOLS: Tool[] = [
  observeTool,
  stepTool,
  getGoalTool,
  getMapTool,
  markTool,
  previewPathTool,
  closeTaskTool,
  requestRecoveryTool,
] as Tool[];
export const FILE_TOOLS: Tool[] = [listFilesTool, readFileTool, writeFileTool] as Tool[];
export const ALL_TOOLS: Tool[] = [...NAVIGATION_TOOLS, ...FILE_TOOLS];

export interface ToolSpec {
  name: string;
  description: string;
  /** JSON Schema (draft 2020-12) of the arguments object */
  parameters: Record<string, unknown>;
}

export function toolSpecs(tools: readonly Tool[] = ALL_TOOLS): ToolSpec[] {
  return tools.map((t) => ({
    name: t.name,
    description: t.description,
    parameters: z.toJSONSchema(t.schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>,
  }));
}

export async function callTool(tools: readonly Tool[], name: string, args: unknown, ctx: ToolContext): Promise<ToolResult> {
  const tool = tools.find((t) => t.name === name);
  if (!tool) return toolError(`Unknown tool ${echo(name)}. Available tools: ${tools.map((t) => t.name).join(', ')}.`);
  if (args === undefined) return toolError(`${name}: the arguments were not valid JSON; send a JSON object, e.g. {}`);
  const parsed = tool.schema.safeParse(args ?? {});
  if (!parsed.success) return toolError(describeArgumentErrors(name, parsed.error));
  try {
    return await tool.run(parsed.data, ctx);
  } catch (err) {
    return toolError(`${name} failed: ${(err as Error).message}`);
  }
}
