/**
 * Connections to the Redis of a distributed eval. Before BullMQ is given the address, one short
 * connection checks that Redis answers: a Redis that is down or unreachable is refused at once with
 * its address, instead of ioredis retrying forever in the background.
 */
import type { RedisOptions } from 'bullmq';
import { Redis } from 'ioredis';
import type { RedisTarget } from './redis-url.js';

/** The connection options BullMQ gets (it opens its own connections from them). */
export function bullConnection(t: RedisTarget, role: 'producer' | 'worker'): RedisOptions {
  return {
    host: t.host,
    port: t.port,
    db: t.db,
    ...(t.username ? { username: t.username } : {}),
    ...(t.password ? { password: t.password } : {}),
    connectTimeout: 5000,
    // a worker waits for a Redis that went away (BullMQ requires null there); a producer's command fails after a few tries
    maxRetriesPerRequest: role === 'worker' ? null : 3,
    retryStrategy: (times: number) => Math.min(5000, 200 * times),
  };
}

/** Resolves when Redis at `t` answers PING within `timeoutMs`; otherwise rejects naming the address and what to do. */
export async function checkRedis(t: RedisTarget, timeoutMs = 5000): Promise<void> {
  const client = new Redis({
    host: t.host,
    port: t.port,
    db: t.db,
    username: t.username,
    password: t.password,
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
  // ioredis reports a failed connection also as an 'error' event; the awaited calls below carry it
  let reason: NodeJS.ErrnoException | null = null;
  client.on('error', (e: NodeJS.ErrnoException) => (reason ??= e));
  try {
    await client.connect();
    const pong = await client.ping();
    if (pong !== 'PONG') throw new Error(`answered PING with '${pong}'`);
  } catch (err) {
    // the socket's error (ECONNREFUSED, ENOTFOUND…) says more than the closed connection it leaves
    const e = reason ?? (err as NodeJS.ErrnoException);
    const why = e.code === 'ECONNREFUSED' ? 'connection refused (is redis-server running there?)' : e.message;
    throw new Error(`cannot reach Redis at ${t.shown}: ${why}; start it (docs/distributed.md) or give another --queue`);
  } finally {
    client.disconnect();
  }
}
