import { afterEach, describe, expect, it } from 'vitest';
import { OpenAIChatModel, toChatMessages, user, text, image } from '../../src/models/index.js';
import { FIRST, GOAL_PNG, SECOND, SYSTEM, VIEW2_PNG, VIEW_PNG, request } from './conversation.js';
import { startMockServer, type MockServer } from './mock-server.js';
import { b64 } from './png.js';

function completion(message: unknown, finish: string, usage: { prompt: number; cached: number; completion: number }) {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: 'qwen-test',
    choices: [{ index: 0, message, finish_reason: finish, logprobs: null }],
    usage: {
      prompt_tokens: usage.prompt,
      completion_tokens: usage.completion,
      total_tokens: usage.prompt + usage.completion,
      prompt_tokens_details: { cached_tokens: usage.cached },
    },
  };
}

describe('OpenAI Chat Completions (OpenAI-compatible servers) through the real SDK', () => {
  let server: MockServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('sends tool text in tool messages and the tool images in a following user message', async () => {
    server = await startMockServer([
      {
        body: completion(
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              { id: 'call_obs', type: 'function', function: { name: 'observe', arguments: '{}' } },
              { id: 'call_step', type: 'function', function: { name: 'step', arguments: '{"actions":["left","left"]}' } },
            ],
          },
          'tool_calls',
          { prompt: 900, cached: 512, completion: 30 },
        ),
      },
      { body: completion({ role: 'assistant', content: 'Sofa ahead.' }, 'stop', { prompt: 2000, cached: 896, completion: 8 }) },
    ]);
    const model = new OpenAIChatModel({ model: 'qwen-test', baseURL: `${server.url}/v1`, maxRetries: 0, timeoutMs: 5000 });
    expect(model.id).toBe(`openai-chat:qwen-test@${server.url}/v1`);

    const r1 = await model.complete(request(FIRST));
    expect(r1.stopReason).toBe('tool_use');
    expect(r1.message.toolCalls.map((c) => [c.id, c.name, c.arguments])).toEqual([
      ['call_obs', 'observe', {}],
      ['call_step', 'step', { actions: ['left', 'left'] }],
    ]);
    expect(r1.usage).toEqual({ uncachedInput: 388, cachedInput: 512, output: 30 });
    const body1 = server.requests[0].body;
    expect(server.requests[0].url).toBe('/v1/chat/completions');
    expect(body1.messages[0]).toEqual({ role: 'system', content: SYSTEM });
    expect(body1.messages[1].content[1]).toEqual({ type: 'image_url', image_url: { url: `data:image/png;base64,${b64(GOAL_PNG)}` } });
    expect(body1.tools[0].function.parameters.$schema).toBeUndefined();
    expect(body1.tools[0]).toMatchObject({ type: 'function', function: { name: 'observe' } });

    const r2 = await model.complete(request(SECOND));
    expect(r2.message.text).toBe('Sofa ahead.');
    expect(r2.usage).toEqual({ uncachedInput: 1104, cachedInput: 896, output: 8 });
    const msgs = server.requests[1].body.messages as any[];
    expect(msgs.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'tool', 'user']);
    expect(msgs[2].tool_calls.map((c: any) => c.id)).toEqual(['call_obs', 'call_step']);
    expect(typeof msgs[3].content).toBe('string');
    expect(msgs[3]).toMatchObject({ tool_call_id: 'call_obs' });
    expect(msgs[3].content).toContain('tracking: ok');
    expect(msgs[3].content).not.toContain('base64');
    const images = msgs[5].content.filter((p: any) => p.type === 'image_url').map((p: any) => p.image_url.url);
    expect(images).toEqual([`data:image/png;base64,${b64(VIEW_PNG)}`, `data:image/png;base64,${b64(VIEW2_PNG)}`]);
    expect(msgs[5].content[0].text).toContain('call_obs');
  });

  it('flushes tool images before a following user message and keeps text-only tool turns image-free', () => {
    const msgs = toChatMessages('s', [...SECOND, user(text('Now relocalise.'), image(GOAL_PNG))]) as any[];
    expect(msgs.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'tool', 'user', 'user']);
    const textOnly = toChatMessages('s', [
      ...FIRST,
      { role: 'assistant', text: '', toolCalls: [{ id: 'c', name: 'get_map', arguments: {}, rawArguments: '{}' }] },
      { role: 'tool', callId: 'c', name: 'get_map', content: [text('no map yet')], isError: true },
    ]) as any[];
    expect(textOnly.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool']);
    expect(textOnly[3].content).toBe('ERROR: no map yet');
  });
});
