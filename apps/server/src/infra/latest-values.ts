import type { RedisClientType } from 'redis';
import { REDIS_COMMAND_WAIT_MS, within } from './redis.js';

/**
 * The latest value under a key, kept for a while and then forgotten: one value per key, never a
 * history. In memory for one process, in Redis (with its TTL) when several share the load. Used
 * for state that is only worth its last word, such as a rider's position.
 */
export interface LatestValues {
  /** Replaces the key's value; it is forgotten `ttlMs` later unless replaced again. */
  put(key: string, value: string, ttlMs: number): Promise<void>;
  /** The key's value, or null once it has expired (or was never put). */
  get(key: string): Promise<string | null>;
}

/** How many keys memory holds before expired ones are swept out. */
const SWEEP_ABOVE = 10_000;

export function memoryLatestValues(now: () => number = () => Date.now()): LatestValues {
  const values = new Map<string, { value: string; expiresAt: number }>();
  return {
    async put(key, value, ttlMs) {
      const t = now();
      if (values.size > SWEEP_ABOVE) for (const [k, v] of values) if (v.expiresAt <= t) values.delete(k);
      values.set(key, { value, expiresAt: t + ttlMs });
    },
    async get(key) {
      const v = values.get(key);
      if (!v) return null;
      if (v.expiresAt <= now()) {
        values.delete(key);
        return null;
      }
      return v.value;
    },
  };
}

/**
 * Values in Redis, seen by every instance. While Redis is away (not connected, or no answer within
 * `waitMs`) the instance keeps them in its own memory instead, so a request neither waits on Redis
 * nor fails because of it (decision 0018, as the rate limiter does).
 */
export function redisLatestValues(
  redis: RedisClientType,
  prefix = '',
  waitMs = REDIS_COMMAND_WAIT_MS,
  fallback: LatestValues = memoryLatestValues(),
): LatestValues {
  const k = (key: string) => `${prefix}latest:${key}`;
  return {
    async put(key, value, ttlMs) {
      if (!redis.isReady) return fallback.put(key, value, ttlMs);
      try {
        await within(redis.set(k(key), value, { PX: ttlMs }), waitMs);
      } catch {
        await fallback.put(key, value, ttlMs);
      }
    },
    async get(key) {
      if (!redis.isReady) return fallback.get(key);
      try {
        return (await within(redis.get(k(key)), waitMs)) ?? (await fallback.get(key));
      } catch {
        return fallback.get(key);
      }
    },
  };
}
