/**
 * A provider that answers every request with a 200 and then a body that never ends: one space every
 * `dripMs` (each byte resets a socket's idle timer, so only an overall deadline ends the call). Counts
 * the requests, for `--request-timeout` tests of the commands that call a provider.
 */
import { createServer } from 'node:http';
import { listenLocally } from './local-server.js';

export interface SlowProvider {
  /** the base URL for `openai-chat:MODEL@URL` (ends in /v1) */
  url: string;
  requests: () => number;
  close(): Promise<void>;
}

export async function startSlowProvider(dripMs = 200, lifetimeMs = 300_000): Promise<SlowProvider> {
  let requests = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      requests++;
      res.writeHead(200, { 'content-type': 'application/json' });
      const t = setInterval(() => res.write(' '), dripMs);
      res.on('close', () => clearInterval(t));
    });
  });
  const local = await listenLocally(server, lifetimeMs);
  return { url: `${local.origin}/v1`, requests: () => requests, close: local.close };
}
