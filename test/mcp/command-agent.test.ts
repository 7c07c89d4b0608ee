/**
 * `--agent command:…`: a stand-in agent process (test/fixtures/stand-in-agent.mjs, the official MCP
 * SDK client) drives each session's tools through its own endpoint. A deployment-style run closes its
 * tasks with one endpoint per session, the policy's tools only and the transcript kept; an agent that
 * cannot start, exits without closing, hangs or floods its output ends its attempt as a provider
 * error with the exit code and output tail, and the run goes on.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CommandAgent } from '../../src/mcp/index.js';
import { Session } from '../../src/harness/index.js';
import { NAVIGATION_TOOLS, createToolContext } from '../../src/tools/index.js';
import type { Navigator } from '../../src/navigator/index.js';
import type { Model } from '../../src/models/index.js';
import { deploy } from '../../src/eval/index.js';

const STAND_IN = resolve(import.meta.dirname, '../fixtures/stand-in-agent.mjs');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'command-agent-'));
  dirs.push(d);
  return d;
};
const line = (modes: string) => `${process.execPath} ${STAND_IN} ${modes} {mcp_config} {prompt_file}`;
const noModel: Model = { id: 'command', complete: () => Promise.reject(new Error('not called')) };
const probes = (file: string) =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));

/** One hop of a session that offers close_task only, in a fresh folder. */
async function oneHop(commandLine: string, limits = { deadlineSeconds: 20, maxOutputBytes: 1 << 20 }) {
  const dir = tempDir();
  const agent = new CommandAgent({ commandLine, dir, limits, killGraceMs: 200 });
  const session = new Session(
    'task-001/attempt-1',
    noModel,
    'You are a stand-in. Task 1.',
    NAVIGATION_TOOLS.filter((t) => t.name === 'close_task'),
  );
  session.say({ type: 'text', text: 'Task 1. Find a chair.' });
  const ctx = createToolContext({} as Navigator, null, 10);
  const budget = { limit: 10, used: 0 };
  try {
    const hop = await agent.hop(session, ctx, { maxTurns: 8, budget });
    return { hop, error: null, session, ctx, budget, folder: join(dir, 'task-001', 'attempt-1') };
  } catch (error) {
    return { hop: null, error: error as Error, session, ctx, budget, folder: join(dir, 'task-001', 'attempt-1') };
  } finally {
    await agent.close();
  }
}

describe('CommandAgent: one hop', () => {
  it('serves the session its tools only behind the token and Origin checks, and ends the hop at close_task', async () => {
    const r = await oneHop(line('close'));
    expect(r.error).toBeNull();
    expect(r.hop).toMatchObject({ end: 'close' });
    expect(r.ctx.closeRequest?.claim).toBe('incomplete');
    const [p] = probes(join(r.folder, 'probes.jsonl'));
    expect(p).toMatchObject({ tools: ['close_task'], wrongToken: 401, foreignOrigin: 403, unoffered: 'get_map', unofferedRefused: true, env: true });
    // every served call is a turn of the task's budget and stays in the session's conversation
    expect(r.budget.used).toBe(r.hop?.turns);
    expect(r.session.messages.filter((m) => m.role === 'tool').map((m) => (m.role === 'tool' ? m.name : ''))).toEqual(['get_map', 'observe', 'close_task']);
    const transcript = probes(join(r.folder, 'transcript.jsonl'));
    expect(transcript.map((t) => t.tool)).toEqual(['get_map', 'observe', 'close_task']);
    expect(transcript[0].is_error).toBe(true);
    expect(readFileSync(join(r.folder, 'hop-1.prompt.md'), 'utf8')).toContain('Task 1. Find a chair.');
    expect(JSON.parse(readFileSync(join(r.folder, 'hop-1.mcp.json'), 'utf8')).mcpServers.navharness).toMatchObject({
      type: 'http',
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/),
    });
  }, 60_000);

  it('refuses a command line that names no prompt file or no endpoint, saying what is accepted', async () => {
    const { parseCommandAgent } = await import('../../src/harness/index.js');
    expect(parseCommandAgent('command:claude -p hello')).toMatchObject({
      ok: false,
      error: expect.stringContaining('must name {prompt_file} and {mcp_config} or {mcp_url}'),
    });
    expect(parseCommandAgent('command:   ')).toMatchObject({ ok: false, error: expect.stringContaining('the command line is empty') });
    expect(parseCommandAgent('command:codex exec -c \'mcp_servers.navharness.url="{mcp_url}"\' "$(cat {prompt_file})"')).toMatchObject({ ok: true });
  });

  it('records an agent that cannot start with its exit code and output tail', async () => {
    const r = await oneHop('/nonexistent/agent-cli --mcp {mcp_config} {prompt_file}');
    expect(r.error?.name).toBe('ModelCallError');
    expect(r.error?.message).toMatch(/exited without closing the task; exit code 127; output tail: .*not found/);
  }, 30_000);

  it('records an agent that exits without closing', async () => {
    const r = await oneHop(line('exit'));
    expect(r.error?.message).toMatch(/exited without closing the task; exit code 3; output tail: stand-in: giving up without a call/);
    expect(readFileSync(join(r.folder, 'hop-1.stderr.log'), 'utf8')).toContain('giving up');
  }, 30_000);

  it('kills a hanging agent at the deadline', async () => {
    const t0 = Date.now();
    const r = await oneHop(line('hang'), { deadlineSeconds: 1, maxOutputBytes: 1 << 20 });
    expect(r.error?.message).toMatch(/did not end its hop within 1 s: killed; exit code none \(SIGTERM\)/);
    expect(Date.now() - t0).toBeLessThan(15_000);
  }, 30_000);

  it('kills an agent that floods its output, keeping the capped output', async () => {
    const r = await oneHop(line('flood'), { deadlineSeconds: 20, maxOutputBytes: 4096 });
    expect(r.error?.message).toMatch(/flooded its output \(more than 4096 bytes on stdout and stderr\): killed; .*output tail: .*flood flood/);
    expect(statSync(join(r.folder, 'hop-1.stdout.log')).size).toBe(4096);
  }, 30_000);
});

