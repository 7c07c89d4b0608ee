import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  AnthropicModel,
  MockModel,
  OpenAIChatModel,
  OpenAIResponsesModel,
  ScriptExhaustedError,
  ScriptedModel,
  addUsage,
  createModel,
  parseModelSpec,
} from '../../src/models/index.js';
import { FIRST, SECOND, request } from './conversation.js';

describe('model spec parsing', () => {
  it('accepts every documented form', () => {
    expect(parseModelSpec('openai:gpt-5.1')).toEqual({ ok: true, spec: { kind: 'openai', model: 'gpt-5.1' } });
    expect(parseModelSpec('anthropic:claude-opus-4-1')).toEqual({ ok: true, spec: { kind: 'anthropic', model: 'claude-opus-4-1' } });
    expect(parseModelSpec('openai-chat:qwen2.5-vl:7b@http://127.0.0.1:11434/v1')).toEqual({
      ok: true,
      spec: { kind: 'openai-chat', model: 'qwen2.5-vl:7b', baseURL: 'http://127.0.0.1:11434/v1' },
    });
    expect(parseModelSpec(' scripted ')).toEqual({ ok: true, spec: { kind: 'scripted' } });
    expect(parseModelSpec('mock')).toEqual({ ok: true, spec: { kind: 'mock' } });
  });

  const bad: [unknown, RegExp][] = [
    ['', /non-empty/],
    [42, /non-empty string/],
    ['gpt-4o', /unknown model spec.*accepted forms/],
    ['openai:', /bad model spec/],
    ['openai-chat:qwen', /names no server/],
    ['openai-chat:qwen@ftp://x', /http/],
    ['openai-chat:qwen@not a url', /bad model spec/],
    ['anthropic:has space', /bad model spec/],
  ];
  for (const [input, msg] of bad) {
    it(`rejects ${JSON.stringify(input)} with a message`, () => {
      const r = parseModelSpec(input);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toMatch(msg);
    });
  }
});

describe('createModel', () => {
  it('builds each backend', () => {
    expect(createModel('openai:gpt-test', { apiKey: 'k' })).toBeInstanceOf(OpenAIResponsesModel);
    expect(createModel('anthropic:claude-test', { apiKey: 'k' })).toBeInstanceOf(AnthropicModel);
    const chat = createModel('openai-chat:llava@http://127.0.0.1:8000/v1');
    expect(chat).toBeInstanceOf(OpenAIChatModel);
    expect(chat.id).toBe('openai-chat:llava@http://127.0.0.1:8000/v1');
    expect(createModel('mock')).toBeInstanceOf(MockModel);
    expect(createModel('scripted', { script: [{ text: 'hi' }] })).toBeInstanceOf(ScriptedModel);
  });

  it('explains what is missing', () => {
    const saved = { o: process.env.OPENAI_API_KEY, a: process.env.ANTHROPIC_API_KEY };
    delete process.env.OPENAI_API_KEY;
    delete process.env.ANTHROPIC_API_KEY;
    try {
      expect(() => createModel('openai:gpt-test')).toThrow(/OPENAI_API_KEY/);
      expect(() => createModel('anthropic:claude')).toThrow(/ANTHROPIC_API_KEY/);
    } finally {
      if (saved.o !== undefined) process.env.OPENAI_API_KEY = saved.o;
      if (saved.a !== undefined) process.env.ANTHROPIC_API_KEY = saved.a;
    }
    expect(() => createModel('scripted')).toThrow(/needs a script/);
    expect(() => createModel('openai:x', { apiKey: 'k', baseURL: 'nope' })).toThrow(/baseURL/);
    expect(() => createModel('openai:x', { apiKey: 'k', reasoningEffort: 'max' as 'low' })).toThrow(/reasoningEffort/);
    expect(() => createModel('scripted', { script: [{ toolCalls: [{ name: '' }] }] })).toThrow(/invalid script/);
  });
});

describe('scripted and mock models', () => {
  it('replays responses in order, records requests, then reports exhaustion', async () => {
    const m = new ScriptedModel([
      { text: 'Reading the ledger.', toolCalls: [{ name: 'read_file', arguments: { path: 'ledger.md' } }] },
      { text: 'Done.', usage: { uncachedInput: 10, cachedInput: 90, output: 3 } },
    ]);
    const r1 = await m.complete(request(FIRST));
    expect(r1.message.toolCalls).toEqual([{ id: 'call_0_0', name: 'read_file', arguments: { path: 'ledger.md' }, rawArguments: '{"path":"ledger.md"}' }]);
    expect(r1.stopReason).toBe('tool_use');
    expect(r1.usage.uncachedInput).toBeGreaterThan(765); // one image plus text, estimated
    const r2 = await m.complete(request(SECOND));
    expect(r2.usage).toEqual({ uncachedInput: 10, cachedInput: 90, output: 3 });
    expect(r2.stopReason).toBe('end_turn');
    expect(m.requests.length).toBe(2);
    expect(m.remaining).toBe(0);
    await expect(m.complete(request(FIRST))).rejects.toBeInstanceOf(ScriptExhaustedError);
    expect(addUsage(r1.usage, r2.usage).cachedInput).toBe(90);
  });

  it('loads a script from a JSON file and rejects a malformed one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'navharness-script-'));
    try {
      writeFileSync(join(dir, 'ok.json'), JSON.stringify([{ text: 'a' }, { toolCalls: [{ name: 'observe' }] }]));
      expect(ScriptedModel.fromFile(join(dir, 'ok.json')).remaining).toBe(2);
      writeFileSync(join(dir, 'bad.json'), '{ not json');
      expect(() => ScriptedModel.fromFile(join(dir, 'bad.json'))).toThrow(/cannot read script/);
      writeFileSync(join(dir, 'shape.json'), JSON.stringify({ text: 'a' }));
      expect(() => ScriptedModel.fromFile(join(dir, 'shape.json'))).toThrow(/invalid script/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the mock model answers through its function', async () => {
    const echo = new MockModel();
    expect((await echo.complete(request(FIRST))).message.text).toBe('mock reply to: Goal: find the sofa. Read ledger.md first.');
    const caller = new MockModel((_req, turn) => ({ toolCalls: [{ name: 'step', arguments: { actions: turn === 0 ? ['left'] : ['forward'] } }] }));
    expect((await caller.complete(request(FIRST))).message.toolCalls[0].arguments).toEqual({ actions: ['left'] });
    expect((await caller.complete(request(FIRST))).message.toolCalls[0].arguments).toEqual({ actions: ['forward'] });
  });
});
