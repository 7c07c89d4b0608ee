/**
 * The MCP server over stdio, driven by the official MCP client SDK exactly as a coding agent would:
 * the client spawns `navharness mcp` and talks JSON-RPC over its stdin/stdout.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { toolSpecs } from '../../src/tools/index.js';

const ROOT = resolve(import.meta.dirname, '../..');
const STEPS = 40;

type Block = CallToolResult['content'][number];
const texts = (r: CallToolResult) =>
  r.content
    .filter((c): c is Extract<Block, { type: 'text' }> => c.type === 'text')
    .map((c) => c.text)
    .join('\n');
const images = (r: CallToolResult) => r.content.filter((c): c is Extract<Block, { type: 'image' }> => c.type === 'image');
const stepsUsed = (r: CallToolResult) => Number(/Steps used (\d+) of/.exec(texts(r))?.[1]);

let client: Client;
let transport: StdioClientTransport;
let workspace: string;
const stderr: string[] = [];

beforeAll(async () => {
  workspace = join(mkdtempSync(join(tmpdir(), 'nh-mcp-test-')), 'run');
  transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', 'src/cli.ts', 'mcp', '--house', 'seed:7', '--steps', String(STEPS), '--workspace', workspace],
    cwd: ROOT,
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (d: Buffer) => stderr.push(d.toString()));
  client = new Client({ name: 'navharness-test', version: '0.0.0' });
  await client.connect(transport);
});

afterAll(async () => {
  await client?.close(); // a no-op once the last test has closed it
});

const call = async (name: string, args?: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult;

describe('navharness mcp over stdio', () => {
  it('identifies itself and tells the agent the task and budget', () => {
    expect(client.getServerVersion()?.name).toBe('navharness');
    expect(client.getInstructions()).toMatch(new RegExp(`budget is ${STEPS} steps`));
    expect(client.getInstructions()).toMatch(/tasks\/task-001\/handover\.md/);
  });

  it('lists all eleven tools with their descriptions and JSON Schemas', async () => {
    const { tools } = await client.listTools();
    const specs = toolSpecs();
    expect(tools.map((t) => t.name)).toEqual(specs.map((s) => s.name));
    expect(tools).toHaveLength(11);
    for (const t of tools) {
      const s = specs.find((x) => x.name === t.name)!;
      expect(t.description).toBe(s.description);
      expect(t.inputSchema).toEqual(s.parameters);
      expect(t.inputSchema.type).toBe('object');
    }
    const step = tools.find((t) => t.name === 'step')!.inputSchema as unknown as { properties: { actions: { maxItems: number } } };
    expect(step.properties.actions.maxItems).toBe(12);
    // every tool carries hints; looking is read-only, moving is not
    for (const t of tools) expect(t.annotations?.openWorldHint).toBe(false);
    expect(tools.find((t) => t.name === 'observe')!.annotations?.readOnlyHint).toBe(true);
    expect(tools.find((t) => t.name === 'step')!.annotations?.readOnlyHint).toBe(false);
  });

  it('observe returns the view as an image block that decodes as a 320×240 PNG', async () => {
    const r = await call('observe');
    expect(r.isError).toBeFalsy();
    expect(texts(r)).toMatch(/Tracking: ok/);
    const [img] = images(r);
    expect(img.mimeType).toBe('image/png');
    const png = PNG.sync.read(Buffer.from(img.data, 'base64'));
    expect([png.width, png.height]).toEqual([320, 240]);
    // images travel only as image blocks: no base64 PNG inlined into text
    expect(texts(r)).not.toMatch(/iVBORw0KGgo/);
    expect(stepsUsed(r)).toBe(0);
  });

  it('get_goal states the goal', async () => {
    const r = await call('get_goal');
    expect(r.isError).toBeFalsy();
    expect(texts(r)).toMatch(/^Find /);
    for (const img of images(r)) expect(PNG.sync.read(Buffer.from(img.data, 'base64')).width).toBe(320);
  });

  it('step moves the robot, charges the budget and returns the final view', async () => {
    const r = await call('step', { actions: ['left', 'left', 'forward'] });
    expect(r.isError).toBeFalsy();
    expect(texts(r)).toMatch(/Executed [1-3] of 3 actions/);
    expect(stepsUsed(r)).toBeGreaterThanOrEqual(1);
    expect(images(r)).toHaveLength(1);
  });

  it('mark, get_map and preview_path work over MCP', async () => {
    expect(texts(await call('mark', { name: 'start area' }))).toMatch(/Marked 'start area'/);
    await call('step', { actions: ['right', 'right', 'right', 'forward', 'forward'] });
    const map = await call('get_map', { zoom: 2 });
    expect(map.isError).toBeFalsy();
    expect(texts(map)).toMatch(/start area/);
    const mapPng = PNG.sync.read(Buffer.from(images(map)[0].data, 'base64'));
    expect(mapPng.width).toBeGreaterThan(20);
    const route = await call('preview_path', { place: 'start area' });
    expect(route.isError).toBeFalsy();
    expect(texts(route)).toMatch(/Route to 'start area': \d+\.\d\d m/);
    expect(images(route)[0].mimeType).toBe('image/png');
  });

  it('malformed calls are tool errors with a helpful message, cost no steps, and the server survives', async () => {
    const before = stepsUsed(await call('observe'));
    const cases: [string, Record<string, unknown> | undefined, RegExp][] = [
      ['step', { actions: Array(13).fill('forward') }, /at most 12 actions/],
      ['step', { actions: ['jump'] }, /"forward".*"left".*"right"|forward.*left.*right/],
      ['step', undefined, /actions/],
      ['get_map', { zoom: -1 }, /zoom is at least 1/],
      ['preview_path', { place: 'nowhere' }, /No place named 'nowhere'/],
      ['teleport', {}, /Unknown tool 'teleport'.*observe/],
    ];
    for (const [name, args, message] of cases) {
      const r = await call(name, args);
      expect(r.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
      expect(texts(r)).toMatch(message);
      expect(images(r)).toHaveLength(0);
    }
    const after = await call('observe');
    expect(after.isError).toBeFalsy();
    expect(stepsUsed(after)).toBe(before);
  });

  it('preview_path echoes a long place name only up to a cap', async () => {
    const r = await call('preview_path', { place: 'x'.repeat(100_000) });
    expect(r.isError).toBe(true);
    expect(texts(r).length).toBeLessThan(600);
    const u = await call('y'.repeat(100_000), {});
    expect(u.isError).toBe(true);
    expect(texts(u).length).toBeLessThan(600);
  });

  it('file tools write into the run workspace given with --workspace', async () => {
    const w = await call('write_file', { path: 'tasks/task-001/handover.md', content: 'Turned left at the start.' });
    expect(w.isError).toBeFalsy();
    expect(readFileSync(join(workspace, 'tasks/task-001/handover.md'), 'utf8')).toMatch(/Turned left/);
    const denied = await call('write_file', { path: '../outside.md', content: 'x' });
    expect(denied.isError).toBe(true);
    expect(existsSync(join(workspace, '../outside.md'))).toBe(false);
  });

  it('close_task ends the motion; the server keeps answering', async () => {
    const c = await call('close_task', { claim: 'incomplete', evidence: 'test run' });
    expect(texts(c)).toMatch(/Close request recorded/);
    const s = await call('step', { actions: ['forward'] });
    expect(s.isError).toBe(true);
    // after the close request nothing more may change or be looked at (issue 19 item 9)
    const after: [string, Record<string, unknown>][] = [
      ['mark', { name: 'late mark' }],
      ['write_file', { path: 'tasks/task-001/handover.md', content: 'written after the close' }],
      ['observe', {}],
      ['preview_path', { place: 'start area' }],
    ];
    for (const [name, args] of after) {
      const r = await call(name, args);
      expect(r.isError, name).toBe(true);
      expect(texts(r)).toMatch(/close_task/);
    }
    expect(readFileSync(join(workspace, 'tasks/task-001/handover.md'), 'utf8')).not.toMatch(/after the close/);
    // the operator's log gets the evaluation; the agent's result does not
    expect(stderr.join('')).toMatch(/close requested: claim incomplete; evaluation \(operator only\): (success|failure), \d+\.\d\d m from the goal/);
    expect(texts(c)).not.toMatch(/success|failure|from the goal/i);
  });

  it('logs only to stderr', () => {
    expect(stderr.join('')).toMatch(/episode ready: seed:7/);
  });

  it('exits by itself when the client closes its stdin', async () => {
    const exited = new Promise<void>((done) => transport.stderr?.once('end', () => done()));
    await client.close();
    await exited;
    expect(stderr.join('')).toMatch(/client disconnected/);
  });
});

describe('navharness mcp when the episode cannot be opened', () => {
  it('exits by itself with a usage error naming the flag, and writes nothing to stdout', async () => {
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'mcp', '--house', 'seed:7', '--task', '19'], {
      cwd: ROOT,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let err = '';
    let out = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((done) => child.once('exit', done)); // stdin stays open: the server must end itself
    expect(code).toBe(2);
    expect(err).toMatch(/--task 19: task 19 does not exist: GOAT sequence 0 in seed:7 has \d+ goals/);
    expect(out).toBe('');
  });
});