describe('navharness deploy with --agent command:…', () => {
  it('closes its tasks through one endpoint per session, goes on after an agent that exits, and keeps the transcripts', async () => {
    const dep = join(tempDir(), 'deployment');
    const d = await deploy(
      {
        house: 'seed:7',
        runs: 1,
        sequence: 1,
        agent: `command:${line('close,exit,close')}`,
        out: dep,
        maxGoals: 3,
        harness: { stepBudget: 30, turnBudget: 10, consolidation: false },
      },
      { commandAgent: (o) => new CommandAgent(o) },
    );
    expect(d.metrics.per_run[0].tasks).toBe(3);
    const out = join(dep, 'run-001');
    const metrics = JSON.parse(readFileSync(join(out, 'metrics.json'), 'utf8'));
    const rec = (id: string) => JSON.parse(readFileSync(join(out, 'tasks', id, 'record.json'), 'utf8'));
    expect(rec('task-001').claim?.claim).toBe('incomplete');
    expect(rec('task-003').claim?.claim).toBe('incomplete');
    expect(rec('task-002').claim).toBeNull();
    expect(rec('task-002').termination_reason).toMatch(/exit code 3; output tail: stand-in: giving up/);
    const agents = join(out, 'eval', 'agents');
    const p1 = probes(join(agents, 'task-001', 'attempt-1', 'probes.jsonl'));
    const p3 = probes(join(agents, 'task-003', 'attempt-1', 'probes.jsonl'));
    // the NavHarness policy's tools, and nothing else
    const offered = [
      'observe',
      'step',
      'get_goal',
      'get_map',
      'mark',
      'preview_path',
      'close_task',
      'request_recovery',
      'list_files',
      'read_file',
      'write_file',
    ];
    expect(p1[0].tools).toEqual(offered);
    expect(p1[0]).toMatchObject({ wrongToken: 401, foreignOrigin: 403, unoffered: 'no_such_tool', unofferedRefused: true });
    expect(p1[0].url).not.toBe(p3[0].url);
    // the handover it wrote through the endpoint is the task's, so no missing-handover hop followed
    expect(readFileSync(join(out, 'tasks', 'task-001', 'handover.md'), 'utf8')).toContain('the stand-in looked once');
    const calls = probes(join(agents, 'task-001', 'attempt-1', 'transcript.jsonl')).map((t) => t.tool);
    expect(calls).toEqual(['no_such_tool', 'observe', 'write_file', 'close_task']);
    expect(existsSync(join(agents, 'task-002', 'attempt-1', 'hop-1.stderr.log'))).toBe(true);
    expect(metrics.token_source).toBe('estimate');
  }, 300_000);
});
