/**
 * An OpenAI-compatible Chat Completions server on 127.0.0.1 (random port) that answers every request
 * through a responder function and records what it received: the stand-in for a vLLM/Ollama server
 * behind `openai-chat:MODEL@URL`, for checking what a whole run sends to a provider. Usage is
 * reported like a provider (prompt tokens from the request's size) so that runs count it as such.
 */
import { createServer } from 'node:http';
import { listenLocally } from '../helpers/local-server.js';

export interface ChatBody {
  model: string;
  messages: { role: string; content: unknown; tool_calls?: unknown[]; tool_call_id?: string }[];
  tools?: { type: string; function: { name: string } }[];
}

type Call = { name: string; args: Record<string, unknown> };
/** a text reply, one tool call, or several in one reply (in order) */
export type ChatReply = { content: string } | { call: Call } | { calls: Call[] };

export interface RecordingChatServer {
  /** base URL for `openai-chat:MODEL@URL` */
  url: string;
  requests: ChatBody[];
  close(): Promise<void>;
}

/** The text of a chat message's content (string, or the text parts of a part list). */
export function chatText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((p: { type?: string; text?: string }) => (p.type === 'text' ? (p.text ?? '') : '')).join('\n');
  return '';
}

/**
 * `promptTokens` is the usage the server reports for a request (by default its size / 4), so that a
 * test can stand in for a provider whose prompts are large without sending that much.
 */
export async function startRecordingChatServer(
  respond: (body: ChatBody) => ChatReply,
  lifetimeMs = 600_000,
  promptTokens: (raw: string, body: ChatBody) => number = (raw) => Math.ceil(raw.length / 4),
): Promise<RecordingChatServer> {
  const requests: ChatBody[] = [];
  let n = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let status = 200;
      let out: unknown;
      try {
        const body = JSON.parse(raw) as ChatBody;
        requests.push(body);
        const r = respond(body);
        const id = `call_${++n}`;
        const calls = 'content' in r ? [] : 'call' in r ? [r.call] : r.calls;
        const message =
          'content' in r
            ? { role: 'assistant', content: r.content }
            : {
                role: 'assistant',
                content: null,
                tool_calls: calls.map((c, i) => ({ id: `${id}_${i}`, type: 'function', function: { name: c.name, arguments: JSON.stringify(c.args) } })),
              };
        const prompt = promptTokens(raw, body);
        out = {
          id: `chatcmpl-${n}`,
          object: 'chat.completion',
          created: 1_700_000_000,
          model: body.model,
          choices: [{ index: 0, message, finish_reason: 'content' in r ? 'stop' : 'tool_calls', logprobs: null }],
          usage: { prompt_tokens: prompt, completion_tokens: 20, total_tokens: prompt + 20, prompt_tokens_details: { cached_tokens: 0 } },
        };
      } catch (e) {
        status = 500;
        out = { error: { message: `recording server: ${(e as Error).message}`, type: 'server_error' } };
      }
      res.writeHead(status, { 'content-type': 'application/json', connection: 'close' });
      res.end(JSON.stringify(out));
    });
  });
  const local = await listenLocally(server, lifetimeMs);
  return { url: `${local.origin}/v1`, requests, close: local.close };
}
