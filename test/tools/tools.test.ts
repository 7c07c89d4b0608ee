import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { Navigator } from '../../src/navigator/navigator.js';
import { ALL_TOOLS, callTool, createToolContext, toolSpecs, type ToolContext, type ToolResult } from '../../src/tools/index.js';
import { Workspace } from '../../src/memory/workspace.js';
import { simWorld } from '../helpers/sim-world.js';

const textOf = (r: ToolResult) =>
  r.content
    .filter((c) => c.type === 'text')
    .map((c) => (c as { text: string }).text)
    .join('\n');
const imagesOf = (r: ToolResult) => r.content.filter((c) => c.type === 'image') as { png: Uint8Array }[];

let ctx: ToolContext;
beforeAll(async () => {
  const { body, gt } = await simWorld(11);
  const nav = await Navigator.create({ body, poseSource: gt });
  const dir = mkdtempSync(join(tmpdir(), 'nh-tools-'));
  const ws = Workspace.open({ runDir: join(dir, 'run'), houseDir: join(dir, 'house') });
  const files = ws.access({ kind: 'actor', handover: 'tasks/task-001/handover.md' });
  ctx = createToolContext(nav, { kind: 'object', text: 'sofa' }, 50, files);
});
const call = (name: string, args: unknown) => callTool(ALL_TOOLS, name, args, ctx);

describe('tool schemas', () => {
  it('every tool exports a JSON Schema object with a description', () => {
    const specs = toolSpecs();
    expect(specs.map((s) => s.name)).toEqual([
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
    ]);
    for (const s of specs) {
      expect(s.parameters.type).toBe('object');
      expect(s.description.length).toBeGreaterThan(20);
    }
    const step = specs.find((s) => s.name === 'step')!.parameters as { properties: { actions: { maxItems: number; items: { enum: string[] } } } };
    expect(step.properties.actions.maxItems).toBe(12);
    expect(step.properties.actions.items.enum).toEqual(['forward', 'left', 'right']);
  });
});

describe('tools drive the navigator', () => {
  it('observe returns a PNG view and the tracking status', async () => {
    const r = await call('observe', {});
    expect(r.isError).toBeFalsy();
    expect(textOf(r)).toMatch(/Tracking: ok/);
    const png = PNG.sync.read(Buffer.from(imagesOf(r)[0].png));
    expect([png.width, png.height]).toEqual([320, 240]);
  });

  it('step executes actions, charges the budget and returns the final view', async () => {
    const before = ctx.budget.used;
    const r = await call('step', { actions: ['left', 'left', 'forward'] });
    expect(r.isError).toBeFalsy();
    expect(ctx.budget.used - before).toBeGreaterThanOrEqual(1);
    expect(textOf(r)).toMatch(/Executed \d of 3 actions/);
    expect(imagesOf(r)).toHaveLength(1);
  });

  it('a step result carries what its text states as facts (an offline agent reads these, not the prose)', async () => {
    const r = await call('step', { actions: ['forward', 'forward', 'forward', 'forward', 'forward', 'forward', 'forward', 'forward'] });
    const t = textOf(r);
    const step = r.facts?.step;
    expect(step).toBeDefined();
    expect(t).toContain(`Executed ${step!.executed.length} of 8 actions: ${step!.executed.join(', ') || 'none'}.`);
    expect(/Collision during/.test(t)).toBe(step!.collisions > 0);
    expect(t).toContain(`Steps used ${ctx.budget.used} of ${ctx.budget.limit}`);
    expect(r.facts?.steps).toEqual({ used: ctx.budget.used, limit: ctx.budget.limit });
    const spent = createToolContext(ctx.navigator, ctx.goal, 0, null);
    const refused = await callTool(ALL_TOOLS, 'step', { actions: ['left'] }, spent);
    expect(refused.isError).toBe(true);
    expect(refused.facts?.step).toEqual({ executed: [], collisions: 0, ended: true });
    const observed = await call('observe', {});
    expect(observed.facts?.steps).toEqual({ used: ctx.budget.used, limit: ctx.budget.limit });
  });

  it('get_goal, get_map, mark and preview_path work together', async () => {
    expect(textOf(await call('get_goal', {}))).toBe('Find a sofa.');
    expect(textOf(await call('mark', { name: 'hall start' }))).toMatch(/Marked 'hall start'/);
    await call('step', { actions: ['right', 'right', 'forward'] });
    const map = await call('get_map', { zoom: 2 });
    expect(textOf(map)).toMatch(/hall start/);
    expect(imagesOf(map)).toHaveLength(1);
    const route = await call('preview_path', { place: 'hall start' });
    expect(textOf(route)).toMatch(/Route to 'hall start': \d+\.\d\d m/);
    const far = await call('preview_path', { x: 500, z: 500 });
    expect(textOf(far)).toMatch(/Route to|unreachable/);
  });

  it('file tools honour the actor role', async () => {
    const w = await call('write_file', { path: 'tasks/task-001/handover.md', content: 'Searched the hall; the sofa was not there.' });
    expect(w.isError).toBeFalsy();
    const r = await call('read_file', { path: 'tasks/task-001/handover.md' });
    expect(textOf(r)).toMatch(/Searched the hall/);
    const denied = await call('write_file', { path: 'ledger.md', content: 'x' });
    expect(denied.isError).toBe(true);
    const escape = await call('read_file', { path: '../../etc/passwd' });
    expect(escape.isError).toBe(true);
  });
});

