/**
 * Issue 19 item 4: provider errors (HTTP 500 after the SDK's retries, a broken response body) from a
 * local OpenAI-compatible server. The judge and the wake-up degrade as paper 001 §3.4 says for an
 * unparseable reply (`unknown`, no brief) and consolidation keeps the house notes; the acting model
 * is retried with back-off and then only its attempt ends, recorded as such — the run goes on.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { consolidate, ModelJudge, ModelWakeUp, Session } from '../../src/harness/index.js';
import { Compactor } from '../../src/harness/compaction.js';
import { ModelCallError } from '../../src/harness/model-call.js';
import { Journal, Workspace } from '../../src/memory/index.js';
import { OpenAIChatModel, text } from '../../src/models/index.js';
import type { Navigator, Place } from '../../src/navigator/index.js';
import { runSequence } from '../../src/eval/index.js';
import { createToolContext } from '../../src/tools/index.js';
import { type FakeAnswer, type FakeProvider, startFakeProvider } from '../helpers/fake-provider.js';

let fake: FakeProvider | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});
const base = mkdtempSync(join(tmpdir(), 'provider-errors-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const model = (url: string) => new OpenAIChatModel({ model: 'fake', baseURL: url, maxRetries: 1, timeoutMs: 5000 });
const ERROR_500: FakeAnswer = { kind: 'error', status: 500 };
const BROKEN: FakeAnswer = { kind: 'broken' };
const evidence = {
  goal: { kind: 'object' as const, text: 'mug' },
  stopViews: [],
  stopPngs: [],
  earlier: [],
  mapPng: null,
  record: { taskPosition: 1, tasksInRun: 1, stepsUsed: 3, stepBudget: 10, frameCount: 4, markerNames: [] },
};

describe('auxiliary calls degrade', () => {
  it.each([
    ['HTTP 500', ERROR_500, /HTTP 500/],
    ['a broken body', BROKEN, /judge model call failed \(.+\)/],
  ])('the judge records unknown on %s', async (_name, answer, why) => {
    fake = await startFakeProvider(() => answer);
    const r = await new ModelJudge(model(fake.url)).check(evidence);
    expect(r.verdict.verdict).toBe('unknown');
    expect(r.verdict.confidence).toBe(0);
    expect(r.verdict.evidence).toMatch(/^unresolved check: the judge model call failed/);
    expect(r.verdict.evidence).toMatch(why);
    expect(r.source).toBe('unresolved');
  });

  it('the wake-up gives a brief that says the cue is missing', async () => {
    fake = await startFakeProvider(() => ERROR_500);
    const view = { width: 2, height: 2, rgb: new Uint8Array(12) };
    const place = {
      name: 'kitchen',
      pose: { x: 0, z: 0, yaw: 0 },
      floor: 0,
      views: [{ ...view, pose: { x: 0, z: 0, yaw: 0 }, floor: 0, time: 0 }],
      seq: 0,
      moves: 0,
    } as Place;
    const matcher = { id: 'fixed', shortlist: async () => [{ place, score: 0.9 }] };
    const w = await new ModelWakeUp(model(fake.url), matcher).brief('room', [view], [place], () => 'room 1');
    expect(w.brief).toMatch(/location brief is unavailable \(the wake-up model call failed: HTTP 500/);
    expect(w.shortlist).toEqual([{ place: 'kitchen', score: 0.9 }]);
  });

  it('consolidation ends early and keeps the previous house notes', async () => {
    fake = await startFakeProvider(() => BROKEN);
    const ws = Workspace.open({ runDir: join(base, 'consolidation'), houseDir: join(base, 'consolidation-house') });
    writeFileSync(join(ws.roots.house, 'rooms.md'), 'kitchen: north side\n');
    const c = await consolidate(model(fake.url), new Journal(ws), {} as Navigator, 4, undefined, { tries: 2, baseDelayMs: 5, maxDelayMs: 5 });
    expect(c.error).toMatch(/consolidation session model call failed after 2 tries/);
    expect(c.turns).toBe(0);
    expect(readFileSync(join(ws.roots.house, 'rooms.md'), 'utf8')).toBe('kitchen: north side\n');
  });
});

describe('the acting model is retried with back-off', () => {
  const ctx = () => createToolContext({} as Navigator, null, 1, null);

  it('two failures then a reply: the turn succeeds after waiting', async () => {
    fake = await startFakeProvider((_r, n) => (n <= 4 ? ERROR_500 : { kind: 'message', content: 'ok' }));
    const s = new Session('task-001/attempt-1', model(fake.url), 'system', [], { retry: { tries: 3, baseDelayMs: 100, maxDelayMs: 1000 } });
    s.say(text('go'));
    const t0 = Date.now();
    const hop = await s.hop(ctx(), { maxTurns: 1, budget: null });
    expect(hop.end).toBe('yield');
    // the SDK makes two requests per try (maxRetries 1); ours waited 100 then 200 ms between tries
    expect(fake.requests).toHaveLength(5);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(300);
  });

  it('every try fails: ModelCallError names the session, the tries and the status', async () => {
    fake = await startFakeProvider(() => ERROR_500);
    const s = new Session('task-001/attempt-1', model(fake.url), 'system', [], { retry: { tries: 3, baseDelayMs: 1, maxDelayMs: 1 } });
    s.say(text('go'));
    const err = await s.hop(ctx(), { maxTurns: 1, budget: null }).catch((e) => e);
    expect(err).toBeInstanceOf(ModelCallError);
    expect(err.message).toMatch(/the task-001\/attempt-1 session model call failed after 3 tries: HTTP 500/);
    expect(fake.requests).toHaveLength(6);
  });

  it('a failing compaction call (single-session policy) throws ModelCallError, which ends the attempt', async () => {
    fake = await startFakeProvider(() => BROKEN);
    const compactor = new Compactor(100, 0.5, model(fake.url), { tries: 2, baseDelayMs: 1, maxDelayMs: 1 });
    const s = new Session('task-001/attempt-1', model(fake.url), 'system', []);
    s.say(text('x'.repeat(1000)));
    await expect(compactor.beforeTurn(s)).rejects.toThrow(/the compaction model call failed after 2 tries/);
  });

  it('a request refused for its content (400) is not tried again', async () => {
    fake = await startFakeProvider(() => ({ kind: 'error', status: 400 }));
    const s = new Session('task-001/attempt-1', model(fake.url), 'system', [], { retry: { tries: 3, baseDelayMs: 1, maxDelayMs: 1 } });
    s.say(text('go'));
    await expect(s.hop(ctx(), { maxTurns: 1, budget: null })).rejects.toThrow(/after 1 try: HTTP 400/);
    expect(fake.requests).toHaveLength(1);
  });
});

describe('whole runs against a failing provider (openai-chat)', () => {
  const run = (url: string, out: string) =>
    runSequence({
      house: 'seed:7',
      sequence: 1,
      agent: `openai-chat:fake@${url}`,
      maxGoals: 2,
      out,
      harness: { stepBudget: 10, turnBudget: 4 },
      modelRetry: { tries: 2, baseDelayMs: 5, maxDelayMs: 5 },
    });

  it("an acting model that always fails ends each task's attempt, recorded as such; the run finishes", async () => {
    fake = await startFakeProvider(() => ERROR_500);
    const out = join(base, 'actor-500');
    const s = await run(fake.url, out);
    expect(s.metrics.tasks).toBe(2);
    expect(s.consolidationError).toMatch(/failed after 2 tries: HTTP 500/);
    for (const id of ['task-001', 'task-002']) {
      const rec = JSON.parse(readFileSync(join(out, 'tasks', id, 'record.json'), 'utf8'));
      expect(rec.status).toBe('stop');
      expect(rec.termination_reason).toMatch(new RegExp(`^attempt 1 ended: the ${id}/attempt-1 session model call failed after 2 tries: HTTP 500`));
      const trace = JSON.parse(readFileSync(join(out, 'eval', `trace-${id}.json`), 'utf8'));
      expect(trace.some((e: { kind: string }) => e.kind === 'model-error')).toBe(true);
      expect(JSON.parse(readFileSync(join(out, 'eval', `${id}.json`), 'utf8')).failure).toBe('provider-error');
    }
    expect(JSON.parse(readFileSync(join(out, 'metrics.json'), 'utf8')).tasks).toBe(2);
    expect(s.metrics.failures?.['provider-error']).toBe(2);
    expect(s.providerErrors.map((p) => p.task)).toEqual(['task-001', 'task-002']);
  }, 180_000);

  it('a judge that fails records unknown; the task keeps its claim and its tokens', async () => {
    // the acting session writes its handover and closes at once; every other call (judge, consolidation) fails
    fake = await startFakeProvider((r) => {
      if (!r.tools.includes('close_task')) return ERROR_500;
      const opening = JSON.stringify(r.messages[1]?.content ?? '');
      const id = /tasks\/(task-\d+)\/handover\.md/.exec(opening)?.[1] ?? 'task-001';
      return {
        kind: 'message',
        toolCalls: [
          { name: 'write_file', arguments: { path: `tasks/${id}/handover.md`, content: 'Looked around the start room only.' } },
          { name: 'close_task', arguments: { claim: 'incomplete', evidence: 'no mug in the first room' } },
        ],
        usage: { prompt: 1200, completion: 40 },
      };
    });
    const out = join(base, 'judge-500');
    const s = await run(fake.url, out);
    expect(s.metrics.tasks).toBe(2);
    expect(s.metrics.input_tokens).toBeGreaterThanOrEqual(2 * 1200);
    for (const id of ['task-001', 'task-002']) {
      const rec = JSON.parse(readFileSync(join(out, 'tasks', id, 'record.json'), 'utf8'));
      expect(rec.claim).toMatchObject({ claim: 'incomplete' });
      expect(rec.status).toBe('unknown');
      expect(rec.verdict.evidence).toMatch(/judge model call failed \(HTTP 500/);
    }
  }, 180_000);
});
