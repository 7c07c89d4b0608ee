/** The NavHarness and native loops through the real OpenAI and Anthropic SDKs against a local mock server. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AnthropicModel, OpenAIResponsesModel } from '../../src/models/index.js';
import { runNativeEpisode, runNavHarnessEpisode } from '../../src/vln/index.js';
import { openEpisodeWorld, type EpisodeWorld } from '../../src/world/episode-world.js';
import type { InstructionEpisode } from '../../src/sim/episodes/schema.js';
import { startMockServer, type MockServer } from '../models/mock-server.js';
import { smallEpisodes } from './helpers.js';

const usage = { input: 2000, cached: 1500, output: 30 };
const oaText = (text: string) => ({
  body: {
    id: 'resp',
    object: 'response',
    created_at: 1,
    status: 'completed',
    model: 'gpt-test',
    output: [{ type: 'message', id: 'm', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text, annotations: [] }] }],
    usage: {
      input_tokens: usage.input,
      input_tokens_details: { cached_tokens: usage.cached },
      output_tokens: usage.output,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: usage.input + usage.output,
    },
  },
});
const oaCall = (name: string, args: unknown) => oaCalls([[name, args]]);
/** One reply with several function calls, in order (the Visuomotor Agent's step and its verification request). */
const oaCalls = (calls: Array<[string, unknown]>) => ({
  body: {
    id: 'resp',
    object: 'response',
    created_at: 1,
    status: 'completed',
    model: 'gpt-test',
    output: calls.map(([name, args], i) => ({
      type: 'function_call',
      id: `fc${i}`,
      call_id: `call_${name}`,
      name,
      arguments: JSON.stringify(args),
      status: 'completed',
    })),
    usage: {
      input_tokens: usage.input,
      input_tokens_details: { cached_tokens: usage.cached },
      output_tokens: usage.output,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: usage.input + usage.output,
    },
  },
});
const anUsage = { input_tokens: 500, cache_read_input_tokens: 1500, cache_creation_input_tokens: 0, output_tokens: 30 };
const anText = (text: string) => ({
  body: {
    id: 'msg',
    type: 'message',
    role: 'assistant',
    model: 'claude-test',
    content: [{ type: 'text', text }],
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: anUsage,
  },
});
const anCall = (name: string, input: unknown) => ({
  body: {
    id: 'msg',
    type: 'message',
    role: 'assistant',
    model: 'claude-test',
    content: [{ type: 'tool_use', id: `tu_${name}`, name, input }],
    stop_reason: 'tool_use',
    stop_sequence: null,
    usage: anUsage,
  },
});

const GOAL = JSON.stringify({ goal: 'Turn left and face the doorway', question: 'Is the doorway ahead?', final: true });
const VERIFY = JSON.stringify({ evidence: 'The doorway is straight ahead.', status: 'complete', next_step: 'Stop.' });

describe('vln loops through the real SDKs (local mock server)', () => {
  let ep: InstructionEpisode;
  let world: EpisodeWorld | undefined;
  let server: MockServer | undefined;
  beforeAll(async () => {
    [ep] = await smallEpisodes();
  }, 30_000);
  afterEach(async () => {
    await server?.close();
    world?.dispose();
    server = undefined;
    world = undefined;
  });
  afterAll(() => undefined);

  it('OpenAI Responses: goal → step and request_verification → verify → memory → stop, with provider usage in the ledger', async () => {
    server = await startMockServer([
      oaText(GOAL),
      oaCalls([
        ['step', { actions: ['left', 'left'] }],
        ['request_verification', {}],
      ]),
      oaText(VERIFY),
      oaText('Turned left; doorway ahead (verified).'),
      oaCall('stop', { reason: 'done' }),
    ]);
    const model = new OpenAIResponsesModel({ model: 'gpt-test', apiKey: 'k', baseURL: `${server.url}/v1`, maxRetries: 0, timeoutMs: 5000 });
    world = await openEpisodeWorld(ep);
    const r = await runNavHarnessEpisode(model, world.navigator, ep.id, ep.instruction, true, { budget: 20, maxDecisions: 10 });
    expect(r.stopped).toBe(true);
    expect(r.actions).toBe(2);
    expect(r.ledger.decisions.map((d) => d.role)).toEqual(['goal', 'visuomotor', 'verify', 'memory', 'visuomotor']);
    expect(r.ledger.decisions[0]).toMatchObject({ inputTokens: 2000, cachedTokens: 1500, outputTokens: 30 });
    expect(server.requests.map((q) => q.url)).toEqual(Array(5).fill('/v1/responses'));
    const vm = server.requests[1].body;
    expect(vm.tools.map((t: any) => t.name)).toEqual(['step', 'stop', 'request_verification', 'request_corrective_goal']);
    const content = vm.input[0].content as any[];
    expect(content.filter((c) => c.type === 'input_image').length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(content)).toContain('Current observation');
    // after the step the verify request carries the new view and the execution record
    expect(JSON.stringify(server.requests[2].body.input)).toMatch(/Executed 2 of 2 actions: left, left/);
    // the memory summary is in the last visuomotor request
    expect(JSON.stringify(server.requests[4].body.input)).toContain('doorway ahead (verified)');
  }, 60_000);

  it('Anthropic Messages: the native single agent keeps one growing conversation', async () => {
    server = await startMockServer([anCall('step', { actions: ['forward'] }), anCall('step', { actions: ['right'] }), anCall('stop', {})]);
    const model = new AnthropicModel({ model: 'claude-test', apiKey: 'k', baseURL: server.url, maxRetries: 0, timeoutMs: 5000 });
    world = await openEpisodeWorld(ep);
    const r = await runNativeEpisode(model, world.navigator, ep.id, ep.instruction, { budget: 20, maxDecisions: 10 });
    expect(r.stopped).toBe(true);
    expect(r.actions).toBe(2);
    expect(r.ledger.decisions.map((d) => d.inputTokens)).toEqual([2000, 2000, 2000]);
    expect(r.ledger.decisions[0].cachedTokens).toBe(1500);
    const msgs = server.requests.map((q) => q.body.messages.length);
    expect(msgs).toEqual([1, 3, 5]); // user, then +assistant tool_use +user tool_result each turn
    const last = server.requests[2].body.messages as any[];
    const results = last.filter((m) => m.role === 'user' && Array.isArray(m.content) && m.content.some((c: any) => c.type === 'tool_result'));
    expect(results.length).toBe(2);
    expect(JSON.stringify(results[1])).toMatch(/"type":"image"/);
    expect(server.requests[0].body.system[0].text ?? server.requests[0].body.system).toMatch(/Follow this navigation instruction/);
  }, 60_000);
});
