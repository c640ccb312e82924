import { createServer, type Server } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { AppInstance } from '../../modules/types.js';
import type { Logger } from 'pino';
import type { RedisClientType } from 'redis';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { migrationFiles, queryRows, type Database } from '../db/client.js';
import type { Metrics } from '../metrics/metrics.js';
import { errorBody } from '../../lib/errors.js';
import {
  ErrorAnswer,
  HealthAnswer,
  MetricsText,
  NotReadyAnswer,
  ReadyAnswer,
  type ReadinessChecks,
} from '@jara/shared';

/** A dependency that does not answer within this is reported unreachable (probes must not hang). */
const CHECK_TIMEOUT_MS = 2_000;

function withTimeout<T>(p: Promise<T>, ms = CHECK_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), ms);
    }),
  ]);
}

interface Readiness {
  ready: boolean;
  checks: ReadinessChecks;
}

/**
 * Whether this instance can serve: database reachable with every migration it knows applied.
 * Redis is reported but does not decide it: without Redis an instance serves on its own
 * (decision 0018), and taking every instance out of rotation for it would stop the whole site.
 */
async function readiness(
  database: Database,
  redis: RedisClientType | null,
  expectedMigrations: string[],
): Promise<Readiness> {
  const [migrations, redisState] = await Promise.all([
    withTimeout(queryRows<{ name: string }>(database.db, sql`select name from schema_migrations`)).then(
      (rows) => {
        const applied = new Set(rows.map((r) => r.name));
        return expectedMigrations.every((m) => applied.has(m)) ? ('ok' as const) : ('pending' as const);
      },
      () => null,
    ),
    !redis
      ? Promise.resolve('not used' as const)
      : !redis.isReady
        ? Promise.resolve('unreachable' as const)
        : withTimeout(redis.ping()).then(
            () => 'ok' as const,
            () => 'unreachable' as const,
          ),
  ]);
  const checks: Readiness['checks'] = {
    database: migrations ? 'ok' : 'unreachable',
    migrations: migrations ?? 'unknown',
    redis: redisState,
  };
  return { ready: checks.database === 'ok' && checks.migrations === 'ok', checks };
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '');
  const want = Buffer.from(token);
  return given.length === want.length && timingSafeEqual(given, want);
}

/**
 * The operator's view on the application's own port: `/api/health` (the process is alive; no
 * dependency is asked), `/api/ready` (it can serve: for load balancers and rolling deploys),
 * `/metrics` (Prometheus; outside production open, in production only with METRICS_TOKEN, and
 * not here at all when METRICS_PORT gives it a port of its own).
 */
export function registerOps(
  app: AppInstance,
  deps: { config: Config; database: Database; redis: RedisClientType | null; metrics: Metrics },
): void {
  const { config, database, redis, metrics } = deps;
  const expected = migrationFiles();

  app.get(
    '/api/health',
    { schema: { hide: true, response: { 200: HealthAnswer } }, config: { access: 'public' } },
    async () => ({ success: true as const, status: 'ok' as const }),
  );

  app.get(
    '/api/ready',
    { schema: { hide: true, response: { 200: ReadyAnswer, 503: NotReadyAnswer } }, config: { access: 'public' } },
    async (_req, reply) => {
      const r = await readiness(database, redis, expected);
      reply.header('cache-control', 'no-store');
      if (r.ready) return { success: true as const, status: 'ready' as const, checks: r.checks };
      const failing = Object.entries(r.checks)
        .filter(([, v]) => v !== 'ok' && v !== 'not used')
        .map(([k, v]) => `${k} ${v}`);
      return reply
        .status(503)
        .send({ ...errorBody('not_ready', `Not ready: ${failing.join(', ')}.`), checks: r.checks });
    },
  );

  if (config.metrics.enabled && !config.metrics.port) {
    const response = { 200: MetricsText, 401: ErrorAnswer };
    app.get('/metrics', { schema: { hide: true, response }, config: { access: 'public' } }, async (req, reply) => {
      if (config.metrics.token && !bearerMatches(req.headers.authorization, config.metrics.token)) {
        reply.header('www-authenticate', 'Bearer');
        return reply.status(401).send(errorBody('unauthorized', 'A metrics token is required.'));
      }
      const { body, contentType } = await metrics.render();
      return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
    });
  }
}

/** `/metrics` on METRICS_PORT, away from the public port (the proxy never forwards it). */
export async function startMetricsServer(config: Config, metrics: Metrics, log: Logger): Promise<Server | null> {
  const { port, host, token } = config.metrics;
  if (!port) return null;
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    if (token && !bearerMatches(req.headers.authorization, token)) {
      res.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
      return;
    }
    metrics.render().then(
      ({ body, contentType }) =>
        res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body),
      (err: unknown) => {
        log.error({ err }, 'metrics scrape failed');
        res.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  log.info({ port, host }, 'metrics listening');
  return server;
}
