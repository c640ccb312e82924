import type { RedisClientType } from 'redis';
import { REDIS_COMMAND_WAIT_MS, within } from './redis.js';

interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

/** Fixed-window counters: in memory for one process, in Redis when several share the load. */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  /** Takes one hit back (never below zero), for an attempt that turned out not to count. */
  forgive(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export function memoryRateLimiter(): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, limit, windowMs) {
      const now = Date.now();
      if (windows.size > 50_000) for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        w = { count: 0, resetAt: now + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return { allowed: w.count <= limit, retryAfterSeconds: Math.ceil((w.resetAt - now) / 1000) };
    },
    async forgive(key) {
      const w = windows.get(key);
      if (w && w.count > 0) w.count -= 1;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

/**
 * Counts in Redis, shared by every instance. While Redis is away (not connected, or no answer
 * within `waitMs`) each instance counts in its own memory instead, so a request never waits on
 * Redis nor fails because of it; the shared counts resume when Redis is back (decision 0018).
 */
export function redisRateLimiter(
  redis: RedisClientType,
  prefix = '',
  waitMs = REDIS_COMMAND_WAIT_MS,
  fallback: RateLimiter = memoryRateLimiter(),
): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
      if (!redis.isReady) return fallback.hit(key, limit, windowMs);
      const k = `${prefix}rl:${key}`;
      let results: unknown[];
      try {
        results = await within(redis.multi().incr(k).pExpire(k, windowMs, 'NX').pTTL(k).exec(), waitMs);
      } catch {
        return fallback.hit(key, limit, windowMs);
      }
      const count = Number(results[0]);
      const ttl = Number(results[2]);
      return { allowed: count <= limit, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
    },
    async forgive(key) {
      if (!redis.isReady) return fallback.forgive(key);
      // Only a window that exists and is above zero: a bare DECR would create a key with no expiry.
      const script =
        "local n = tonumber(redis.call('GET', KEYS[1])) if n and n > 0 then redis.call('DECR', KEYS[1]) end";
      await within(redis.eval(script, { keys: [`${prefix}rl:${key}`] }), waitMs).catch(() => fallback.forgive(key));
    },
    async reset(key) {
      await fallback.reset(key);
      if (!redis.isReady) return;
      await within(redis.del(`${prefix}rl:${key}`), waitMs).catch(() => undefined);
    },
  };
}
