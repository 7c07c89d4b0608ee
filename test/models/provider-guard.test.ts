/**
 * Issue 38: a hostile OpenAI-compatible server on 127.0.0.1. Token counts sent as strings, huge,
 * negative or fractional are refused at the provider boundary (they used to be glued into
 * "00lotslots" in the usage records); a huge reply is refused while it is read; a body that drips a
 * byte at a time ends at the request timeout; a Retry-After of 999999 s is capped.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { OpenAIChatModel, AnthropicModel, user, text } from '../../src/models/index.js';
import { listenLocally, type LocalServer } from '../helpers/local-server.js';

let server: LocalServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

type Handler = (req: IncomingMessage, res: ServerResponse, n: number) => void;

/** A server that reads each request whole, then lets `handler` answer it (the n-th request, from 1). */
async function hostile(handler: Handler): Promise<string> {
  let n = 0;
  const s = createServer((req, res) => {
    req.resume();
    req.on('end', () => handler(req, res, ++n));
  });
  server = await listenLocally(s, 60_000);
  return server.origin;
}

const completion = (usage: Record<string, unknown>, content = 'ok') =>
  JSON.stringify({
    id: 'c1',
    object: 'chat.completion',
    created: 1,
    model: 'm',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage,
  });

const request = { system: 'brief', messages: [user(text('hello'))], tools: [] };
const chat = (origin: string, o: Partial<ConstructorParameters<typeof OpenAIChatModel>[0]> = {}) =>
  new OpenAIChatModel({ model: 'm', baseURL: `${origin}/v1`, maxRetries: 0, ...o });

describe('token counts are checked at the provider boundary', () => {
  it.each([
    ['a string', { prompt_tokens: '00', completion_tokens: 'lots' }, /usage\.prompt_tokens is "00"; expected a whole number of tokens/],
    ['huge', { prompt_tokens: 1e300, completion_tokens: 5 }, /usage\.prompt_tokens is 1e\+300/],
    ['negative', { prompt_tokens: 10, completion_tokens: -5 }, /usage\.completion_tokens is -5/],
    ['fractional', { prompt_tokens: 10.5, completion_tokens: 5 }, /usage\.prompt_tokens is 10\.5/],
    ['a string cached count', { prompt_tokens: 10, completion_tokens: 5, prompt_tokens_details: { cached_tokens: 'x' } }, /cached_tokens is "x"/],
  ])('openai-chat: usage with %s is refused, naming the field', async (_what, usage, why) => {
    const origin = await hostile((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(completion(usage)));
    await expect(chat(origin).complete(request)).rejects.toThrow(why);
  });

  it('anthropic: a string output count is refused', async () => {
    const origin = await hostile((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: 'm1',
          type: 'message',
          role: 'assistant',
          model: 'm',
          content: [{ type: 'text', text: 'ok' }],
          stop_reason: 'end_turn',
          usage: { input_tokens: 3, output_tokens: 'lots' },
        }),
      ),
    );
    const m = new AnthropicModel({ model: 'm', apiKey: 'k', baseURL: origin, maxRetries: 0 });
    await expect(m.complete(request)).rejects.toThrow(/anthropic reply refused: usage\.output_tokens is "lots"/);
  });

  it('whole counts pass and add up as numbers', async () => {
    const origin = await hostile((_req, res) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(completion({ prompt_tokens: 120, completion_tokens: 7, prompt_tokens_details: { cached_tokens: 20 } })),
    );
    const r = await chat(origin).complete(request);
    expect(r.usage).toEqual({ uncachedInput: 100, cachedInput: 20, output: 7 });
  });
});

describe('reply size caps', () => {
  it('a body over the cap is refused while it is read (no content-length)', async () => {
    const origin = await hostile((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = 'x'.repeat(64 * 1024);
      // 2 MB streamed in chunks: more than the 256 KiB cap, sent without a length
      let sent = 0;
      const pump = () => {
        while (sent < 32) {
          sent++;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
    const m = chat(origin, { limits: { maxReplyBytes: 256 * 1024 } });
    await expect(m.complete(request)).rejects.toThrow(/larger than 262,144 bytes/);
  });

  it('a declared content-length over the cap is refused before reading', async () => {
    const body = completion({ prompt_tokens: 1, completion_tokens: 1 }, 'y'.repeat(300_000));
    const origin = await hostile((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }).end(body),
    );
    await expect(chat(origin, { limits: { maxReplyBytes: 100_000 } }).complete(request)).rejects.toThrow(/larger than 100,000 bytes \(content-length/);
  });

  it('a reply text over 200,000 characters is not kept', async () => {
    const origin = await hostile((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(completion({ prompt_tokens: 1, completion_tokens: 1 }, 'z'.repeat(250_000))),
    );
    await expect(chat(origin).complete(request)).rejects.toThrow(/its text holds 250,000 characters; at most 200,000/);
  });
});

describe('one deadline per call', () => {
  it('a body that drips a byte every 200 ms ends at the request timeout', async () => {
    const timers: NodeJS.Timeout[] = [];
    const origin = await hostile((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      // at most 100 bytes (20 s): bounded even if the client never gives up
      let k = 0;
      const t = setInterval(() => {
        if (++k > 100 || res.destroyed) {
          clearInterval(t);
          res.end();
        } else res.write(' ');
      }, 200);
      timers.push(t);
    });
    const t0 = Date.now();
    await expect(chat(origin, { timeoutMs: 1500, maxRetries: 2 }).complete(request)).rejects.toThrow(/request timeout of 1\.5 s|timed out/i);
    expect(Date.now() - t0).toBeLessThan(4000);
    timers.forEach(clearInterval);
  });

  it('Retry-After: 999999 is capped; the retried call answers', async () => {
    const origin = await hostile((_req, res, n) => {
      if (n === 1) res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '999999' }).end(JSON.stringify({ error: { message: 'slow down' } }));
      else res.writeHead(200, { 'content-type': 'application/json' }).end(completion({ prompt_tokens: 5, completion_tokens: 1 }));
    });
    const t0 = Date.now();
    const r = await chat(origin, { maxRetries: 1, limits: { maxRetryAfterS: 1 } }).complete(request);
    expect(r.message.text).toBe('ok');
    const waited = Date.now() - t0;
    expect(waited).toBeGreaterThanOrEqual(900);
    expect(waited).toBeLessThan(5000);
  });

  it('the deadline covers the SDK waiting before a retry', async () => {
    const origin = await hostile((_req, res) =>
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '30' }).end(JSON.stringify({ error: { message: 'busy' } })),
    );
    const t0 = Date.now();
    await expect(chat(origin, { timeoutMs: 1000, maxRetries: 5 }).complete(request)).rejects.toThrow(/longer than the request timeout of 1 s/);
    expect(Date.now() - t0).toBeLessThan(3000);
  });
});
