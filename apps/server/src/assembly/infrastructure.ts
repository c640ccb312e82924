// Infrastructure: Redis (when configured), the rate limiter, the latest values, jobs, storage, sessions, Socket.IO
// and metrics, gathered into the AppContext (`app.ctx`).
// Needs: the Fastify instance (its HTTP server) and an open, migrated database.
// Registered first; its `start` runs last (see buildApp), given the modules' start and stop.
import type { RedisClientType } from 'redis';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { createContext, type AppContext, type Clock } from '../context.js';
import type { Database } from '../infra/db/client.js';
import type { EarlyAnswers } from '../infra/early-answers.js';
import type { Modules } from '../modules/index.js';
import { findSessions } from '../modules/auth/index.js';
import { memoryLatestValues, redisLatestValues, type LatestValues } from '../infra/latest-values.js';
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from '../infra/rate-limit.js';
import { RedisLink } from '../infra/redis.js';
import type { AppInstance } from '../modules/types.js';

export interface Infrastructure {
  ctx: AppContext;
  /** The shared Redis client (rate limits, readiness), or null without REDIS_URL. */
  redis: RedisClientType | null;
  /**
   * Starts the modules' own work (the catalogue's revision checks) and adds the shutdown hook,
   * which stops it before the infrastructure. Called after every other plugin, so the hook is the
   * last added and the first to run on close.
   */
  start(modules: Pick<Modules, 'start' | 'stop'>): Promise<void>;
}

export async function infrastructure(
  app: AppInstance,
  opts: {
    config: Config;
    log: Logger;
    database: Database;
    clock: Clock;
    ownsDatabase: boolean;
    early: EarlyAnswers;
  },
): Promise<Infrastructure> {
  const { config, log, database } = opts;
  // Redis, when used, is shared state the instance can do without for a while (decision 0018).
  const redisLink = config.redisUrl ? new RedisLink(config.redisUrl, log, config.redisPrefix) : null;
  let redis: RedisClientType | null = null;
  let limiter: RateLimiter = memoryRateLimiter();
  let latest: LatestValues = memoryLatestValues();
  if (redisLink) {
    redis = await redisLink.client('rate limits');
    limiter = redisRateLimiter(redis, config.redisPrefix);
    latest = redisLatestValues(redis, config.redisPrefix);
  }
  const ctx = await createContext({
    config,
    log,
    database,
    clock: opts.clock,
    limiter,
    latest,
    redisLink,
    http: app.server,
    early: opts.early,
    findSessions,
  });
  app.decorate('ctx', ctx);

  return {
    ctx,
    redis,
    async start(modules) {
      await modules.start(redisLink && redis ? { link: redisLink, client: redis } : null);
      app.addHook('onClose', async () => {
        await modules.stop();
        await ctx.jobs.stop();
        await ctx.realtime.close();
        ctx.mailer.close();
        await ctx.storage.close?.();
        await redisLink?.close();
        if (opts.ownsDatabase) await database.close();
      });
    },
  };
}
