/**
 * Per-backbone settings (`--reasoning-effort`, `--thinking-budget`) reach the providers that take
 * them: a recording OpenAI-compatible server on 127.0.0.1 sees `reasoning_effort`; the Anthropic
 * request carries `thinking` with max_tokens above its budget and replays thinking blocks first;
 * a setting given to a provider without it is refused before a run starts, naming the flag.
 */
import { describe, expect, it } from 'vitest';
import { AnthropicModel, createModel, modelSettingProblems } from '../../src/models/index.js';
import { runStartProblems } from '../../src/eval/index.js';
import { startRecordingChatServer } from './recording-chat-server.js';

describe('backbone settings', () => {
  it('openai-chat sends reasoning_effort to the server when given, and nothing when not', async () => {
    const server = await startRecordingChatServer(() => ({ content: 'ok' }));
    try {
      const req = { system: 'brief', messages: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hello' }] }], tools: [] };
      await createModel(`openai-chat:recorder@${server.url}`, { reasoningEffort: 'high' }).complete(req);
      await createModel(`openai-chat:recorder@${server.url}`).complete(req);
      const [withEffort, without] = server.requests as unknown as Record<string, unknown>[];
      expect(withEffort.reasoning_effort).toBe('high');
      expect('reasoning_effort' in without).toBe(false);
    } finally {
      await server.close();
    }
  });

  it('anthropic: thinking with its budget inside max_tokens, thinking blocks replayed before the tool call', () => {
    const m = new AnthropicModel({ model: 'claude-test', apiKey: 'k', thinkingBudget: 4096, maxOutputTokens: 2000 });
    const thought = { type: 'thinking', thinking: 'the hall first', signature: 'sig' };
    const body = m.buildRequest({
      system: 'brief',
      tools: [],
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'go' }] },
        {
          role: 'assistant',
          text: '',
          toolCalls: [{ id: 't1', name: 'observe', arguments: {}, rawArguments: '{}' }],
          opaque: { provider: 'anthropic', items: [thought] },
        },
        { role: 'tool', callId: 't1', name: 'observe', content: [{ type: 'text', text: 'a hall' }] },
      ],
    });
    expect(body.thinking).toEqual({ type: 'enabled', budget_tokens: 4096 });
    expect(body.max_tokens).toBe(6096);
    const assistant = body.messages[1];
    expect(Array.isArray(assistant.content) && assistant.content.map((b) => b.type)).toEqual(['thinking', 'tool_use']);
    expect(new AnthropicModel({ model: 'claude-test', apiKey: 'k' }).buildRequest({ system: 's', tools: [], messages: [] }).thinking).toBeUndefined();
  });

  it('refuses a setting its provider does not take, naming the flag', () => {
    expect(modelSettingProblems('openai:gpt-5', { thinkingBudget: 2048 })).toEqual([
      "--thinking-budget is taken by anthropic:MODEL agents, not 'openai:gpt-5'",
    ]);
    expect(modelSettingProblems('anthropic:claude', { reasoningEffort: 'low' })[0]).toContain(
      '--reasoning-effort is taken by openai:MODEL and openai-chat:MODEL@URL agents',
    );
    expect(modelSettingProblems('openai-chat:q@http://127.0.0.1:1/v1', { reasoningEffort: 'low' })).toEqual([]);
    expect(runStartProblems({ house: 'seed:1', agent: 'scripted', modelSettings: { reasoningEffort: 'high' } })).toEqual([
      "--reasoning-effort is taken by openai:MODEL and openai-chat:MODEL@URL agents, not 'scripted'",
    ]);
  });
});
