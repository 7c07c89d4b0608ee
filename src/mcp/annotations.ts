/**
 * MCP tool annotations (hints a client may use for permission prompts and display). They describe the
 * tools' effects on the episode; nothing here reaches outside the simulated house, so openWorldHint is
 * false throughout. A tool missing from the table is listed without hints.
 */
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';

const look: ToolAnnotations = { readOnlyHint: true, idempotentHint: true, openWorldHint: false };
const act = (destructiveHint: boolean): ToolAnnotations => ({ readOnlyHint: false, destructiveHint, idempotentHint: false, openWorldHint: false });

export const TOOL_ANNOTATIONS: Readonly<Record<string, ToolAnnotations>> = {
  observe: look,
  get_goal: look,
  get_map: look,
  preview_path: look,
  list_files: look,
  read_file: look,
  step: act(false),
  mark: act(false),
  request_recovery: act(false),
  // ends the task: no motion is possible afterwards
  close_task: act(true),
  // overwrites a file's previous content
  write_file: act(true),
};
