/** The scripted agent's conversation states, with a navigator stand-in (the search states run in e2e tests). */
import { describe, expect, it } from 'vitest';
import { ScriptedNavigationAgent, type NavigationOracle } from '../../src/baselines/frontier-agent/agent.js';
import { text, type Message, type ModelRequest } from '../../src/models/types.js';
import { handoverText } from '../../src/baselines/frontier-agent/close.js';
import type { AgentContext } from '../../src/baselines/frontier-agent/context.js';
import { newTaskState } from '../../src/baselines/frontier-agent/task-state.js';

function agent(): ScriptedNavigationAgent {
  const navigator = {
    map: { core: { block: () => new Int32Array(4) } },
    places: { names: () => ['hall'] },
    planar: () => null,
    status: 'lost',
  };
  return new ScriptedNavigationAgent({ navigator, goalInstanceIds: () => [7], goalLabel: () => 'bed' } as unknown as NavigationOracle);
}

const request = (tools: string[], messages: Message[]): ModelRequest => ({
  system: 'S',
  tools: tools.map((name) => ({ name, description: name, parameters: {} })),
  messages,
});

describe('scripted navigation agent: named states', () => {
  it('write-recovery-note: a file-only hop gets the note; asked again after writing it, the agent stops', async () => {
    const a = agent();
    const ask: Message = { role: 'user', content: [text('Write tasks/task-2/recovery-1.json now.')] };
    const r = await a.complete(request(['write_file'], [ask]));
    expect(a.state).toBe('write-recovery-note');
    expect(r.message.toolCalls[0]).toMatchObject({ name: 'write_file', arguments: { path: 'tasks/task-2/recovery-1.json' } });
    const note = JSON.parse((r.message.toolCalls[0].arguments as { content: string }).content);
    expect((note as { last_reliable_anchor: string }).last_reliable_anchor).toBe('hall');
    const done = await a.complete(request(['write_file'], [ask, r.message, { role: 'tool', callId: r.message.toolCalls[0].id, name: 'write_file', content: [text('ok')] }, ask]));
    expect([a.state, done.message.text, done.stopReason]).toEqual(['write-recovery-note', 'Recovery note written.', 'end_turn']);
  });

  it('idle: a session without the step tool is declined', async () => {
    const a = agent();
    const r = await a.complete(request(['read_file'], [{ role: 'user', content: [text('Summarise.')] }]));
    expect(a.state).toBe('idle');
    expect(r.message.toolCalls).toEqual([]);
  });

  it('write-missing-handover: writes the handover the orchestrator names', async () => {
    const a = agent();
    const r = await a.complete(request(['step', 'write_file'], [{ role: 'user', content: [text('The handover tasks/task-1/handover.md does not exist yet.')] }]));
    expect(a.state).toBe('write-missing-handover');
    expect(r.message.toolCalls[0].arguments).toMatchObject({ path: 'tasks/task-1/handover.md' });
    expect(String((r.message.toolCalls[0].arguments as { content: string }).content)).toContain('Goal: bed.');
  });

  it('relocalise: without a tracked pose it turns on the spot', async () => {
    const a = agent();
    const r = await a.complete(request(['step'], [{ role: 'user', content: [text('Find the bed.')] }]));
    expect(a.state).toBe('relocalise');
    expect(r.message.toolCalls[0]).toMatchObject({ id: 'scripted_1', name: 'step', arguments: { actions: ['left', 'left'] } });
  });
});

describe('image goals in encoder mode: the true category stays out of what the agent writes', () => {
  const oracle = { navigator: { places: { names: () => ['hall'] } }, goalInstanceIds: () => [7], goalLabel: () => 'potted plant' } as unknown as NavigationOracle;
  const ctx = { oracle } as unknown as AgentContext;

  it('a handover of an image goal recognised by appearance names the photograph, not the category', () => {
    const t = newTaskState('7', true);
    t.perception = 'image';
    const h = handoverText(ctx, t, 'complete', 'The view ahead matches the goal photograph.');
    expect(h).toContain('Goal: the object in the goal photograph.');
    expect(h).not.toContain('potted plant');
    t.perception = 'pending';
    expect(handoverText(ctx, t, 'incomplete')).not.toContain('potted plant');
  });

  it('with ground-truth perception the goal as given (its category) is named', () => {
    expect(handoverText(ctx, newTaskState('7', false), 'complete')).toContain('Goal: potted plant.');
  });
});
