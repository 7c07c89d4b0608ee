/**
 * A coding-agent process as the acting session's backend (`--agent command:'<command line>'`). Each
 * harness session gets its own MCP endpoint on 127.0.0.1 (bearer token, Origin check: http-guard.ts)
 * serving exactly the tools the session has; each hop of the session starts the command with
 * `{mcp_config}` and `{prompt_file}` filled in. The hop ends when the calls bring it to a boundary
 * (close_task, a recovery request, a spent budget: the same conditions as the turn loop), when the
 * process exits, or at the deadline; the process is then killed. A process that exits without
 * closing, hangs past the deadline or floods its output ends the attempt as a provider error
 * (ModelCallError) with its exit code and the tail of its output, and the run goes on.
 *
 * Each served call is one turn of the task's budget and is appended to the session's conversation,
 * so that the next hop's prompt file (and the transcript) hold everything the session did.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, openSync, closeSync, writeSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  framesOf,
  hopBoundary,
  ModelCallError,
  type CommandLimits,
  type ExternalHops,
  type HopEnd,
  type HopOptions,
  type HopResult,
  type Session,
} from '../harness/index.js';
import { IMAGE_TOKEN_ESTIMATE, textOf, type ContentPart, type Usage, addUsage } from '../models/index.js';
import { callTool, toolError, type ToolContext, type ToolResult } from '../tools/index.js';
import { serveMcpHttp, type HttpHandle } from './http.js';
import { createToolServer, SERVER_NAME } from './server.js';

export interface CommandAgentOptions {
  /** the command line with its placeholders (checked by parseCommandAgent) */
  commandLine: string;
  /** where each session's folder goes: `<dir>/<session name>/` (prompt, config, output, transcript) */
  dir: string;
  limits: CommandLimits;
  /** milliseconds between SIGTERM and SIGKILL when a process is ended */
  killGraceMs?: number;
}

/** Output kept for an error message: the end of what the process wrote. */
const TAIL_CHARS = 400;

/** The hop being served: the calls it allows, and how it ends. */
interface LiveHop {
  ctx: ToolContext;
  opts: HopOptions;
  turns: number;
  framesSeen: number;
  end: (why: HopEnd) => void;
  ended: HopEnd | null;
}

interface Endpoint {
  session: Session;
  handle: HttpHandle;
  folder: string;
  hops: number;
  calls: number;
  live: LiveHop | null;
  /** calls are served one at a time (the navigator executes one motion at a time) */
  queue: Promise<unknown>;
}

