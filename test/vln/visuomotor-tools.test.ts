/**
 * Seed 003's agents as published: the Visuomotor Agent's own requests (verification, corrective goal)
 * drive the loop; the Verify and Memory agents get the inputs appendix C lists; the native baseline
 * keeps every image of its conversation.
 */
import { describe, expect, it } from 'vitest';
import { MockModel, textOf, type ModelRequest } from '../../src/models/index.js';
import { runNativeEpisode, runNavHarnessEpisode } from '../../src/vln/index.js';
import { openEpisodeWorld } from '../../src/world/episode-world.js';
import { RecordingModel, roleOf, smallEpisodes } from './helpers.js';

type Reply = { text: string } | { toolCalls: { name: string; arguments: Record<string, unknown> }[] };
const userText = (q: ModelRequest) => q.messages.map((m) => (m.role === 'assistant' ? '' : textOf(m.content))).join('\n');
const images = (q: ModelRequest) => q.messages.flatMap((m) => (m.role === 'assistant' ? [] : m.content.filter((p) => p.type === 'image'))).length;

/** Goal agents give G1, G2 (final); Verify answers from `verdicts`; the Visuomotor plays `moves` in turn. */
function agents(moves: Reply[], verdicts: string[]) {
  let goals = 0,
    verifies = 0,
    decision = 0;
  return new MockModel((req: ModelRequest): Reply => {
    const role = roleOf(req);
    if (role === 'goal') return { text: JSON.stringify({ goal: `G${++goals}`, question: `Q${goals}?`, final: goals >= 2 }) };
    if (role === 'verify') return { text: JSON.stringify({ evidence: `E${++verifies}`, status: verdicts[verifies - 1] ?? 'incomplete', next_step: 'go on' }) };
    if (role === 'memory') return { text: 'summary' };
    return moves[decision++] ?? { toolCalls: [{ name: 'stop', arguments: {} }] };
  });
}

const step = { name: 'step', arguments: { actions: ['left'] } };
const verify = { name: 'request_verification', arguments: {} };

async function run(moves: Reply[], verdicts: string[], compression = false) {
  const [ep] = await smallEpisodes();
  const world = await openEpisodeWorld(ep);
  try {
    const model = new RecordingModel(agents(moves, verdicts));
    const r = await runNavHarnessEpisode(model, world.navigator, ep.id, ep.instruction, compression, { budget: 40, maxDecisions: 40 });
    return { r, requests: model.requests };
  } finally {
    world.dispose();
  }
}

describe('the Visuomotor Agent drives verification and revision', () => {
  it('is offered step, stop, request_verification and request_corrective_goal; the other agents get no tools', async () => {
    const { requests } = await run([{ toolCalls: [step, verify] }], ['incomplete']);
    for (const q of requests) {
      const names = q.tools.map((t) => t.name);
      if (roleOf(q) === 'visuomotor') expect(names).toEqual(['step', 'stop', 'request_verification', 'request_corrective_goal']);
      else expect(names).toEqual([]);
    }
  }, 60_000);

  it('verifies only on request, refuses a request with nothing new to verify or a corrective goal without a reason, and says why in its next decision', async () => {
    const moves: Reply[] = [
      { toolCalls: [verify] }, // nothing executed yet
      { toolCalls: [step] }, // a step alone is not verified
      { toolCalls: [step, verify] },
      { toolCalls: [verify] }, // the same record again
      { toolCalls: [{ name: 'request_corrective_goal', arguments: {} }] },
      { toolCalls: [{ name: 'request_corrective_goal', arguments: { reason: 'a staircase instead of the corridor' } }] },
    ];
    const { r, requests } = await run(moves, ['uncertain']);
    const vm = requests.filter((q) => roleOf(q) === 'visuomotor');
    const roles = requests.map(roleOf);
    expect(roles.filter((x) => x === 'verify').length).toBe(1);
    // the one verification followed the third decision, after its step
    expect(roles.indexOf('verify')).toBe(roles.indexOf('visuomotor') + 3);
    expect(userText(vm[1])).toMatch(/Your last call was refused: Verification was requested with nothing executed/);
    expect(userText(vm[2])).not.toMatch(/Your last call was refused/);
    expect(userText(vm[4])).toMatch(/Your last call was refused: Verification was requested/);
    expect(userText(vm[5])).toMatch(/Your last call was refused: request_corrective_goal needs \{"reason"/);
    // an uncertain verification continues; the revision is the corrective-goal request
    expect(r.routes).toEqual(['continue', 'revise']);
    expect(r.goals).toMatchObject({ set: 2, revisions: 1, verified: 0 });
    const revision = userText(requests.filter((q) => roleOf(q) === 'goal')[1]);
    expect(revision).toContain('The active goal must be revised: a staircase instead of the corridor Latest verification: uncertain. E1');
    expect(r.actions).toBe(2);
  }, 60_000);

  it("Verify gets the instruction, goal, question and the whole history with its images; Memory gets the completed segment's frames", async () => {
    const moves: Reply[] = [{ toolCalls: [step, verify] }, { toolCalls: [step, verify] }, { toolCalls: [step, verify] }, { toolCalls: [step, verify] }];
    const { requests } = await run(moves, ['incomplete', 'incomplete', 'complete', 'incomplete'], true);
    const verifies = requests.filter((q) => roleOf(q) === 'verify');
    const third = userText(verifies[2]);
    expect(third).toContain('Instruction: ');
    expect(third).toContain('Active goal: G1\nVerification question: Q1?');
    // the earlier records with their feedback, not only the latest one
    expect(third).toMatch(/\[after action 1\] goal "G1"[^\n]*Verification: incomplete\. Evidence: E1/);
    expect(third).toMatch(/\[after action 2\] goal "G1"[^\n]*Verification: incomplete\. Evidence: E2/);
    expect(third).toMatch(/Latest execution record \(after action 3\)/);
    expect(third).toMatch(/Historical observation \(after action 2\)/);
    expect(images(verifies[2])).toBeGreaterThan(1);
    // after the compression, Verify still sees the memory of the completed goal
    expect(userText(verifies[3])).toContain('Memory of completed goals (compressed):\nsummary');
    const memory = requests.filter((q) => roleOf(q) === 'memory');
    expect(memory.length).toBe(1);
    // the three frames of G1's segment: two historical, the third the current view
    expect(images(memory[0])).toBe(3);
    expect(userText(memory[0])).toMatch(/Historical observation \(after action 1\)[\s\S]*Historical observation \(after action 2\)[\s\S]*Current observation/);
  }, 60_000);
});

describe('native baseline', () => {
  it('keeps every image of its conversation (no harness-side window)', async () => {
    const [ep] = await smallEpisodes();
    const world = await openEpisodeWorld(ep);
    try {
      let n = 0;
      const model = new RecordingModel(new MockModel((): Reply => (++n <= 9 ? { toolCalls: [step] } : { toolCalls: [{ name: 'stop', arguments: {} }] })));
      const r = await runNativeEpisode(model, world.navigator, ep.id, ep.instruction, { budget: 40, maxDecisions: 20 });
      expect(r.stopped).toBe(true);
      const last = model.requests[model.requests.length - 1];
      // the opening view and one per step, none replaced by a placeholder
      expect(images(last)).toBe(10);
      expect(userText(last)).not.toMatch(/image omitted/);
    } finally {
      world.dispose();
    }
  }, 60_000);
});
