/**
 * The orchestrator on a real procedural house with replayed actor and judge scripts: the close flow
 * (missing-handover prompt, veto on the first checked request only, unknown never blocks,
 * certification reuse vs fresh check), recovery with distinct note names and escalation, budgets,
 * and the session policies' openings.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseHarnessConfig, type HarnessConfigInput } from '../../src/harness/config.js';
import { ModelJudge } from '../../src/harness/judge.js';
import { Orchestrator } from '../../src/harness/orchestrator.js';
import { HistogramPlaceMatcher } from '../../src/baselines/histogram-place-matcher.js';
import { MatcherWakeUp } from '../../src/harness/wakeup.js';
import { World } from '../../src/world/world.js';
import { relocationViews } from '../../src/harness/relocation.js';
import { OpenAIResponsesModel } from '../../src/models/openai-responses.js';
import { startMockServer } from '../models/mock-server.js';
import { RELOCATION_NOTE, SAVED_MAP_ASIDE } from '../../src/prompts/actor.js';
import { Journal } from '../../src/memory/journal.js';
import { Workspace } from '../../src/memory/workspace.js';
import { MockModel, ScriptedModel, type ScriptedStep } from '../../src/models/scripted.js';
import { textOf, type Message } from '../../src/models/types.js';

/** The text of a user or tool message (assistant: its visible text). */
const said = (m: Message): string => (m.role === 'assistant' ? m.text : textOf(m.content));

let world: World;
const dirs: string[] = [];

beforeAll(async () => {
  world = await World.open({ house: { kind: 'procedural', seed: 7 }, poseSource: 'ground-truth' });
}, 60_000);
afterAll(() => {
  world?.dispose();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function setup(actorScript: ScriptedStep[], judgeReplies: string[], config: HarnessConfigInput = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'orch-'));
  dirs.push(dir);
  const ws = Workspace.open({ runDir: join(dir, 'run'), houseDir: join(dir, 'house') });
  const journal = new Journal(ws);
  const actor = new ScriptedModel(actorScript);
  const judgeModel = new ScriptedModel(judgeReplies.map((text) => ({ text })));
  const orch = new Orchestrator({
    navigator: world.navigator,
    journal,
    config: parseHarnessConfig({
      hopTurns: 4,
      turnBudget: 30,
      stepBudget: 50,
      ...config,
      recovery: { minTurns: 0, maxRecoveries: 3, ...(config.recovery ?? {}) },
    }),
    actor,
    judge: new ModelJudge(judgeModel),
    wakeUp: new MatcherWakeUp(new HistogramPlaceMatcher()),
    tasksInRun: 2,
  });
  return { orch, journal, actor, judgeModel, ws };
}

const goal = { kind: 'object' as const, text: 'bed' };
const V = (verdict: string, evidence = 'the views show it') => JSON.stringify({ verdict, evidence, searched_places: ['hall'], confidence: 0.8 });
const close = (claim: 'complete' | 'incomplete', evidence = 'I see it'): ScriptedStep => ({
  toolCalls: [{ name: 'close_task', arguments: { claim, evidence } }],
});
const write = (path: string, content: string): ScriptedStep => ({ toolCalls: [{ name: 'write_file', arguments: { path, content } }] });
const HANDOVER = 'tasks/task-001/handover.md';