const shellWord = (s: string): string => (/^[A-Za-z0-9_./:=@+-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

const estimate = (parts: readonly ContentPart[]): number =>
  Math.ceil(textOf(parts).length / 4) + parts.filter((p) => p.type === 'image').length * IMAGE_TOKEN_ESTIMATE;

export class CommandAgent implements ExternalHops {
  private readonly endpoints = new Map<Session, Endpoint>();

  constructor(private readonly o: CommandAgentOptions) {}

  async hop(session: Session, ctx: ToolContext, opts: HopOptions): Promise<HopResult> {
    const ep = await this.endpoint(session);
    let finish!: (why: HopEnd) => void;
    const boundaryReached = new Promise<HopEnd>((resolve) => (finish = resolve));
    const live: LiveHop = { ctx, opts, turns: 0, framesSeen: 0, ended: null, end: (why) => ((live.ended ??= why), finish(why)) };
    // a budget or boundary may already hold: no process is started
    const already = this.boundary(session, live);
    if (already) return { end: already, turns: 0, framesSeen: 0 };
    ep.hops++;
    const folder = ep.folder;
    const n = ep.hops;
    const promptFile = join(folder, `hop-${n}.prompt.md`);
    const configFile = join(folder, `hop-${n}.mcp.json`);
    writeFileSync(promptFile, this.prompt(session, folder, n));
    const config = { mcpServers: { [SERVER_NAME]: { type: 'http', url: ep.handle.url, headers: { Authorization: `Bearer ${ep.handle.token}` } } } };
    writeFileSync(configFile, JSON.stringify(config, null, 2) + '\n', { mode: 0o600 });
    const line = this.o.commandLine
      .replaceAll('{mcp_config}', shellWord(configFile))
      .replaceAll('{mcp_url}', shellWord(ep.handle.url))
      .replaceAll('{prompt_file}', shellWord(promptFile));

    ep.live = live;
    try {
      const r = await this.runProcess(line, folder, n, boundaryReached, { NAVHARNESS_MCP_URL: ep.handle.url, NAVHARNESS_MCP_TOKEN: ep.handle.token });
      if (r.kind === 'boundary') return { end: r.end, turns: live.turns, framesSeen: live.framesSeen };
      // the process ended by itself, by the deadline or its output: a file-only hop (recovery note,
      // missing handover) ends when its process exits; an acting hop must have reached a boundary
      if (r.kind === 'exit' && opts.budget === null) return { end: 'yield', turns: live.turns, framesSeen: live.framesSeen };
      throw new ModelCallError(
        'command agent',
        1,
        `${r.why}; exit code ${r.code ?? 'none'}${r.signal ? ` (${r.signal})` : ''}; output tail: ${r.tail || '(none)'}`,
      );
    } finally {
      ep.live = null;
      live.ended ??= 'yield';
    }
  }

  /** Closes every session's endpoint (the run ended). */
  async close(): Promise<void> {
    const all = [...this.endpoints.values()];
    this.endpoints.clear();
    await Promise.all(all.map((e) => e.handle.close()));
  }

  /** One endpoint per session; sessions run one after another, so an earlier session's endpoint is closed. */
  private async endpoint(session: Session): Promise<Endpoint> {
    const have = this.endpoints.get(session);
    if (have) return have;
    for (const [s, e] of this.endpoints) {
      this.endpoints.delete(s);
      await e.handle.close();
    }
    const folder = join(this.o.dir, ...session.name.split('/'));
    mkdirSync(folder, { recursive: true });
    const ep = { session, folder, hops: 0, calls: 0, live: null, queue: Promise.resolve() } as unknown as Endpoint;
    const server = () =>
      createToolServer({
        instructions: `The tools of NavHarness session ${session.name}. Your task is in the prompt file you were given.`,
        tools: () => session.tools,
        call: (name, args) => {
          const next = ep.queue.then(() => this.serve(ep, name, args));
          ep.queue = next.catch(() => undefined);
          return next;
        },
      });
    ep.handle = await serveMcpHttp(server, 0, () => {}, { maxSessions: 4 });
    this.endpoints.set(session, ep);
    return ep;
  }

  private boundary(session: Session, live: LiveHop): HopEnd | null {
    // the hop's turn allowance lets the turn loop hand control back every few turns; a process runs
    // until a boundary instead, except in the file-only hops (no task budget), which keep theirs
    const opts = live.opts.budget === null ? live.opts : { ...live.opts, maxTurns: Number.POSITIVE_INFINITY };
    return hopBoundary(session, live.ctx, opts, live.turns);
  }

  /** One call from the agent: refused outside a hop, run and recorded inside one. */
  private async serve(ep: Endpoint, name: string, args: unknown): Promise<ToolResult> {
    const live = ep.live;
    if (!live || live.ended)
      return toolError(`The harness is not running this session's agent now${live?.ended ? ` (the hop ended: ${live.ended})` : ''}; stop and exit.`);
    const session = ep.session;
    const before = this.boundary(session, live);
    if (before) {
      live.end(before);
      return toolError(`The hop ended (${before}); stop and exit.`);
    }
    live.turns++;
    if (live.opts.budget) live.opts.budget.used++;
    const result = await callTool(session.tools, name, args, live.ctx);
    live.framesSeen += framesOf(name, result);
    const id = `call-${++ep.calls}`;
    const raw = JSON.stringify(args ?? {});
    session.messages.push({ role: 'assistant', text: '', toolCalls: [{ id, name, arguments: args, rawArguments: raw }] });
    session.messages.push({ role: 'tool', callId: id, name, content: result.content, isError: result.isError });
    // tokens: what the tools returned and what the agent sent, estimated (the process reports none)
    const usage: Usage = { uncachedInput: estimate(result.content), cachedInput: 0, output: Math.ceil((raw.length + name.length) / 4) };
    session.usage = addUsage(session.usage, usage);
    session.turns++;
    appendFileSync(
      join(ep.folder, 'transcript.jsonl'),
      JSON.stringify({
        hop: ep.hops,
        call: id,
        tool: name,
        arguments: args ?? {},
        is_error: result.isError === true,
        text: textOf(result.content),
        images: result.content.filter((c) => c.type === 'image').length,
      }) + '\n',
    );
    const after = this.boundary(session, live);
    if (after) live.end(after);
    return result;
  }

  /** The prompt file: the brief, then the conversation (images as files beside it, named in place). */
  private prompt(session: Session, folder: string, hop: number): string {
    let images = 0;
    const part = (p: ContentPart): string => {
      if (p.type === 'text') return p.text;
      const file = join(folder, `hop-${hop}-image-${++images}.png`);
      writeFileSync(file, p.png);
      return `[image: ${file}]`;
    };
    const out: string[] = [
      session.system,
      '',
      `Your tools are those of the MCP server '${SERVER_NAME}'. Work through them only; the harness takes over when you call close_task (or request_recovery, where offered).`,
      '',
    ];
    for (const m of session.messages) {
      if (m.role === 'user') out.push('## Harness', ...m.content.map(part), '');
      else if (m.role === 'assistant') out.push(...m.toolCalls.map((c) => `## You called ${c.name} ${c.rawArguments}`), ...(m.text ? [m.text] : []), '');
      else out.push(`## ${m.name} returned${m.isError ? ' an error' : ''}`, ...m.content.filter((p) => p.type === 'text').map(part), '');
    }
    return out.join('\n');
  }

  /**
   * Runs the command once: stdout and stderr into the session's folder (up to the output cap), ended
   * at the boundary, the deadline or the cap, or by its own exit.
   */
  private runProcess(
    line: string,
    folder: string,
    hop: number,
    boundary: Promise<HopEnd>,
    env: Record<string, string>,
  ): Promise<{ kind: 'boundary'; end: HopEnd } | { kind: 'exit' | 'fault'; why: string; code: number | null; signal: string | null; tail: string }> {
    const { deadlineSeconds, maxOutputBytes } = this.o.limits;
    const grace = this.o.killGraceMs ?? 2000;
    const outFd = openSync(join(folder, `hop-${hop}.stdout.log`), 'w');
    const errFd = openSync(join(folder, `hop-${hop}.stderr.log`), 'w');
    // its own process group, so that ending it ends whatever it started
    const child = spawn('/bin/sh', ['-c', line], { cwd: folder, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let written = 0;
    let tail = '';
    let fault: string | null = null;
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => {
      child.once('error', (err) => {
        fault ??= `the command could not start: ${err.message}`;
        resolve({ code: null, signal: null });
      });
      child.once('close', (code, signal) => resolve({ code, signal }));
    });
    const kill = (): void => killGroup(child, exited, grace);
    const faulted = new Promise<void>((resolve) => {
      const take = (fd: number) => (chunk: Buffer) => {
        tail = (tail + chunk.toString('utf8')).slice(-4 * TAIL_CHARS);
        if (written >= maxOutputBytes) return;
        const room = maxOutputBytes - written;
        const piece = chunk.length > room ? chunk.subarray(0, room) : chunk;
        writeSync(fd, piece);
        written += piece.length;
        if (written >= maxOutputBytes && fault === null) {
          fault = `the agent flooded its output (more than ${maxOutputBytes} bytes on stdout and stderr): killed`;
          resolve();
        }
      };
      child.stdout?.on('data', take(outFd));
      child.stderr?.on('data', take(errFd));
    });
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        fault ??= `the agent did not end its hop within ${deadlineSeconds} s: killed`;
        resolve();
      }, deadlineSeconds * 1000);
    });
    const first = Promise.race([
      boundary.then((end) => ({ kind: 'boundary' as const, end })),
      exited.then(() => ({ kind: 'exit' as const })),
      faulted.then(() => ({ kind: 'fault' as const })),
      deadline.then(() => ({ kind: 'fault' as const })),
    ]);
    return first.then(async (r) => {
      clearTimeout(timer);
      kill();
      const how = await exited;
      closeSync(outFd);
      closeSync(errFd);
      const oneLine = tail.replace(/\s+/g, ' ').trim().slice(-TAIL_CHARS);
      if (r.kind === 'boundary') return r;
      if (fault !== null) return { kind: 'fault', why: fault, code: how.code, signal: how.signal, tail: oneLine };
      return { kind: 'exit', why: 'the agent exited without closing the task', code: how.code, signal: how.signal, tail: oneLine };
    });
  }
}

/** Ends a command's process group: SIGTERM, then SIGKILL after `graceMs` unless it has exited by then. */
function killGroup(child: ChildProcess, exited: Promise<unknown>, graceMs: number): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  const hard = setTimeout(() => {
    try {
      process.kill(-(child.pid as number), 'SIGKILL');
    } catch {
      /* already gone */
    }
  }, graceMs);
  hard.unref();
  void exited.then(() => clearTimeout(hard));
}
