/**
 * `--agent command:'<command line>'`: a coding-agent process (Claude Code, Codex CLI, or anything that
 * speaks MCP) as the acting session's backend. The command line names placeholders the harness fills
 * per hop: `{prompt_file}`, the path of a file holding the session's brief and conversation, and
 * `{mcp_config}`, the path of a JSON file naming the session's MCP endpoint and its bearer token, or
 * `{mcp_url}`, the endpoint alone (for CLIs that take no config file, such as Codex CLI; the token is
 * then read from the environment variable NAVHARNESS_MCP_TOKEN, which every hop's process gets).
 */
import { z } from 'zod';

export const COMMAND_AGENT_PREFIX = 'command:';
export const COMMAND_PLACEHOLDERS = ['{mcp_config}', '{mcp_url}', '{prompt_file}'] as const;
export const COMMAND_AGENT_FORM = "command:'<command line with {prompt_file} and {mcp_config} or {mcp_url}>'";

const CommandLineSchema = z
  .string()
  .trim()
  .min(1, `the command line is empty; write ${COMMAND_AGENT_FORM}`)
  .max(4000, 'the command line has at most 4000 characters')
  .refine((s) => !/[\0\r\n]/.test(s), 'the command line is one line without NUL characters')
  .refine(
    (s) => s.includes('{prompt_file}') && (s.includes('{mcp_config}') || s.includes('{mcp_url}')),
    'the command line must name {prompt_file} and {mcp_config} or {mcp_url} (the agent learns its task and its tools from them)',
  );

export const isCommandAgent = (agent: string): boolean => agent.trim().startsWith(COMMAND_AGENT_PREFIX);

export type CommandParse = { ok: true; commandLine: string } | { ok: false; error: string };

export function parseCommandAgent(agent: string): CommandParse {
  const s = agent.trim();
  if (!s.startsWith(COMMAND_AGENT_PREFIX)) return { ok: false, error: `'${s.slice(0, 80)}' is not a command agent; write ${COMMAND_AGENT_FORM}` };
  const r = CommandLineSchema.safeParse(s.slice(COMMAND_AGENT_PREFIX.length));
  if (!r.success) return { ok: false, error: `--agent command: ${r.error.issues.map((i) => i.message).join('; ')}` };
  return { ok: true, commandLine: r.data };
}

/**
 * Limits of one hop of a command agent: a hop that runs longer than `deadlineSeconds` (a hung agent)
 * or writes more than `maxOutputBytes` to stdout and stderr (a flooding one) is killed and recorded
 * as a provider error. Optional in the harness configuration, so runs recorded before it still resume.
 */
export const CommandLimitsSchema = z.strictObject({
  deadlineSeconds: z
    .number()
    .int()
    .min(1)
    .max(24 * 3600)
    .default(3600),
  maxOutputBytes: z
    .number()
    .int()
    .min(1024)
    .max(1024 ** 3)
    .default(16 * 1024 * 1024),
});
export type CommandLimits = z.output<typeof CommandLimitsSchema>;