describe('close flow (paper 001 §3.4)', () => {
  it('prompts once for a missing handover, withholds STOP on the first contradicting verdict, honours the next request and certifies afresh after motion', async () => {
    const { orch, journal, actor, judgeModel } = setup(
      [
        close('complete'),
        write(HANDOVER, 'Goal bed. Searched the hall.'),
        { text: 'written' },
        { toolCalls: [{ name: 'step', arguments: { actions: ['left'] } }] },
        close('complete', 'still there'),
      ],
      ['I think it is not there', V('incomplete', 'no bed in any stop view'), V('complete', 'bed at close range')],
    );
    const out = await orch.runTask({ index: 1, goal });
    const kinds = out.trace.filter((e) => e.kind !== 'hop').map((e) => e.kind);
    expect(kinds).toEqual(['close-request', 'handover-prompt', 'prestop', 'close-request', 'certification']);
    expect(out.trace.find((e) => e.kind === 'prestop')).toMatchObject({ verdict: 'incomplete', withheld: true });
    expect(out.trace.find((e) => e.kind === 'certification')).toMatchObject({ plan: 'fresh', verdict: 'complete' });
    expect(out.record).toMatchObject({ status: 'complete', claim: { claim: 'complete', evidence: 'still there' }, steps: 1, handover: HANDOVER });
    // the handover prompt's two turns count like the others: five model turns in all
    expect(out.record.model_turns).toBe(5);
    expect(journal.readVerdict('task-001', 'prestop')?.verdict).toBe('incomplete');
    expect(journal.readVerdict('task-001', 'final')).toMatchObject({ verdict: 'complete', steps_at_check: 1 });
    // the evidence went back to the same conversation, which continued
    const returned = actor.requests[3].messages.map((m) => (m.role === 'user' ? textOf(m.content) : '')).join('\n');
    expect(returned).toContain('no bed in any stop view');
    // judge: no tools, no actor conversation, 4 stop views + earlier frames + map, re-prompted once for JSON
    expect(judgeModel.requests).toHaveLength(3);
    for (const r of judgeModel.requests) {
      expect(r.tools).toEqual([]);
      const all = r.messages.map((m) => (m.role === 'assistant' ? m.text : textOf(m.content))).join('\n');
      expect(all).not.toContain('I see it');
      const images = r.messages[0].role === 'user' ? r.messages[0].content.filter((p) => p.type === 'image').length : 0;
      expect(images).toBeGreaterThanOrEqual(5);
      expect(images).toBeLessThanOrEqual(13);
    }
    expect(said(judgeModel.requests[1].messages[2])).toContain('JSON');
  }, 60_000);

  it('a claim made with the last turn stands: a contradicting pre-stop verdict cannot withhold what the session could not act on', async () => {
    const { orch } = setup([write(HANDOVER, 'Goal bed.'), close('complete')], [V('incomplete', 'no bed in any stop view')], { turnBudget: 2 });
    const out = await orch.runTask({ index: 1, goal });
    expect(out.trace.find((e) => e.kind === 'prestop')).toMatchObject({ verdict: 'incomplete', withheld: false });
    expect(out.record).toMatchObject({ status: 'incomplete', claim: { claim: 'complete' } });
  }, 60_000);

  it('unknown never blocks, and certification reuses the pre-stop verdict when the step count is unchanged', async () => {
    const { orch, judgeModel } = setup([write(HANDOVER, 'Goal bed.'), close('complete')], ['no json', 'still no json']);
    const out = await orch.runTask({ index: 1, goal });
    expect(out.trace.find((e) => e.kind === 'prestop')).toMatchObject({ verdict: 'unknown', withheld: false });
    expect(out.trace.find((e) => e.kind === 'certification')).toMatchObject({ plan: 'reuse', verdict: 'unknown' });
    expect(out.record.status).toBe('unknown');
    expect(judgeModel.requests).toHaveLength(2);
  }, 60_000);

  it('the judge receives its images in the order its prompt states: earlier frames, then the stop views, the map last', async () => {
    const { orch, judgeModel } = setup(
      [{ toolCalls: [{ name: 'step', arguments: { actions: ['forward', 'left', 'forward'] } }] }, write(HANDOVER, 'Goal bed.'), close('complete')],
      [V('complete')],
    );
    await orch.runTask({ index: 1, goal });
    const req = judgeModel.requests[0];
    const parts = req.messages[0].role === 'user' ? req.messages[0].content : [];
    const labels = parts.filter((p) => p.type === 'text').map((p) => (p.type === 'text' ? p.text : ''));
    const kinds = labels.slice(1).map((l) => (l.startsWith('earlier frame') ? 'earlier' : l.startsWith('stop view') ? 'stop' : l));
    const firstStop = kinds.indexOf('stop');
    expect(kinds.filter((k) => k === 'earlier').length).toBeGreaterThan(0);
    expect(kinds.slice(0, firstStop).every((k) => k === 'earlier')).toBe(true);
    expect(kinds.slice(firstStop, -1)).toEqual(['stop', 'stop', 'stop', 'stop']);
    expect(kinds[kinds.length - 1]).toBe('occupancy map with named markers');
    expect(labels[0]).toContain('the earlier frames, oldest first, marked "earlier frame"; then the four views captured at the stopping point');
    expect(req.system).toContain('four views captured at the proposed stopping point');
  }, 60_000);

  it('single-view intervention: the judge sees one stop view (the forward one) and is told so', async () => {
    const { orch, judgeModel } = setup([write(HANDOVER, 'Goal bed.'), close('complete')], [V('complete')], { judgeStopViews: 1 });
    await orch.runTask({ index: 1, goal });
    const req = judgeModel.requests[0];
    const parts = req.messages[0].role === 'user' ? req.messages[0].content : [];
    const stopLabels = parts.filter((p) => p.type === 'text' && p.text.startsWith('stop view'));
    expect(stopLabels).toEqual([{ type: 'text', text: 'stop view 1 of 1' }]);
    expect(req.system).toContain('one view captured at the proposed stopping point');
    expect(textOf(req.messages[0].role === 'user' ? req.messages[0].content : [])).toContain('then the one view captured at the stopping point');
  }, 60_000);

  it('with verification and certification off, the ledger says claimed and no judge is called', async () => {
    const { orch, judgeModel } = setup([write(HANDOVER, 'Goal bed.'), close('incomplete', 'not found')], [], {
      prestopVerification: false,
      certification: false,
    });
    const out = await orch.runTask({ index: 1, goal });
    expect(out.record).toMatchObject({ status: 'claimed', verdict: null, claim: { claim: 'incomplete' } });
    expect(judgeModel.requests).toHaveLength(0);
  }, 60_000);

  it('a definite verdict agreeing with the claim does not withhold; the check counter survives a recovery', async () => {
    const note = (scope: string) =>
      JSON.stringify({
        searched_places: ['hall'],
        exclusions: [],
        last_reliable_anchor: 'start',
        untried_options: ['kitchen'],
        uncertainties: [],
        suggested_scope: scope,
      });
    const { orch, judgeModel } = setup(
      [
        write(HANDOVER, 'Goal bed.'),
        close('complete'),
        { toolCalls: [{ name: 'request_recovery', arguments: { scope: 'attempt', reason: 'lost the plan', confidence: 0.3 } }] },
        write('tasks/task-001/recovery-1.json', note('attempt')),
        { text: 'note written' },
        close('complete', 'again'),
      ],
      [V('incomplete', 'nothing here'), V('incomplete', 'still nothing')],
    );
    const out = await orch.runTask({ index: 1, goal });
    expect(out.trace.filter((e) => e.kind === 'prestop')).toHaveLength(1);
    expect(out.record).toMatchObject({ status: 'incomplete', recovery_notes: ['tasks/task-001/recovery-1.json'] });
    expect(judgeModel.requests).toHaveLength(1); // the honoured request reuses the pre-stop verdict (no motion)
  }, 60_000);
});

