import { afterEach, describe, expect, it } from 'vitest';
import { AnthropicModel, toAnthropicMessages, text, user } from '../../src/models/index.js';
import { FIRST, GOAL_PNG, SECOND, SYSTEM, VIEW2_PNG, VIEW_PNG, request } from './conversation.js';
import { startMockServer, type MockServer } from './mock-server.js';
import { b64 } from './png.js';

function messageBody(content: unknown[], stop: string, usage: { input: number; read: number; write: number; output: number }) {
  return {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    model: 'claude-test',
    content,
    stop_reason: stop,
    stop_sequence: null,
    usage: {
      input_tokens: usage.input,
      cache_read_input_tokens: usage.read,
      cache_creation_input_tokens: usage.write,
      output_tokens: usage.output,
    },
  };
}

describe('Anthropic Messages through the real SDK', () => {
  let server: MockServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('sends tool_result blocks with image blocks, caches the stable prefix, parses cache usage', async () => {
    server = await startMockServer([
      {
        body: messageBody(
          [
            { type: 'text', text: 'Looking first.' },
            { type: 'tool_use', id: 'call_obs', name: 'observe', input: {} },
            { type: 'tool_use', id: 'call_step', name: 'step', input: { actions: ['left', 'left'] } },
          ],
          'tool_use',
          { input: 20, read: 0, write: 1400, output: 60 },
        ),
      },
      { body: messageBody([{ type: 'text', text: 'Sofa ahead.' }], 'end_turn', { input: 35, read: 1400, write: 900, output: 9 }) },
    ]);
    const model = new AnthropicModel({ model: 'claude-test', apiKey: 'k', baseURL: server.url, maxRetries: 0, timeoutMs: 5000 });

    const r1 = await model.complete(request(FIRST));
    expect(r1.stopReason).toBe('tool_use');
    expect(r1.message.text).toBe('Looking first.');
    expect(r1.message.toolCalls).toEqual([
      { id: 'call_obs', name: 'observe', arguments: {}, rawArguments: '{}' },
      { id: 'call_step', name: 'step', arguments: { actions: ['left', 'left'] }, rawArguments: '{"actions":["left","left"]}' },
    ]);
    // cache writes count as uncached input; cache reads are the cached input
    expect(r1.usage).toEqual({ uncachedInput: 1420, cachedInput: 0, output: 60 });

    const b1 = server.requests[0].body;
    expect(server.requests[0].url).toBe('/v1/messages');
    const h = server.requests[0].headers;
    expect(h['x-api-key'] ?? h.authorization).toMatch(/^(Bearer )?k$/); // SDK 1.x sends the key as a bearer token
    expect(b1.system).toEqual([{ type: 'text', text: SYSTEM, cache_control: { type: 'ephemeral' } }]);
    expect(b1.tools[0].input_schema).toEqual({ type: 'object', properties: {}, additionalProperties: false });
    expect(b1.tools[1]).toMatchObject({ name: 'step', input_schema: { type: 'object', required: ['actions'] } });
    expect(b1.max_tokens).toBe(4096);
    expect(b1.messages[0].content[1]).toMatchObject({ type: 'image', source: { type: 'base64', media_type: 'image/png', data: b64(GOAL_PNG) } });

    const r2 = await model.complete(request(SECOND));
    expect(r2.message.text).toBe('Sofa ahead.');
    expect(r2.stopReason).toBe('end_turn');
    expect(r2.usage).toEqual({ uncachedInput: 935, cachedInput: 1400, output: 9 });

    const msgs = server.requests[1].body.messages as any[];
    expect(msgs.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(msgs[1].content.map((b: any) => b.type)).toEqual(['text', 'tool_use', 'tool_use']);
    const results = msgs[2].content;
    expect(results.map((b: any) => [b.type, b.tool_use_id])).toEqual([
      ['tool_result', 'call_obs'],
      ['tool_result', 'call_step'],
    ]);
    expect(results[0].content).toEqual([
      { type: 'text', text: 'tracking: ok' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: b64(VIEW_PNG) } },
    ]);
    expect(results[1].content[1].source.data).toBe(b64(VIEW2_PNG));
    // the conversation breakpoint sits on the newest block only
    expect(results[1].cache_control).toEqual({ type: 'ephemeral' });
    expect(results[0].cache_control).toBeUndefined();
    expect(msgs[0].content.some((b: any) => b.cache_control)).toBe(false);
  });

  it('merges a user message after tool results into the same user turn, tool results first', () => {
    const msgs = toAnthropicMessages([...SECOND, user(text('The judge disagreed: look again.'))]) as any[];
    expect(msgs.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(msgs[2].content.map((b: any) => b.type)).toEqual(['tool_result', 'tool_result', 'text']);
  });

  it('an error tool result carries is_error', () => {
    const msgs = toAnthropicMessages([
      ...FIRST,
      { role: 'assistant', text: '', toolCalls: [{ id: 'c', name: 'step', arguments: undefined, rawArguments: '{' }] },
      { role: 'tool', callId: 'c', name: 'step', content: [text('arguments were not JSON')], isError: true },
    ]) as any[];
    expect(msgs[1].content[0]).toEqual({ type: 'tool_use', id: 'c', name: 'step', input: {} });
    expect(msgs[2].content[0]).toMatchObject({ type: 'tool_result', tool_use_id: 'c', is_error: true });
  });
});
