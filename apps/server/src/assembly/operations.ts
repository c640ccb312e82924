// The operator's view: the HTTP latency histogram and the one log line per request (both
// `onResponse`, added before the routes so every route is measured), /api/health, /api/ready
// and /metrics (infra/ops, infra/metrics).
// Needs: the AppContext (database, metrics, log) and the Redis client from infrastructure.
import type { RedisClientType } from 'redis';
import { z } from 'zod';
import { OkAnswer } from '@jara/shared';
import { fixedClock, type AppContext } from '../context.js';
import { registerOps } from '../infra/ops/ops.js';
import type { AppInstance } from '../modules/types.js';

export async function operations(
  app: AppInstance,
  opts: { ctx: AppContext; redis: RedisClientType | null },
): Promise<void> {
  const { config, database, metrics, log } = opts.ctx;
  app.addHook('onResponse', metrics.onResponse);
  if (log.isLevelEnabled('info')) {
    app.addHook('onResponse', (req, reply, done) => {
      req.log.info(
        { method: req.method, url: req.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
        'request completed',
      );
      done();
    });
  }
  await app.register(async (scope) => registerOps(scope, { config, database, redis: opts.redis, metrics }));
  // Journeys only: a server on a fixed test clock (JARA_TEST_CLOCK, refused in production) lets
  // them move it, to see an order for later reach the riders when its slot is near (decision 0047).
  if (config.testClock) {
    const ctx = opts.ctx;
    app.put(
      '/api/test/clock',
      {
        schema: { body: z.strictObject({ at: z.iso.datetime({ offset: true }) }), response: { 200: OkAnswer } },
        config: { access: 'public' },
      },
      async (req) => {
        ctx.clock = fixedClock(new Date(req.body.at));
        return { success: true as const };
      },
    );
  }
}
