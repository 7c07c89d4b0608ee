/**
 * Starts a test HTTP server on 127.0.0.1 at a free port. The server closes itself after `lifetimeMs`
 * even when a test forgets to, so that a failed test never leaves vitest waiting on an open socket.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalServer {
  /** http://127.0.0.1:PORT, without a trailing slash */
  origin: string;
  close(): Promise<void>;
}

export async function listenLocally(server: Server, lifetimeMs: number): Promise<LocalServer> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const timer = setTimeout(() => server.close(), lifetimeMs);
  timer.unref();
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
