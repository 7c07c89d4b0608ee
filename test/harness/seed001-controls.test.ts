/**
 * Seed 001's two controls (`--summary-recovery-notes`, `--fixed-retrieval`): what changes in the
 * session's brief, tools, openings and recovery-note hop, and that nothing else does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseHarnessConfig } from '../../src/harness/config.js';
import { actorTools, openingContent, systemBrief } from '../../src/harness/policies.js';
import { attemptOpening } from '../../src/harness/recovery-flow.js';
import { ACTOR_SYSTEM_BRIEF, recoveryNoteHop, RECOVERY_NOTE_WORD_LIMIT } from '../../src/prompts/actor.js';
import { Journal } from '../../src/memory/journal.js';
import { Workspace } from '../../src/memory/workspace.js';
import { textOf } from '../../src/models/types.js';
import { harnessConfigFromFlags, registerRun, RunFlagsSchema } from '../../src/commands/run.js';
import { parseFlags } from '../../src/commands/options.js';
import { Command } from 'commander';
import type { TaskState } from '../../src/harness/task-state.js';

const dir = mkdtempSync(join(tmpdir(), 'seed001-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const ws = Workspace.open({ runDir: join(dir, 'run'), houseDir: join(dir, 'house') });
const journal = new Journal(ws);
ws.writeOwned({ kind: 'orchestrator' }, 'ledger.md', '# Ledger\n- task-001 · stop · bed\n');
ws.access({ kind: 'actor', handover: 'tasks/task-001/handover.md' }).write('tasks/task-001/handover.md', 'Searched the kitchen; the bed is not there.');
ws.access({ kind: 'consolidation' }).write('house/rooms.md', 'The hall joins the kitchen.');
const input = {
  taskNumber: 2,
  goal: { kind: 'object' as const, text: 'sofa' },
  previousTaskId: 'task-001',
  handoverPath: 'tasks/task-002/handover.md',
  stepBudget: 100,
  turnBudget: 20,
  relocationViews: null,
};

describe('--fixed-retrieval', () => {
  const fixed = parseHarnessConfig({ retrieval: 'fixed' });

  it('attaches the files the opening would list, with their contents, instead of listing them', () => {
    const t = textOf(openingContent(fixed, journal, input, false).content);
    expect(t).toContain('--- tasks/task-001/handover.md ---\nSearched the kitchen; the bed is not there.');
    expect(t).toContain('--- ledger.md ---\n# Ledger\n- task-001 · stop · bed');
    expect(t).toContain('--- house/rooms.md ---\nThe hall joins the kitchen.');
    expect(t).not.toContain('Read these files before moving');
    expect(textOf(openingContent(parseHarnessConfig({}), journal, input, false).content)).toContain('Read these files before moving');
  });

  it('offers write_file but not list_files or read_file, and the brief says the records are attached', () => {
    const names = actorTools(fixed).map((t) => t.name);
    expect(names).toContain('write_file');
    expect(names).not.toContain('read_file');
    expect(names).not.toContain('list_files');
    const b = systemBrief(fixed);
    expect(b).not.toMatch(/list_files|read_file|Read the files your instruction lists/);
    expect(b).toContain('the records you get are attached to your instructions');
  });

  it('attaches the recovery note to the next attempt', () => {
    const note = 'tasks/task-002/recovery-1.json';
    const noteJson = {
      searched_places: ['hall'],
      exclusions: [],
      last_reliable_anchor: 'hall',
      untried_options: ['the den'],
      uncertainties: [],
      suggested_scope: 'attempt',
    };
    expect(ws.access({ kind: 'actor', handover: 'tasks/task-002/handover.md', recoveryNote: note }).write(note, JSON.stringify(noteJson)).ok).toBe(true);
    const t = { spec: { goal: { text: 'sofa' } }, ctx: { budget: { limit: 100, used: 10 } }, turns: { limit: 20, used: 5 } } as unknown as TaskState;
    const a = { scope: 'attempt' as const, notePath: note, brief: null, views: [] };
    expect(textOf(attemptOpening(journal, t, a, null, fixed).content)).toMatch(new RegExp(`--- ${note} ---\\n\\{\\s*"searched_places": \\[\\s*"hall"`));
    expect(textOf(attemptOpening(journal, t, a, null, {}).content)).toContain(`Read the recovery note ${note} first`);
  });
});

describe('--summary-recovery-notes', () => {
  it('asks for a summary of the same length cap as the structured note, at a prose path, and opens the next attempt with it', () => {
    const structured = recoveryNoteHop('tasks/task-002/recovery-1.json');
    const summary = recoveryNoteHop('tasks/task-002/recovery-1.md', 'summary');
    for (const p of [structured, summary]) expect(p).toContain(`fewer than ${RECOVERY_NOTE_WORD_LIMIT} words`);
    expect(structured).toContain('"exclusions"');
    expect(summary).not.toMatch(/exclusions|searched_places|JSON/);
    expect(journal.nextRecoveryNotePath('task-003', 'summary')).toBe('tasks/task-003/recovery-1.md');
    // the summary is prose: the workspace stores it without the structured note's JSON check
    const w = ws
      .access({ kind: 'actor', handover: 'tasks/task-003/handover.md', recoveryNote: 'tasks/task-003/recovery-1.md' })
      .write('tasks/task-003/recovery-1.md', 'I searched the hall and the kitchen.');
    expect(w.ok).toBe(true);
    expect(journal.nextRecoveryNotePath('task-003', 'structured')).toBe('tasks/task-003/recovery-2.json');
    const t = { spec: { goal: { text: 'sofa' } }, ctx: { budget: { limit: 100, used: 10 } }, turns: { limit: 20, used: 5 } } as unknown as TaskState;
    const opening = textOf(
      attemptOpening(journal, t, { scope: 'attempt', notePath: 'tasks/task-003/recovery-1.md', brief: null, views: [] }, null, { recoveryNote: 'summary' })
        .content,
    );
    expect(opening).toContain("Read the previous attempt's summary tasks/task-003/recovery-1.md first.");
    expect(opening).not.toContain('exclusions');
  });

  it('--summary-handover also changes the brief: its closing step asks for a summary, not the structured account', () => {
    const b = systemBrief(parseHarnessConfig({ handover: 'summary' }));
    expect(b).toContain('1. Write a summary of this task at the path you are given');
    expect(b).not.toContain('the rooms and landmarks you visited, the evidence for the outcome');
    expect(systemBrief(parseHarnessConfig({}))).toBe(ACTOR_SYSTEM_BRIEF);
  });
});

describe('the flags', () => {
  const base = { house: 'seed:7', agent: 'scripted', out: '/tmp/x' };
  it('reach the configuration, and run --help lists them', () => {
    const on = harnessConfigFromFlags(parseFlags(RunFlagsSchema, { ...base, summaryRecoveryNotes: true, fixedRetrieval: true }, 'run'));
    expect(on).toMatchObject({ recoveryNote: 'summary', retrieval: 'fixed' });
    const off = harnessConfigFromFlags(parseFlags(RunFlagsSchema, base, 'run'));
    expect(off.recoveryNote).toBeUndefined();
    expect(off.retrieval).toBeUndefined();
    expect(off.contextWindow).toBe(1_000_000);
    const program = new Command('navharness');
    registerRun(program);
    const help = program.commands.find((c) => c.name() === 'run')!.helpInformation();
    expect(help).toMatch(/--summary-recovery-notes[\s\S]*--fixed-retrieval/);
  });
});

describe('openings of image goals', () => {
  it('carry the goal photograph itself under every policy', () => {
    const photo = new Uint8Array([137, 80, 78, 71, 1, 2, 3]);
    const g = { ...input, goal: { kind: 'image' as const, text: 'the photograph was taken at camera height', image: photo } };
    for (const policy of ['navharness', 'independent', 'single'] as const) {
      const parts = openingContent(parseHarnessConfig({ policy }), journal, g, false).content;
      const images = parts.filter((p) => p.type === 'image');
      expect(images).toHaveLength(1);
      expect(images[0].type === 'image' && images[0].png).toBe(photo);
      expect(textOf(parts)).toContain('attached below');
    }
    expect(openingContent(parseHarnessConfig({}), journal, input, false).content.some((p) => p.type === 'image')).toBe(false);
  });
});
