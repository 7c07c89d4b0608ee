/**
 * The MCP server over one live episode. It uses the SDK's low-level `Server`: the tool list and input
 * schemas come straight from `toolSpecs()` (our zod 4 schemas exported as JSON Schema), and every call
 * goes through `callTool`, so unknown tools and bad arguments come back as tool results with
 * `isError: true` and the validation message — the same words the in-process models see — rather than
 * as protocol errors that a coding agent would report as a server failure.
 *
 * The server may be handed an episode that is still opening: the handshake and the tool list need no
 * world, so a client connects at once (Codex CLI gives a server 10 s to start by default, and building
 * the house takes several seconds); tool calls wait for the episode.
 */
import { readFileSync } from 'node:fs';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import { handoverPath, taskId } from '../memory/index.js';
import { ALL_TOOLS, echo, toolError, toolSpecs, type Tool, type ToolResult } from '../tools/index.js';
import { TOOL_ANNOTATIONS } from './annotations.js';
import { toMcpResult } from './content.js';
import { LineTransport } from './stdio-transport.js';
import { goalReached } from '../eval/index.js';
import { houseSpecText } from '../world/index.js';
import type { Episode, EpisodeBrief } from './episode.js';

export const SERVER_NAME = 'navharness';

function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** What a connecting agent is told about the episode (the MCP `instructions` field). */
export function episodeInstructions(b: EpisodeBrief): string {
  return [
    `You control a wheeled robot with an RGB-D camera in a house (${houseSpecText(b.house)}). Your task: find the goal of task ${b.task} of a GOAT sequence and stop next to it (within 1 m).`,
    'Call get_goal first (the goal is an object category, a description of one object, or a photograph). Use observe to look, step to move (forward 0.25 m, left/right 15°),',
    'get_map for the occupancy map built from your own observations, mark to name a place, preview_path to check a route before walking it.',
    `The budget is ${b.steps} steps (one per executed action). When you are next to the goal, or give up, call close_task with your claim and evidence.`,
    `list_files / read_file / write_file give access to the run workspace; before close_task, keep your notes for whoever continues this task in ${handoverPath(taskId(b.task + 1))} (after close_task only reading is possible).`,
  ].join(' ');
}

/** The MCP form of a tool list: JSON Schema inputs and the annotations of each tool. */
export function mcpTools(list: readonly Tool[]): McpTool[] {
  return toolSpecs(list).map((s) => ({
    name: s.name,
    description: s.description,
    inputSchema: s.parameters as McpTool['inputSchema'],
    ...(TOOL_ANNOTATIONS[s.name] ? { annotations: TOOL_ANNOTATIONS[s.name] } : {}),
  }));
}

/**
 * A protocol server over any tool host: `tools` is asked on every listing (a harness session's tools
 * change for its file-only note hop), `call` runs a call and never throws.
 */
export function createToolServer(host: {
  instructions: string;
  tools: () => readonly Tool[];
  call: (name: string, args: unknown) => Promise<ToolResult>;
}): Server {
  const server = new Server({ name: SERVER_NAME, version: packageVersion() }, { capabilities: { tools: {} }, instructions: host.instructions });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: mcpTools(host.tools()) }));
  // MCP clients omit `arguments` for tools without parameters; that is an empty object, not bad JSON.
  server.setRequestHandler(CallToolRequestSchema, async (req) => toMcpResult(await host.call(req.params.name, req.params.arguments ?? {})));
  return server;
}

export function createMcpServer(episode: Episode | Promise<Episode>, brief: EpisodeBrief, log: (line: string) => void = () => {}): Server {
  const server = new Server({ name: SERVER_NAME, version: packageVersion() }, { capabilities: { tools: {} }, instructions: episodeInstructions(brief) });
  const tools = mcpTools(ALL_TOOLS);
  const ready = Promise.resolve(episode);
  ready.catch(() => undefined); // a failed opening is reported by whoever awaits it; here it only fails calls

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, async (req) => {
    const { name } = req.params;
    // MCP clients omit `arguments` for tools without parameters; that is an empty object, not bad JSON.
    const args = req.params.arguments ?? {};
    const t0 = performance.now();
    let e: Episode;
    try {
      e = await ready;
    } catch (err) {
      return toMcpResult(toolError(`The episode could not be opened (${(err as Error).message}); the server cannot run tools.`));
    }
    const result: ToolResult = await e.call(name, args);
    log(
      `${echo(name, 40)} ${result.isError ? 'error' : 'ok'} in ${(performance.now() - t0).toFixed(0)} ms (steps used ${e.ctx.budget.used}/${e.ctx.budget.limit})`,
    );
    if (name === 'close_task' && !result.isError && e.ctx.closeRequest) {
      // the episode records where the body ended; evaluation scores it, for the operator's log only
      const ev = goalReached(e.world.scene, e.info.goal, e.finalPosition());
      log(
        `close requested: claim ${e.ctx.closeRequest.claim}; evaluation (operator only): ${ev.success ? 'success' : 'failure'}, ${(ev.distance ?? Infinity).toFixed(2)} m from the goal after ${e.ctx.budget.used} steps`,
      );
    }
    return toMcpResult(result);
  });
  return server;
}

/**
 * Serves the episode over stdin/stdout until the client closes the pipe. stdout carries only the
 * protocol; everything else must go to stderr.
 */
export async function serveStdio(episode: Episode | Promise<Episode>, brief: EpisodeBrief, log: (line: string) => void = () => {}): Promise<void> {
  const server = createMcpServer(episode, brief, log);
  const transport = new LineTransport(process.stdin, process.stdout, undefined, log);
  const done = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
    // The SDK's stdio transport does not notice the client going away; a closed stdin ends the session.
    process.stdin.once('end', () => void server.close());
    process.stdin.once('close', () => void server.close());
  });
  await server.connect(transport);
  log('serving over stdio');
  await done;
}
