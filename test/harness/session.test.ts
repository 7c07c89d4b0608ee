import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Session, type SessionEvent } from '../../src/harness/session.js';
import { MockModel } from '../../src/models/scripted.js';
import { text, textOf } from '../../src/models/types.js';
import type { Navigator } from '../../src/navigator/navigator.js';
import { createToolContext } from '../../src/tools/context.js';
import { defineTool, textResult, type Tool } from '../../src/tools/tool.js';

const calls: string[] = [];
const named = (name: string) =>
  defineTool({
    name,
    description: name,
    schema: z.object({}).strict(),
    async run() {
      calls.push(name);
      return textResult(`${name} done`);
    },
  }) as Tool;
const ctx = (steps: number) => createToolContext({} as Navigator, null, steps);

describe('the session loop', () => {
  it("ends the hop after a final call, leaves the turn's later calls unexecuted, and reports each request", async () => {
    calls.length = 0;
    const model = new MockModel(() => ({ toolCalls: [{ name: 'ping' }, { name: 'stop' }, { name: 'ping' }] }));
    const events: SessionEvent[] = [];
    const s = new Session('s', model, 'sys', [named('ping'), named('stop')], { onEvent: (e) => events.push(e), maxOutputTokens: 77 });
    s.say(text('go'));
    const hop = await s.hop(ctx(5), { maxTurns: 5, budget: null, isFinal: (c) => c.name === 'stop' });
    expect(hop).toMatchObject({ end: 'final-call', turns: 1 });
    expect(calls).toEqual(['ping', 'stop']);
    const last = s.messages[s.messages.length - 1];
    expect(last.role === 'tool' && last.isError && textOf(last.content)).toContain('Not executed');
    expect(model.requests[0].maxOutputTokens).toBe(77);
    const turn = events.find((e) => e.kind === 'turn');
    expect(turn?.kind === 'turn' && turn.request).toBe(model.requests[0]);
  });

  it('ends at a spent step budget unless told to let the agent close on its own', async () => {
    const yieldAfter = (n: number) => new MockModel((_, turn) => (turn < n ? { toolCalls: [{ name: 'step' }] } : { text: 'done' }));
    const spent = new Session('s', yieldAfter(2), 'sys', [named('step')]);
    expect((await spent.hop(ctx(0), { maxTurns: 5, budget: null })).end).toBe('steps-exhausted');
    const own = new Session('s', yieldAfter(2), 'sys', [named('step')]);
    expect(await own.hop(ctx(0), { maxTurns: 5, budget: null, endWhenStepsSpent: false })).toMatchObject({ end: 'yield', turns: 3 });
  });

  it('counts its turns against a shared budget', async () => {
    const budget = { limit: 2, used: 0 };
    const s = new Session('s', new MockModel(() => ({ toolCalls: [{ name: 'ping' }] })), 'sys', [named('ping')]);
    expect(await s.hop(ctx(5), { maxTurns: 5, budget })).toMatchObject({ end: 'turn-budget', turns: 2 });
    expect(budget.used).toBe(2);
  });
});