describe('recovery (paper 001 §3.3)', () => {
  it('writes distinct notes in a file-only hop, escalates a repeated scope, and opens a fresh conversation with the brief and place graph', async () => {
    const note = (scope: string) =>
      JSON.stringify({
        searched_places: ['hall'],
        exclusions: [{ place: 'hall', ruled_out: 'no bed', supporting_observation: 'four views of the hall' }],
        last_reliable_anchor: 'start',
        untried_options: ['kitchen'],
        uncertainties: [],
        suggested_scope: scope,
      });
    const rec = (scope: string): ScriptedStep => ({ toolCalls: [{ name: 'request_recovery', arguments: { scope, reason: 'lost', confidence: 0.9 } }] });
    const { orch, actor, journal } = setup(
      [
        { toolCalls: [{ name: 'mark', arguments: { name: 'start hall' } }] },
        rec('room'),
        write('tasks/task-001/recovery-1.json', note('room')),
        { text: 'done' },
        rec('place'),
        { toolCalls: [{ name: 'step', arguments: { actions: ['forward'] } }] },
        write('tasks/task-001/recovery-2.json', note('floor')),
        { text: 'done' },
        write(HANDOVER, 'Goal bed. Not found.'),
        close('incomplete', 'not found'),
      ],
      [V('incomplete', 'no bed')],
      { prestopVerification: false },
    );
    const out = await orch.runTask({ index: 1, goal });
    const recs = out.trace.filter((e) => e.kind === 'recovery');
    expect(recs.map((r) => r.kind === 'recovery' && r.decision)).toMatchObject([
      { kind: 'recover', scope: 'room' },
      { kind: 'recover', scope: 'floor', rules: [5] },
    ]);
    expect(out.record.recovery_notes).toEqual(['tasks/task-001/recovery-1.json', 'tasks/task-001/recovery-2.json']);
    // the note hops' turns are the task's: every model turn of the task is counted (seed 000/001)
    expect(out.record.model_turns).toBe(actor.requests.length);
    expect(actor.requests.length).toBe(10);
    expect(journal.readRecoveryNote('tasks/task-001/recovery-2.json')?.suggested_scope).toBe('floor');
    // the note hop offered file tools only
    const noteHop = actor.requests[2];
    expect(noteHop.tools.map((t) => t.name).sort()).toEqual(['list_files', 'read_file', 'write_file']);
    // the new attempt is a fresh conversation opening with the scope, the note, a location brief and (floor) the place graph
    // motion is refused during the note hop
    const refused = actor.requests[6].messages[actor.requests[6].messages.length - 1];
    expect(refused).toMatchObject({ role: 'tool', name: 'step', isError: true });
    const second = actor.requests[8];
    expect(second.messages).toHaveLength(1);
    const opening = said(second.messages[0]);
    expect(opening).toContain('Recovery at floor scope');
    expect(opening).toContain('tasks/task-001/recovery-2.json');
    expect(opening).toContain('Location brief');
    expect(opening).toContain('start hall');
    expect(second.messages[0].role === 'user' && second.messages[0].content.filter((p) => p.type === 'image').length).toBe(4);
  }, 90_000);

  it('declines a request before t_min turns and says so in the same conversation', async () => {
    const { orch, actor } = setup(
      [
        { toolCalls: [{ name: 'request_recovery', arguments: { scope: 'house', reason: 'confused', confidence: 1 } }] },
        write(HANDOVER, 'Goal bed.'),
        close('incomplete'),
      ],
      [V('incomplete')],
      { recovery: { minTurns: 5 } },
    );
    const out = await orch.runTask({ index: 1, goal });
    expect(out.trace.find((e) => e.kind === 'recovery')).toMatchObject({ decision: { kind: 'continue', rule: 2 } });
    expect(out.record.recovery_notes).toEqual([]);
    const after = actor.requests[1].messages.map((m) => (m.role === 'user' ? textOf(m.content) : '')).join('\n');
    expect(after).toContain('Recovery was not started');
  }, 60_000);
});

