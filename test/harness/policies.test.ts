import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseHarnessConfig } from '../../src/harness/config.js';
import { actorTools, openingContent, readingList, systemBrief } from '../../src/harness/policies.js';
import { ACTOR_SYSTEM_BRIEF } from '../../src/prompts/actor.js';
import { Journal } from '../../src/memory/journal.js';
import { Workspace } from '../../src/memory/workspace.js';
import { textOf } from '../../src/models/types.js';

const dir = mkdtempSync(join(tmpdir(), 'policies-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const ws = Workspace.open({ runDir: join(dir, 'run'), houseDir: join(dir, 'house') });
const journal = new Journal(ws);
ws.writeOwned({ kind: 'orchestrator' }, 'ledger.md', '# Ledger\n');
ws.access({ kind: 'actor', handover: 'tasks/task-001/handover.md' }).write('tasks/task-001/handover.md', 'Goal bed.');
ws.access({ kind: 'consolidation' }).write('house/rooms.md', 'Rooms.');

const input = {
  taskNumber: 2,
  goal: { kind: 'object' as const, text: 'sofa' },
  previousTaskId: 'task-001',
  handoverPath: 'tasks/task-002/handover.md',
  stepBudget: 100,
  turnBudget: 20,
  relocationViews: null,
};

describe('session policy switches', () => {
  it.each([
    { cfg: {}, files: ['tasks/task-001/handover.md', 'ledger.md', 'house/rooms.md'] },
    { cfg: { taskRecords: false }, files: ['house/rooms.md'] },
  ])('reading list with $cfg lists existing files only', ({ cfg, files }) => {
    expect(readingList(journal, parseHarnessConfig(cfg), 'task-001')).toEqual(files);
  });

  it('the summary ablation asks for an ordinary summary at the same path', () => {
    const t = textOf(openingContent(parseHarnessConfig({ handover: 'summary' }), journal, input, false).content);
    expect(t).toContain('write a summary of this task at tasks/task-002/handover.md');
    expect(textOf(openingContent(parseHarnessConfig({}), journal, input, false).content)).not.toContain('write a summary');
  });

  it.each([
    { cfg: { policy: 'navharness' }, has: ['read_file', 'get_map', 'close_task'], lacks: [] },
    {
      cfg: { policy: 'independent' },
      has: ['observe', 'step', 'get_goal', 'close_task'],
      lacks: ['read_file', 'write_file', 'list_files', 'get_map', 'mark', 'preview_path', 'request_recovery'],
    },
    { cfg: { policy: 'single' }, has: ['close_task', 'get_map', 'request_recovery'], lacks: ['read_file'] },
    { cfg: { maps: false }, has: ['read_file', 'mark'], lacks: ['get_map', 'preview_path'] },
  ] as const)('tools under $cfg', ({ cfg, has, lacks }) => {
    const names = actorTools(parseHarnessConfig(cfg)).map((t) => t.name);
    for (const h of has) expect(names).toContain(h);
    for (const l of lacks) expect(names).not.toContain(l);
  });

  it('baselines get the standing brief without the memory section, file tools or handover step', () => {
    expect(systemBrief(parseHarnessConfig({}))).toBe(ACTOR_SYSTEM_BRIEF);
    for (const policy of ['independent', 'single'] as const) {
      const b = systemBrief(parseHarnessConfig({ policy }));
      expect(b).not.toMatch(/ledger|house notes|list_files|handover/i);
      expect(b).toContain('close_task');
      expect(b).toContain('each task starts where the previous one ended');
    }
    expect(systemBrief(parseHarnessConfig({ policy: 'single' }))).toContain('request_recovery');
    expect(systemBrief(parseHarnessConfig({ policy: 'single' }))).toContain('Positions');
  });

  it('the independent baseline is told of no memory it lacks: no map, markers, paths, persistence or recovery', () => {
    const b = systemBrief(parseHarnessConfig({ policy: 'independent' }));
    expect(b).not.toMatch(/get_map|mark\(|marker|preview_path|persist|request_recovery|ledger|\bmap\b/i);
    for (const t of actorTools(parseHarnessConfig({ policy: 'independent' }))) expect(b).toContain(`- ${t.name}`);
    const relocated = textOf(
      openingContent(parseHarnessConfig({ policy: 'independent' }), journal, { ...input, relocationViews: [new Uint8Array([1])] }, false).content,
    );
    expect(relocated).not.toMatch(/map|ledger|handover/i);
    expect(relocated).toContain('moved to a new starting point');
  });

  it('under maps=false no brief names get_map or preview_path', () => {
    const b = systemBrief(parseHarnessConfig({ maps: false }));
    expect(b).not.toMatch(/get_map|preview_path/);
    expect(b).toContain('- mark(name)');
  });

  it('rejects an unknown switch or value with what is accepted', () => {
    expect(() => parseHarnessConfig({ policy: 'chatty' })).toThrow(/policy/);
    expect(() => parseHarnessConfig({ certifcation: false })).toThrow(/certifcation/);
    expect(() => parseHarnessConfig({ recovery: { maxScope: 'city' } })).toThrow(/maxScope/);
  });
});
