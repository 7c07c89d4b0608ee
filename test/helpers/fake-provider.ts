/**
 * A local OpenAI-compatible Chat Completions server (127.0.0.1, random port) whose every answer is
 * chosen by a function of the request: a completion, an HTTP error, or a broken body. Errors carry
 * `retry-after-ms: 1` so that the SDK's own retries do not slow the tests. Closes itself after
 * `lifetimeMs` even if a test forgets to.
 */
import { createServer } from 'node:http';
import { listenLocally } from './local-server.js';

export type FakeAnswer =
  | { kind: 'message'; content?: string | null; toolCalls?: { name: string; arguments: unknown }[]; usage?: { prompt: number; completion: number } }
  | { kind: 'error'; status: number }
  | { kind: 'broken' };

export interface FakeRequest {
  /** names of the tools offered (empty for the judge and the wake-up) */
  tools: string[];
  messages: { role: string; content: unknown }[];
}

export interface FakeProvider {
  /** the base URL for `openai-chat:MODEL@URL` (ends in /v1) */
  url: string;
  requests: FakeRequest[];
  close(): Promise<void>;
}

let callCounter = 0;

function completion(a: Extract<FakeAnswer, { kind: 'message' }>): unknown {
  const calls = (a.toolCalls ?? []).map((c) => ({
    id: `call_${++callCounter}`,
    type: 'function',
    function: { name: c.name, arguments: JSON.stringify(c.arguments) },
  }));
  const usage = a.usage ?? { prompt: 1000, completion: 20 };
  return {
    id: `chatcmpl-${callCounter}`,
    object: 'chat.completion',
    created: 1_700_000_000,
    model: 'fake',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: a.content ?? null, ...(calls.length ? { tool_calls: calls } : {}) },
        finish_reason: calls.length ? 'tool_calls' : 'stop',
        logprobs: null,
      },
    ],
    usage: { prompt_tokens: usage.prompt, completion_tokens: usage.completion, total_tokens: usage.prompt + usage.completion },
  };
}

export async function startFakeProvider(answer: (req: FakeRequest, n: number) => FakeAnswer, lifetimeMs = 120_000): Promise<FakeProvider> {
  const requests: FakeRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: { tools?: { function?: { name?: string } }[]; messages?: FakeRequest['messages'] } = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        /* an unreadable request still gets an answer */
      }
      const r: FakeRequest = { tools: (body.tools ?? []).map((t) => t.function?.name ?? ''), messages: body.messages ?? [] };
      requests.push(r);
      const a = answer(r, requests.length);
      if (a.kind === 'error') {
        res.writeHead(a.status, { 'content-type': 'application/json', 'retry-after-ms': '1', connection: 'close' });
        res.end(JSON.stringify({ error: { message: `fake provider: HTTP ${a.status}`, type: 'server_error' } }));
      } else if (a.kind === 'broken') {
        res.writeHead(200, { 'content-type': 'application/json', connection: 'close' });
        res.end('{"id": "chatcmpl-broken", "choices": [{"index": 0, "mess');
      } else {
        res.writeHead(200, { 'content-type': 'application/json', connection: 'close' });
        res.end(JSON.stringify(completion(a)));
      }
    });
  });
  const local = await listenLocally(server, lifetimeMs);
  return { url: `${local.origin}/v1`, requests, close: local.close };
}