describe('budgets and environment end', () => {
  it('ends with stop and the reason when the step budget is spent', async () => {
    const { orch } = setup([{ toolCalls: [{ name: 'step', arguments: { actions: ['left', 'left', 'left'] } }] }], [], { stepBudget: 2 });
    const out = await orch.runTask({ index: 1, goal });
    expect(out.record).toMatchObject({ status: 'stop', termination_reason: 'step budget exhausted', steps: 2, claim: null });
  }, 60_000);

  it('ends with stop when the model-turn budget (spanning hops) is spent', async () => {
    const look: ScriptedStep = { toolCalls: [{ name: 'observe', arguments: {} }] };
    const { orch } = setup([look, look, look, look, look], [], { turnBudget: 5, hopTurns: 2 });
    const out = await orch.runTask({ index: 1, goal });
    expect(out.record).toMatchObject({ status: 'stop', termination_reason: 'model-turn budget exhausted', model_turns: 5 });
    expect(out.trace.filter((e) => e.kind === 'hop').length).toBe(3);
  }, 60_000);
});

describe('session policies (paper 001 §3.1)', () => {
  const closer = (handover: boolean) =>
    new MockModel((req) => {
      const last = req.messages[req.messages.length - 1];
      if (last.role === 'tool' && last.name === 'close_task') return { text: 'yielding' };
      const path = req.messages
        .map((m) => (m.role === 'user' ? textOf(m.content) : ''))
        .join('\n')
        .match(/tasks\/task-\d+\/handover\.md/g)
        ?.pop();
      if (handover && path && !(last.role === 'tool' && last.name === 'write_file'))
        return { toolCalls: [{ name: 'write_file', arguments: { path, content: 'Goal done.' } }] };
      return { toolCalls: [{ name: 'close_task', arguments: { claim: 'incomplete', evidence: 'gave up' } }] };
    });

  function run(policy: 'navharness' | 'independent' | 'single', handover: boolean) {
    const dir = mkdtempSync(join(tmpdir(), 'orch-pol-'));
    dirs.push(dir);
    const ws = Workspace.open({ runDir: join(dir, 'run'), houseDir: join(dir, 'house') });
    const journal = new Journal(ws);
    const actor = closer(handover);
    const orch = new Orchestrator({
      navigator: world.navigator,
      journal,
      config: parseHarnessConfig({ policy, prestopVerification: false, certification: false }),
      actor,
      judge: new ModelJudge(new ScriptedModel([])),
      wakeUp: new MatcherWakeUp(new HistogramPlaceMatcher()),
      tasksInRun: 2,
    });
    return { orch, journal, actor };
  }

  it('navharness: fresh conversation per task; the opening lists the previous handover and ledger (existing files only) and the handover path', async () => {
    const { orch, journal, actor } = run('navharness', true);
    journal.closeTask((await orch.runTask({ index: 1, goal })).record);
    const firstOpening = said(actor.requests[0].messages[0]);
    expect(firstOpening).toContain('no earlier records');
    const n = actor.requests.length;
    journal.closeTask((await orch.runTask({ index: 2, goal: { kind: 'object', text: 'sofa' } })).record);
    const second = actor.requests[n];
    expect(second.messages).toHaveLength(1);
    const opening = said(second.messages[0]);
    expect(opening).toContain('- tasks/task-001/handover.md');
    expect(opening).toContain('- ledger.md');
    expect(opening).not.toContain('house/index.md');
    expect(opening).toContain('tasks/task-002/handover.md');
    expect(opening).not.toContain('Goal done.'); // contents enter only through file reads
    expect(second.tools.map((t) => t.name)).toContain('read_file');
  }, 60_000);

  it('independent: fresh conversation, no file tools, no reading list', async () => {
    const { orch, journal, actor } = run('independent', false);
    journal.closeTask((await orch.runTask({ index: 1, goal })).record);
    const n = actor.requests.length;
    journal.closeTask((await orch.runTask({ index: 2, goal })).record);
    expect(actor.requests[n].messages).toHaveLength(1);
    for (const req of actor.requests) {
      const names = req.tools.map((t) => t.name);
      for (const withheld of ['read_file', 'list_files', 'get_map', 'mark', 'preview_path', 'request_recovery']) expect(names).not.toContain(withheld);
      expect(req.system).not.toMatch(/ledger|house notes|persists|get_map/);
    }
    expect(said(actor.requests[n].messages[0])).not.toContain('ledger.md');
  }, 60_000);

  // what the map knows when each task opens (the actor's first request of the task)
  const knownAtOpenings = () => {
    const counts: number[] = [];
    const actor = new MockModel((req) => {
      if (req.messages.length === 1) counts.push(world.navigator.map.counts(world.navigator.floor ?? 0).known);
      const last = req.messages[req.messages.length - 1];
      if (last.role === 'tool' && last.name === 'close_task') return { text: 'yielding' };
      return { toolCalls: [{ name: 'close_task', arguments: { claim: 'incomplete', evidence: 'gave up' } }] };
    });
    return { actor, counts };
  };

  it('independent: each later task plans on a map of its own views only; navharness keeps the map', async () => {
    for (const policy of ['navharness', 'independent'] as const) {
      const dir = mkdtempSync(join(tmpdir(), 'orch-map-'));
      dirs.push(dir);
      const journal = new Journal(Workspace.open({ runDir: join(dir, 'run'), houseDir: join(dir, 'house') }));
      const { actor, counts } = knownAtOpenings();
      const orch = new Orchestrator({
        navigator: world.navigator,
        journal,
        config: parseHarnessConfig({ policy, prestopVerification: false, certification: false }),
        actor,
        judge: new ModelJudge(new ScriptedModel([])),
        wakeUp: new MatcherWakeUp(new HistogramPlaceMatcher()),
        tasksInRun: 2,
      });
      await world.navigator.act(['left', 'left', 'left']);
      journal.closeTask((await orch.runTask({ index: 1, goal })).record);
      journal.closeTask((await orch.runTask({ index: 2, goal })).record);
      expect(counts).toHaveLength(2);
      expect(counts[0]).toBeGreaterThan(0);
      if (policy === 'independent') expect(counts[1]).toBe(0);
      else expect(counts[1]).toBeGreaterThan(0);
    }
  }, 60_000);

  it('single: the next task continues the same conversation', async () => {
    const { orch, journal, actor } = run('single', false);
    journal.closeTask((await orch.runTask({ index: 1, goal })).record);
    const n = actor.requests.length;
    const before = actor.requests[n - 1].messages.length;
    journal.closeTask((await orch.runTask({ index: 2, goal })).record);
    expect(actor.requests[n].messages.length).toBeGreaterThan(before);
    expect(said(actor.requests[n].messages[actor.requests[n].messages.length - 1])).toContain('The previous task is closed');
  }, 60_000);

  it('single: an approved recovery goes on in the same conversation (its backend manages it), with the recovery opening said in it', async () => {
    const { orch, actor } = setup(
      [
        { toolCalls: [{ name: 'request_recovery', arguments: { scope: 'attempt', reason: 'lost the plan', confidence: 0.9 } }] },
        close('incomplete', 'gave up'),
      ],
      [],
      { policy: 'single', prestopVerification: false, certification: false },
    );
    const out = await orch.runTask({ index: 1, goal });
    expect(out.trace.find((e) => e.kind === 'recovery')).toMatchObject({ decision: { kind: 'recover', scope: 'attempt' } });
    const [first, second] = actor.requests;
    // the second request continues the first conversation: its messages start with the first's
    expect(second.messages.slice(0, first.messages.length).map(said)).toEqual(first.messages.map(said));
    expect(said(second.messages[second.messages.length - 1])).toContain('Recovery at attempt scope');
  }, 60_000);
});

