/**
 * Per-provider request rate limits on BullMQ limiters. Each provider has a queue of permits whose
 * global rate limit (kept in Redis, so every worker on every machine obeys the same one) is the
 * provider's requests per window. Before a model call, a worker adds a permit job and takes one job
 * out through the limiter: permits are interchangeable, so whichever it takes, the number of calls
 * started in a window across all workers never exceeds the limit.
 */
import { randomUUID } from 'node:crypto';
import { Queue, type RedisOptions, Worker } from 'bullmq';
import type { RateLimits } from './jobs.js';

export const permitQueueName = (provider: string): string => `navharness-requests-${provider}`;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Sets the limits in Redis (requests per `windowMs` for each named provider). */
export async function setRateLimits(connection: RedisOptions, limits: RateLimits, windowMs: number): Promise<void> {
  for (const [provider, max] of Object.entries(limits)) {
    const q = new Queue(permitQueueName(provider), { connection });
    try {
      await q.setGlobalRateLimit(max, windowMs);
    } finally {
      await q.close();
    }
  }
}

/** The permits of one provider, taken by this process. */
export class ProviderPermits {
  private readonly queue: Queue;
  private readonly taker: Worker;

  constructor(provider: string, connection: RedisOptions) {
    this.queue = new Queue(permitQueueName(provider), { connection });
    // no processor: jobs are taken by hand, each through the limiter
    this.taker = new Worker(permitQueueName(provider), null, { connection, autorun: false, lockDuration: 30_000 });
  }

  /** Waits until one more request is allowed under the provider's limit (at once when it has none). */
  async acquire(): Promise<void> {
    await this.queue.add('request', {}, { removeOnComplete: true, removeOnFail: true });
    for (;;) {
      const token = randomUUID();
      const job = await this.taker.getNextJob(token, { block: false });
      if (job) {
        await job.moveToCompleted('granted', token, false);
        return;
      }
      await sleep(Math.max(20, await this.queue.getRateLimitTtl()));
    }
  }

  async close(): Promise<void> {
    await this.taker.close();
    await this.queue.close();
  }
}

/** One `ProviderPermits` per provider, opened on first use. */
export class PermitPool {
  private readonly open = new Map<string, ProviderPermits>();

  constructor(private readonly connection: RedisOptions) {}

  acquire(provider: string): Promise<void> {
    let p = this.open.get(provider);
    if (!p) this.open.set(provider, (p = new ProviderPermits(provider, this.connection)));
    return p.acquire();
  }

  async close(): Promise<void> {
    await Promise.all([...this.open.values()].map((p) => p.close()));
    this.open.clear();
  }
}
