/**
 * Every model-written field is capped at the limits of paper 001 §3.1 and scrubbed of coordinates (issue 19
 * item 5): the judge's evidence and searched places, close_task evidence, the recovery reason and the
 * wake-up brief. A 1 MB judge reply must not become a 1.5 MB record or the next actor request.
 */
import { describe, expect, it } from 'vitest';
import { parseVerdict } from '../../src/harness/verdict-parse.js';
import { ModelWakeUp, type PlaceMatcher } from '../../src/harness/index.js';
import { EVIDENCE_LIMIT_CHARS, PLACE_NAME_LIMIT_CHARS, SCRUB_TOKEN, SEARCHED_PLACES_LIMIT, WRITE_LIMIT_CHARS } from '../../src/memory/index.js';
import { ScriptedModel } from '../../src/models/index.js';
import { ALL_TOOLS, callTool, type ToolContext } from '../../src/tools/index.js';

const MB = 'the sofa is beige. '.repeat(55_000); // about 1 MB

describe('judge verdict caps', () => {
  it('1 MB of evidence and 200 long searched places are cut to the limits', () => {
    const reply = JSON.stringify({
      verdict: 'complete',
      evidence: MB,
      searched_places: Array.from({ length: 200 }, (_, i) => `room ${i} `.repeat(2_000)),
      confidence: 0.9,
    });
    const r = parseVerdict(reply);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.verdict.evidence.length).toBeLessThanOrEqual(EVIDENCE_LIMIT_CHARS);
    expect(r.verdict.evidence).toMatch(/cut at/);
    expect(r.verdict.searched_places.length).toBe(SEARCHED_PLACES_LIMIT);
    for (const p of r.verdict.searched_places) expect(p.length).toBeLessThanOrEqual(PLACE_NAME_LIMIT_CHARS);
    expect(JSON.stringify(r.verdict).length).toBeLessThan(WRITE_LIMIT_CHARS);
  });

  it('coordinates in judge text are scrubbed', () => {
    const reply = JSON.stringify({
      verdict: 'incomplete',
      evidence: 'the robot stands at (1.2, -3.4), far from the mug',
      searched_places: ['kitchen near x=2.5 z=1.0'],
      confidence: 0.7,
    });
    const r = parseVerdict(reply);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.verdict.evidence).toBe(`the robot stands at ${SCRUB_TOKEN}, far from the mug`);
    expect(r.verdict.searched_places).toEqual([`kitchen near ${SCRUB_TOKEN}`]);
  });
});

describe('acting-session requests', () => {
  const ctx = () => ({ closeRequest: null, recoveryRequest: null, budget: { used: 3, limit: 50 } }) as unknown as ToolContext;

  it('close_task evidence is scrubbed before it is recorded', async () => {
    const c = ctx();
    const r = await callTool(ALL_TOOLS, 'close_task', { claim: 'complete', evidence: 'mug on the table at (2.5, -1.0)' }, c);
    expect(r.isError).toBeFalsy();
    expect(c.closeRequest?.evidence).toBe(`mug on the table at ${SCRUB_TOKEN}`);
  });

  it('request_recovery reason is scrubbed before it is recorded', async () => {
    const c = ctx();
    const r = await callTool(ALL_TOOLS, 'request_recovery', { scope: 'room', reason: 'lost near x=2.0 z=-1.5', confidence: 0.6 }, c);
    expect(r.isError).toBeFalsy();
    expect(c.recoveryRequest?.reason).toBe(`lost near ${SCRUB_TOKEN}`);
  });
});

describe('wake-up brief', () => {
  it('a 1 MB brief is cut to the limit and scrubbed', async () => {
    const view = { width: 2, height: 2, rgb: new Uint8Array(12) };
    const place = { name: 'sofa', pose: { x: 0, z: 0, yaw: 0 }, floor: 0, views: [{ ...view, pose: { x: 0, z: 0, yaw: 0 } }], seq: 0, moves: 0 };
    const matcher: PlaceMatcher = { id: 'fake', shortlist: async (_v, places) => places.map((p) => ({ place: p, score: 1 })) };
    const model = new ScriptedModel([{ text: 'You are near the sofa at (1.5, -2.5). ' + MB }]);
    const w = new ModelWakeUp(model, matcher);
    const r = await w.brief('room', [view, view, view, view], [place as never], () => 'living room');
    expect(r.brief.length).toBeLessThanOrEqual(EVIDENCE_LIMIT_CHARS);
    expect(r.brief).toContain(`You are near the sofa at ${SCRUB_TOKEN}.`);
  });
});
