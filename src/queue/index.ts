/** The public surface of src/queue/: the distributed eval on Redis (BullMQ), for the command line. */
export { type AllowedProviders, AllowedProvidersSchema, DEFAULT_ALLOWED_PROVIDERS, describeProviders, providerRefusal } from './allowed-providers.js';
export { bullConnection, checkRedis } from './connection.js';
export {
  EVAL_QUEUE,
  type EvalJob,
  EvalJobSchema,
  jobIdOf,
  type JobResult,
  JobResultSchema,
  PROVIDERS,
  providerOf,
  type QueuedRun,
  QueuedRunSchema,
  type RateLimits,
  RateLimitsSchema,
} from './jobs.js';
export { PermitPool, permitQueueName, ProviderPermits, setRateLimits } from './permits.js';
export { collectEval, type CollectResult, enqueueEval, type EnqueueReport, evalJobs, type JobRetry, type QueuedEval, waitForJobs } from './producer.js';
export { type RedisTarget, RedisUrlSchema } from './redis-url.js';
export { MAX_STALLS, type RunningWorker, startWorker, type WorkerOptions } from './worker.js';