describe('single-session compaction (seed 000: only when the window fills, never at task boundaries)', () => {
  it('a conversation at 90% of the window crosses the task boundary intact; it is compacted mid-task once full', async () => {
    const u = (n: number) => ({ uncachedInput: n, cachedInput: 0, output: 0 });
    const stepOnce: ScriptedStep = { toolCalls: [{ name: 'step', arguments: { actions: ['left'] } }], usage: u(18_000) };
    const closeAt = (n: number): ScriptedStep => ({ ...close('incomplete', 'gave up'), usage: u(n) });
    const { orch, journal, actor } = setup(
      [
        stepOnce,
        closeAt(18_000),
        { toolCalls: [{ name: 'step', arguments: { actions: ['left'] } }], usage: u(20_500) },
        { text: 'Summary: task 2, goal sofa; turned left twice.' },
        closeAt(2_000),
      ],
      [],
      { policy: 'single', prestopVerification: false, certification: false, contextWindow: 20_000 },
    );
    journal.closeTask((await orch.runTask({ index: 1, goal })).record);
    const t2 = await orch.runTask({ index: 2, goal: { kind: 'object', text: 'sofa' } });
    // request 2 is task 2's first turn: task 1's conversation is still there (no boundary compaction)
    expect(said(actor.requests[2].messages[0])).toContain('Task 1.');
    // request 3 is the compaction (no tools), made mid-task when the window was full; request 4 continues from its summary
    expect(actor.requests[3].tools).toEqual([]);
    expect(said(actor.requests[3].messages[actor.requests[3].messages.length - 1])).toContain('exceed the context window');
    expect(said(actor.requests[4].messages[0])).toContain('Summary: task 2, goal sofa');
    expect(t2.usage.compaction.uncachedInput).toBeGreaterThan(0);
    expect(t2.record.claim?.claim).toBe('incomplete');
  }, 60_000);
});