describe('bad arguments are tool errors that say what to send, and cost no steps', () => {
  it.each([
    ['step', { actions: ['jump'] }, /actions\.0: .*forward.*left.*right/],
    ['step', { actions: Array(13).fill('forward') }, /at most 12 actions/],
    ['step', { actions: [] }, /at least one action/],
    ['step', {}, /actions/],
    ['step', { actions: ['forward'], speed: 2 }, /speed|Unrecognized/i],
    ['get_map', { zoom: -1 }, /zoom is at least 1/],
    ['get_map', { zoom: 1.5 }, /whole number/],
    ['get_map', { floor: 7 }, /no floor 7/],
    ['mark', { name: '' }, /cannot be empty/],
    ['mark', { name: '../../x' }, /letters, digits/],
    ['preview_path', { place: 'nowhere' }, /No place named 'nowhere'/],
    ['preview_path', { x: 1 }, /both "x" and "z"/],
    ['preview_path', { place: 'hall start', x: 1, z: 2 }, /either "place"/],
    ['close_task', { claim: 'done', evidence: 'x' }, /"complete" or "incomplete"/],
    ['request_recovery', { scope: 'galaxy', reason: 'lost', confidence: 0.5 }, /scope must be one of attempt, place, room, floor, house/],
    ['request_recovery', { scope: 'room', reason: 'lost', confidence: 3 }, /at most 1/],
    ['read_file', { path: '/etc/passwd' }, /./],
    ['teleport', {}, /Unknown tool 'teleport'.*observe/],
    ['step', undefined, /not valid JSON/],
  ] as const)('%s %j', async (name, args, message) => {
    const used = ctx.budget.used;
    const r = await call(name, args);
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(message);
    expect(ctx.budget.used).toBe(used);
  });
});

describe('requests for the orchestrator', () => {
  it('close_task records the claim; further motion is refused', async () => {
    const r = await call('close_task', { claim: 'incomplete', evidence: 'no sofa in the hall' });
    expect(textOf(r)).toMatch(/Close request recorded/);
    expect(ctx.closeRequest).toMatchObject({ claim: 'incomplete', evidence: 'no sofa in the hall' });
    const s = await call('step', { actions: ['forward'] });
    expect(s.isError).toBe(true);
    ctx.closeRequest = null;
  });

  it('the budget ends motion with a clear message', async () => {
    ctx.budget.used = ctx.budget.limit;
    const r = await call('step', { actions: ['left'] });
    expect(textOf(r)).toMatch(/budget is exhausted/);
    expect(ctx.budget.used).toBe(ctx.budget.limit);
  });
});
