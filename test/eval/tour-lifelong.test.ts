/**
 * IR2R-CE tours through the lifelong harness (issue 37): a house's instructions are the tasks of one
 * run, each a fresh conversation with an instruction goal; the handover one task writes is listed in
 * the next task's opening and read back; each task is scored with the VLN-CE metrics; a resumed tour
 * never replays a closed task.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runLifelongTour } from '../../src/eval/tour-lifelong.js';
import { HarnessConfigSchema, type HarnessEvent } from '../../src/harness/index.js';
import { textOf, type ModelRequest } from '../../src/models/index.js';
import { smallEpisodes } from '../vln/helpers.js';

const dirs: string[] = [];
const tmp = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'nh-tour-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const harness = HarnessConfigSchema.parse({ poseSource: 'ground-truth', stepBudget: 40, turnBudget: 16 });
const options = (out: string, onEvent?: (e: HarnessEvent) => void) => ({ out, agent: 'scripted', judge: 'auto' as const, harness, resume: false, onEvent });

/** The acting session's requests of each task, in order. */
function requestsByTask(events: HarnessEvent[]): Map<string, ModelRequest[]> {
  const by = new Map<string, ModelRequest[]>();
  let task = '';
  for (const e of events) {
    if (e.kind === 'task-start') task = e.task;
    if (e.kind === 'turn' && e.session.startsWith(`${task}/`)) by.set(task, [...(by.get(task) ?? []), e.request]);
  }
  return by;
}

describe('lifelong tours', () => {
  it('plays each instruction as a task with an instruction goal; the second opening lists the first handover, which is read back', async () => {
    const episodes = await smallEpisodes(2, 11);
    const out = tmp();
    const events: HarnessEvent[] = [];
    const r = await runLifelongTour(
      episodes,
      options(out, (e) => events.push(e)),
    );
    expect(r.closedNow).toBe(2);
    expect(r.tasks.map((t) => t.episode)).toEqual(episodes.map((e) => e.id));
    const record = JSON.parse(readFileSync(join(out, 'tasks/task-002/record.json'), 'utf8'));
    expect(record.goal).toEqual({ kind: 'instruction', text: episodes[1].instruction });
    // memory across the tour's tasks: task 1 wrote its handover, task 2's opening names it and its session reads it
    const handover = readFileSync(join(out, 'tasks/task-001/handover.md'), 'utf8');
    expect(handover).toMatch(/^Goal: follow the instruction of \d+ clauses\./);
    const second = requestsByTask(events).get('task-002')!;
    const opening = textOf((second[0].messages.find((m) => m.role === 'user') as { content: Parameters<typeof textOf>[0] }).content);
    expect(opening).toContain(`Goal: follow this route instruction and close the task where it ends: ${episodes[1].instruction}`);
    expect(opening).toContain('tasks/task-001/handover.md');
    const read = second[1].messages.find((m) => m.role === 'tool' && m.name === 'read_file');
    expect(read && read.role === 'tool' ? textOf(read.content) : '').toContain(handover.trim().split('\n')[0]);
    // a fresh conversation per task: task 2's first request holds no message of task 1
    expect(second[0].messages.filter((m) => m.role === 'assistant')).toHaveLength(0);
    // scored with the VLN-CE metrics from the task's own start; the evaluation record takes success and SPL from them
    for (const [i, t] of r.tasks.entries()) {
      const ev = JSON.parse(readFileSync(join(out, `eval/task-00${i + 1}.json`), 'utf8'));
      expect(ev.success).toBe(t.sr >= 1);
      expect(ev.spl).toBeCloseTo(t.spl, 12);
      expect(ev.shortest_path).toBeCloseTo(episodes[i].geodesicDistance, 9);
    }
    // the judge checked every claim
    for (const id of ['task-001', 'task-002']) {
      const rec = JSON.parse(readFileSync(join(out, `tasks/${id}/record.json`), 'utf8'));
      if (rec.claim) expect(rec.verdict).not.toBeNull();
    }
  }, 600_000);

  it('resumes after a crash in the second task without replaying the first, and refuses the folder without --resume', async () => {
    const episodes = await smallEpisodes(2, 11);
    const out = tmp();
    const crash = (e: HarnessEvent) => {
      if (e.kind === 'task-start' && e.task === 'task-002') throw new Error('crash in task-002');
    };
    await expect(runLifelongTour(episodes, options(out, crash))).rejects.toThrow(/crash in task-002/);
    const kept = ['tasks/task-001/record.json', 'eval/task-001.json', 'eval/vln-task-001.json', 'tasks/task-001/handover.md'].map(
      (p) => [p, readFileSync(join(out, p), 'utf8')] as const,
    );
    await expect(runLifelongTour(episodes, options(out))).rejects.toThrow(/already holds a tour; pass --resume/);
    const events: HarnessEvent[] = [];
    const r = await runLifelongTour(episodes, { ...options(out, (e) => events.push(e)), resume: true });
    expect(events.filter((e) => e.kind === 'task-start').map((e) => (e as { task: string }).task)).toEqual(['task-002']);
    expect(r.closedBefore).toBe(1);
    expect(r.closedNow).toBe(1);
    for (const [p, text] of kept) expect(readFileSync(join(out, p), 'utf8')).toBe(text);
    // the resumed task still reads the handover the first one wrote
    const opening = requestsByTask(events).get('task-002')![0];
    expect(JSON.stringify(opening.messages)).toContain('tasks/task-001/handover.md');
    // a finished tour read back runs nothing
    const again: HarnessEvent[] = [];
    const done = await runLifelongTour(episodes, { ...options(out, (e) => again.push(e)), resume: true });
    expect(again).toHaveLength(0);
    expect(done.tasks).toEqual(r.tasks);
  }, 600_000);
});

describe('navharness vln --harness lifelong', () => {
  const base = { episodes: '/nowhere.json', agent: 'scripted', out: '/tmp/nh-never' };
  it('refuses --config with it, it without --tours, and its flags with the VLN loop, saying what is accepted', async () => {
    const { vlnCommand } = await import('../../src/commands/vln.js');
    await expect(vlnCommand({ ...base, tours: true, harness: 'lifelong', config: 'goal' })).rejects.toThrow(/--config picks the VLN loop's agents/);
    await expect(vlnCommand({ ...base, harness: 'lifelong' })).rejects.toThrow(/--harness lifelong runs tours: add --tours/);
    await expect(vlnCommand({ ...base, tours: true, config: 'goal', resume: true })).rejects.toThrow(/--resume is a flag of the lifelong harness/);
    await expect(vlnCommand({ ...base, tours: true, config: 'goal', pose: 'ground-truth' })).rejects.toThrow(/--pose is a flag of the lifelong harness/);
    await expect(vlnCommand({ ...base, tours: true })).rejects.toThrow(/give the VLN loop's configuration: --config/);
    await expect(vlnCommand({ ...base, tours: true, harness: 'sometimes' })).rejects.toThrow(/--harness is loop or lifelong/);
  });
});