describe('tracking status at the task boundary', () => {
  it('a task that opens with tracking lost says so in its opening and its trace', async () => {
    const { orch, actor } = setup([write(HANDOVER, 'Goal bed.'), close('incomplete')], [V('incomplete')], { prestopVerification: false });
    Object.defineProperty(world.navigator, 'status', { get: () => 'lost', configurable: true });
    try {
      const out = await orch.runTask({ index: 1, goal });
      expect(said(actor.requests[0].messages[0])).toContain('Pose tracking is lost at the start of this task');
      expect(out.trace[0]).toEqual({ kind: 'tracking-at-start', status: 'lost' });
    } finally {
      delete (world.navigator as unknown as Record<string, unknown>).status;
    }
    expect(world.navigator.status).toBe('ok');
  }, 60_000);
});

describe('a saved map not yet recognised at the task boundary', () => {
  it('a task that opens with the saved map aside is told to look for it, in its opening and its trace', async () => {
    const { orch, actor } = setup([write(HANDOVER, 'Goal bed.'), close('incomplete')], [V('incomplete')], { prestopVerification: false });
    Object.defineProperty(world.navigator, 'savedMapAside', { get: () => true, configurable: true });
    try {
      const out = await orch.runTask({ index: 1, goal });
      expect(said(actor.requests[0].messages[0])).toContain(SAVED_MAP_ASIDE);
      expect(out.trace[0]).toEqual({ kind: 'saved-map-aside' });
    } finally {
      delete (world.navigator as unknown as Record<string, unknown>).savedMapAside;
    }
    // a run in the saved map (or with none) is told nothing
    const again = setup([write(HANDOVER, 'Goal bed.'), close('incomplete')], [V('incomplete')], { prestopVerification: false });
    await again.orch.runTask({ index: 1, goal });
    expect(said(again.actor.requests[0].messages[0])).not.toContain(SAVED_MAP_ASIDE);
  }, 60_000);
});

