import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockModel, textOf, type ModelRequest } from '../../src/models/index.js';
import { requestSize, routeAfterVerification, runNavHarnessEpisode, type LoopResult } from '../../src/vln/index.js';
import { openEpisodeWorld, type EpisodeWorld } from '../../src/world/episode-world.js';
import { RecordingModel, roleOf, smallEpisodes } from './helpers.js';

describe('routing rule', () => {
  it("complete advances; incomplete and uncertain continue (a revision is the Visuomotor Agent's call, never inferred)", () => {
    expect(routeAfterVerification({ status: 'complete' })).toBe('advance');
    expect(routeAfterVerification({ status: 'uncertain' })).toBe('continue');
    expect(routeAfterVerification({ status: 'incomplete' })).toBe('continue');
  });
});

/**
 * Agents whose Verify answers follow a script; the Visuomotor Agent steps and requests verification
 * in one reply, and requests a corrective goal after an uncertain verification; the other roles
 * answer plainly.
 */
function scriptedVerifyAgents(verdicts: Array<'complete' | 'incomplete' | 'uncertain'>) {
  let goals = 0,
    verifies = 0;
  return new MockModel((req: ModelRequest) => {
    const role = roleOf(req);
    const all = req.messages.map((m) => (m.role === 'assistant' ? '' : textOf(m.content))).join('\n');
    if (role === 'goal') {
      goals++;
      return { text: JSON.stringify({ goal: `G${goals}`, question: `Q${goals}?`, final: goals >= 3 }) };
    }
    if (role === 'verify') {
      const status = verdicts[verifies++] ?? 'incomplete';
      return { text: `Here: {"evidence": "E${verifies}", "status": "${status}", "next_step": "keep going"}` };
    }
    if (role === 'memory') return { text: `Completed goals so far: ${(all.match(/goal "G\d+"/g) ?? []).length} records summarised.` };
    if (/The final goal has been verified complete/.test(all)) return { toolCalls: [{ name: 'stop', arguments: { reason: 'done' } }] };
    if (/Latest verification feedback: uncertain/.test(all) && !/Route: revise\./.test(all))
      return { toolCalls: [{ name: 'request_corrective_goal', arguments: { reason: 'the view does not match the goal' } }] };
    return {
      toolCalls: [
        { name: 'step', arguments: { actions: ['left'] } },
        { name: 'request_verification', arguments: {} },
      ],
    };
  });
}

const VERDICTS = ['incomplete', 'uncertain', 'incomplete', 'complete', 'complete'] as const;

describe('NavHarness loop on scripted verify answers', () => {
  let world: EpisodeWorld;
  const runs: Record<string, { r: LoopResult; model: RecordingModel }> = {};
  beforeAll(async () => {
    const [ep] = await smallEpisodes();
    for (const compression of [false, true]) {
      world = await openEpisodeWorld(ep);
      const model = new RecordingModel(scriptedVerifyAgents([...VERDICTS]));
      const r = await runNavHarnessEpisode(model, world.navigator, ep.id, ep.instruction, compression, { budget: 50, maxDecisions: 60 });
      runs[compression ? 'goal' : 'off'] = { r, model };
      world.dispose();
    }
  }, 60_000);
  afterAll(() => undefined);

  it("follows the Visuomotor Agent's calls: verification on request, a corrective goal on request, advance on verified completion, then stop", () => {
    for (const cfg of ['off', 'goal']) {
      const { r, model } = runs[cfg];
      // uncertain continues; the revision comes from the Visuomotor Agent's request_corrective_goal
      expect(r.routes).toEqual(['continue', 'continue', 'revise', 'continue', 'advance', 'advance']);
      expect(model.requests.filter((q) => roleOf(q) === 'verify').length).toBe(5);
      expect(r.stopped).toBe(true);
      expect(r.actions).toBe(5);
      expect(r.goals).toMatchObject({ set: 3, verified: 2, revisions: 1 });
    }
  });

  it('revision keeps the raw history and carries the unfinished goal forward', () => {
    const goalReqs = runs.goal.model.requests.filter((q) => roleOf(q) === 'goal');
    const revision = textOf((goalReqs[1].messages[0] as { content: any[] }).content);
    expect(revision).toMatch(/The active goal must be revised/);
    expect(revision).toMatch(/Active goal: G1/);
    expect((revision.match(/goal "G1"/g) ?? []).length).toBe(2); // both raw records of G1
  });

  it('compresses only at verified completion, and the compressed context is shorter', () => {
    const seq = runs.goal.model.requests.map(roleOf);
    // memory requests come right after the verify requests that answered 'complete' (the 4th and 5th)
    const verifyIdx = seq.flatMap((r, i) => (r === 'verify' ? [i] : []));
    const memoryIdx = seq.flatMap((r, i) => (r === 'memory' ? [i] : []));
    expect(memoryIdx).toEqual([verifyIdx[3] + 1, verifyIdx[4] + 1]);
    expect(runs.off.model.requests.map(roleOf)).not.toContain('memory');
    expect(runs.goal.r.goals.compressions).toBe(2);
    expect(runs.off.r.goals.compressions).toBe(0);
    // the same decision (the Visuomotor request after the first verified completion) in both runs
    const after = (cfg: string) => {
      const rs = runs[cfg].model.requests.filter((q) => roleOf(q) === 'visuomotor');
      return requestSize(rs[5]);
    };
    expect(after('goal').textChars).toBeLessThan(after('off').textChars);
    expect(runs.goal.r.context!.records.length).toBe(0);
    expect(runs.off.r.context!.records.length).toBe(5);
    // the ledger counted every request as one decision
    expect(runs.goal.r.ledger.decisions.length).toBe(runs.goal.model.requests.length);
  });

  it('labels historical and current images; the current view is always last', () => {
    for (const q of runs.off.model.requests.filter((x) => roleOf(x) === 'visuomotor')) {
      const parts = (q.messages[0] as { content: any[] }).content;
      const imgs = parts.flatMap((p: any, i: number) => (p.type === 'image' ? [i] : []));
      for (const i of imgs) expect(parts[i - 1].type).toBe('text');
      expect(parts[imgs[imgs.length - 1] - 1].text).toMatch(/^Current observation/);
      for (const i of imgs.slice(0, -1)) expect(parts[i - 1].text).toMatch(/^Historical observation \(after action \d+\)/);
    }
  });
});