describe('relocation between tasks', () => {
  it('keeps spatial state and attaches four surrounding views to the next opening', async () => {
    const { orch, actor } = setup([write(HANDOVER, 'Goal bed.'), close('incomplete')], [V('incomplete')], { prestopVerification: false });
    world.navigator.mark('before move');
    const placesBefore = world.navigator.places.names();
    const p = world.body.simPose;
    world.body.teleport({ position: [p.position[0], p.position[1], p.position[2]], yaw: p.yaw + Math.PI / 2 });
    const views = await relocationViews(world.navigator);
    expect(views).toHaveLength(4);
    await orch.runTask({ index: 1, goal }, views);
    const opening = actor.requests[0].messages[0];
    expect(said(opening)).toContain(RELOCATION_NOTE);
    expect(opening.role === 'user' && opening.content.filter((c) => c.type === 'image').length).toBe(4);
    expect(world.navigator.places.names()).toEqual(expect.arrayContaining(placesBefore));
  }, 60_000);
});

describe('a real SDK backend in the loop (OpenAI Responses against a local mock server)', () => {
  const body = (output: unknown[], cached: number) => ({
    id: 'resp',
    object: 'response',
    created_at: 1_700_000_000,
    status: 'completed',
    model: 'gpt-test',
    output,
    usage: {
      input_tokens: 1000,
      input_tokens_details: { cached_tokens: cached },
      output_tokens: 20,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: 1020,
    },
  });
  const call = (id: string, name: string, args: unknown) => ({
    type: 'function_call',
    id: `fc_${id}`,
    call_id: id,
    name,
    arguments: JSON.stringify(args),
    status: 'completed',
  });
  const message = (t: string) => ({
    type: 'message',
    id: 'msg',
    role: 'assistant',
    status: 'completed',
    content: [{ type: 'output_text', text: t, annotations: [] }],
  });

  it('runs a task: camera images go back inside function_call_output, cached tokens are counted, the judge call has no tools', async () => {
    const server = await startMockServer([
      { body: body([call('c1', 'observe', {})], 0) },
      { body: body([call('c2', 'write_file', { path: HANDOVER, content: 'Goal bed. Seen from the hall.' })], 600) },
      { body: body([call('c3', 'close_task', { claim: 'complete', evidence: 'bed ahead' })], 800) },
      { body: body([message(V('complete', 'bed at close range'))], 0) },
    ]);
    try {
      const model = new OpenAIResponsesModel({ model: 'gpt-test', apiKey: 'test-key', baseURL: `${server.url}/v1`, maxRetries: 0 });
      const dir = mkdtempSync(join(tmpdir(), 'orch-sdk-'));
      dirs.push(dir);
      const journal = new Journal(Workspace.open({ runDir: join(dir, 'run'), houseDir: join(dir, 'house') }));
      const orch = new Orchestrator({
        navigator: world.navigator,
        journal,
        config: parseHarnessConfig({}),
        actor: model,
        judge: new ModelJudge(model),
        wakeUp: new MatcherWakeUp(new HistogramPlaceMatcher()),
        tasksInRun: 1,
      });
      const out = await orch.runTask({ index: 1, goal });
      expect(out.record).toMatchObject({ status: 'complete', handover: HANDOVER });
      expect(out.usage.actor).toEqual({ uncachedInput: 3000 - 1400, cachedInput: 1400, output: 60 });
      expect(out.usage.judge.output).toBe(20);
      const second = JSON.stringify(server.requests[1].body.input);
      expect(second).toContain('function_call_output');
      expect(second).toMatch(/input_image/);
      const judgeReq = server.requests[3].body;
      expect(judgeReq.tools ?? []).toEqual([]);
      expect(JSON.stringify(judgeReq.input)).not.toContain('bed ahead');
    } finally {
      await server.close();
    }
  }, 60_000);
});
