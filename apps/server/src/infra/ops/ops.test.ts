import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { openPostgres, queryRows, type Database } from '../db/client.js';
import { buildTestApp, createUser, freshDatabase, json, webDist, type TestApp } from '../../../test/helpers.js';
import { freePort } from '../../../test/instances.js';
import { TcpProxy, viaProxy } from '../../../test/tcp-proxy.js';
import { startMetricsServer } from './ops.js';
import { jobKind, noPayload } from '../jobs/jobs.js';
import type { HealthAnswer, NotReadyAnswer, ReadyAnswer } from '@jara/shared';

/** `/api/ready` answers 200 (ready) or 503 (not ready); both list the checks. */
type ReadinessAnswer = ReadyAnswer | NotReadyAnswer;

// With a web build present, as in production: /metrics must not fall back to the page shell.
const PRODUCTION = {
  WEB_DIST: webDist(),
  NODE_ENV: 'production',
  PAYSTACK_SECRET_KEY: 'sk_live_not_used_here',
  PUBLIC_URL: 'https://jara.example.ng',
};
const TOKEN = 'a-metrics-token-of-32-characters';

/** The value of one sample line, e.g. `jara_jobs_due{kind="x"}`; undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function waitUntil(check: () => Promise<boolean>, timeout = 20_000): Promise<void> {
  await expect.poll(check, { timeout, interval: 200 }).toBe(true);
}

describe('health, readiness and metrics', () => {
  let app: TestApp;
  let database: Database;
  const others: TestApp[] = [];
  beforeAll(async () => {
    // Mail goes to a port where nothing listens, so deliveries fail.
    app = await buildTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    database = app.ctx.database;
  });
  afterAll(async () => {
    for (const o of others) await o.close();
    await app.closeAll();
  });

  it('/api/health says the process is alive; /api/ready lists what was checked', async () => {
    expect(json<HealthAnswer>(await app.inject({ url: '/api/health' }))).toEqual({ success: true, status: 'ok' });
    const ready = await app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(json<ReadyAnswer>(ready)).toEqual({
      success: true,
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', redis: process.env.REDIS_URL ? 'ok' : 'not used' },
    });
  });

  it('/api/ready is 503 while a migration this instance knows is not applied', async () => {
    const [last] = await queryRows<{ name: string }>(
      app.ctx.db,
      sql`select name from schema_migrations order by name desc limit 1`,
    );
    await app.ctx.db.execute(sql`delete from schema_migrations where name = ${last!.name}`);
    try {
      const res = await app.inject({ url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(json<NotReadyAnswer>(res)).toMatchObject({
        success: false,
        code: 'not_ready',
        message: 'Not ready: migrations pending.',
        checks: { database: 'ok', migrations: 'pending' },
      });
    } finally {
      await app.ctx.db.execute(sql`insert into schema_migrations(name) values (${last!.name})`);
    }
    expect((await app.inject({ url: '/api/ready' })).statusCode).toBe(200);
  });

  it('/metrics: latency by route pattern, queue depth and age, payments by state, delivery failures, sockets', async () => {
    await app.inject({ url: '/api/seller/vendor/v-1' });
    await app.inject({ url: '/api/seller/vendor/v-2' });
    await app.inject({ url: '/no/such/path' });
    const { user } = await createUser(app);
    await app.ctx.db
      .execute(sql`insert into payments (reference, user_id, purpose, subject_id, amount_kobo, provider, state, created_at)
      values (${`m-${randomUUID()}`}, ${user.id}, 'order', ${randomUUID()}, 150000, 'sandbox', 'awaiting', now() - interval '90 seconds'),
             (${`m-${randomUUID()}`}, ${user.id}, 'order', ${randomUUID()}, 150000, 'sandbox', 'paid', now())`);
    await app.ctx.jobs.enqueue(
      app.ctx.db,
      jobKind('ops.test', noPayload),
      {},
      { runAt: new Date(Date.now() - 60_000) },
    );
    await app.ctx.mailer.send(app.ctx.db, { to: 'ada@example.com', subject: 'Hello', text: 'Hi' });
    // Runs every due job: the mail job fails (no SMTP server), ops.test fails (no handler); both wait for a retry.
    await app.ctx.jobs.drain();

    const res = await app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    // Two requests to one pattern are one series, labelled by the pattern, not the raw path.
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="GET",route="/api/seller/vendor/:vendorId",status_code="404"}',
      ),
    ).toBe(2);
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/seller\/vendor\/:vendorId",status_code="404"\} \d+/,
    );
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}')).toBe(
      1,
    );
    expect(text).not.toContain('v-1');
    expect(sample(text, 'jara_payments_last_24h{state="awaiting"}')).toBe(1);
    expect(sample(text, 'jara_payments_last_24h{state="paid"}')).toBe(1);
    expect(sample(text, 'jara_payments_last_24h{state="failed"}')).toBe(0);
    expect(sample(text, 'jara_payments_awaiting')).toBe(1);
    expect(sample(text, 'jara_payments_awaiting_oldest_seconds')).toBeGreaterThanOrEqual(89);
    expect(sample(text, 'jara_delivery_failures_total{channel="mail"}')).toBe(1);
    expect(sample(text, 'jara_job_failures_total{kind="mail.send",final="false"}')).toBe(1);
    expect(sample(text, 'jara_job_failures_total{kind="ops.test",final="false"}')).toBe(1);
    // Both jobs failed once and wait for their retry: not due now, so the queue shows none due.
    expect(sample(text, 'jara_jobs_due{kind="mail.send"}')).toBeUndefined();
    expect(sample(text, 'jara_db_up')).toBe(1);
    expect(sample(text, 'jara_socketio_connections')).toBe(0);
    expect(sample(text, 'jara_http_open_connections')).toBe(0);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    if (database.kind === 'postgres') expect(sample(text, 'jara_db_pool_connections{state="max"}')).toBe(5);

    await app.ctx.jobs.enqueue(
      app.ctx.db,
      jobKind('ops.waiting', noPayload),
      {},
      { runAt: new Date(Date.now() - 30_000) },
    );
    const again = (await app.inject({ url: '/metrics' })).body;
    expect(sample(again, 'jara_jobs_due{kind="ops.waiting"}')).toBe(1);
    expect(sample(again, 'jara_jobs_oldest_due_seconds{kind="ops.waiting"}')).toBeGreaterThanOrEqual(29);
  });

  it('in production /metrics is not public: off without a token or port, bearer token required with one', async () => {
    const closed = await buildTestApp(PRODUCTION, database);
    others.push(closed);
    expect((await closed.inject({ url: '/metrics' })).statusCode).toBe(404);

    const tokened = await buildTestApp({ ...PRODUCTION, METRICS_TOKEN: TOKEN }, database);
    others.push(tokened);
    const anonymous = await tokened.inject({ url: '/metrics' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['www-authenticate']).toBe('Bearer');
    expect((await tokened.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } })).statusCode).toBe(
      401,
    );
    const ok = await tokened.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('http_request_duration_seconds_bucket');
  });

  it('METRICS_PORT serves /metrics on its own port and not on the public one', async () => {
    const port = await freePort();
    const env = { ...PRODUCTION, METRICS_PORT: String(port), METRICS_HOST: '127.0.0.1' };
    const separate = await buildTestApp(env, database);
    others.push(separate);
    expect((await separate.inject({ url: '/metrics' })).statusCode).toBe(404);
    const server = await startMetricsServer(loadConfig(env), separate.ctx.metrics, separate.ctx.log);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('jara_jobs_due');
      expect((await fetch(`http://127.0.0.1:${port}/api/ready`)).status).toBe(404);
    } finally {
      server!.close();
    }
  });

  it('the metrics settings are validated', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: use at least 16 characters/);
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(/METRICS_PORT: must differ from PORT/);
    expect(() => loadConfig({ METRICS_PORT: 'x' })).toThrow(/METRICS_PORT/);
    expect(loadConfig(PRODUCTION).metrics.enabled).toBe(false);
    expect(loadConfig({}).metrics.enabled).toBe(true);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('/api/ready when PostgreSQL goes away and comes back', () => {
  it('turns 503 while the database is unreachable and 200 again once it is back, without a restart', async () => {
    const fresh = await freshDatabase();
    const target = new URL(fresh.url!);
    const proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    await proxy.start();
    const database = await openPostgres(viaProxy(fresh.url!, proxy.port), 5);
    const app = await buildTestApp({}, database);
    try {
      expect((await app.inject({ url: '/api/ready' })).statusCode).toBe(200);

      await proxy.stop();
      const down = await app.inject({ url: '/api/ready' });
      expect(down.statusCode).toBe(503);
      expect(json<NotReadyAnswer>(down)).toMatchObject({
        success: false,
        code: 'not_ready',
        message: 'Not ready: database unreachable, migrations unknown.',
        checks: { database: 'unreachable' },
      });
      // Alive all the same: a process manager must not restart it for this.
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
      expect(sample((await app.inject({ url: '/metrics' })).body, 'jara_db_up')).toBe(0);

      await proxy.start();
      await waitUntil(async () => (await app.inject({ url: '/api/ready' })).statusCode === 200);
      expect(sample((await app.inject({ url: '/metrics' })).body, 'jara_db_up')).toBe(1);
    } finally {
      await app.close();
      await database.close();
      await proxy.stop();
      await fresh.database.close();
      await fresh.drop();
    }
  }, 120_000);
});

describe.skipIf(!process.env.REDIS_URL)('/api/ready when Redis goes away and comes back', () => {
  it('stays ready (the instance serves on its own) and reports Redis unreachable, then ok once it is back', async () => {
    const target = new URL(process.env.REDIS_URL!);
    const proxy = new TcpProxy(target.hostname, Number(target.port || 6379));
    await proxy.start();
    const app = await buildTestApp({ REDIS_URL: viaProxy(process.env.REDIS_URL!, proxy.port) });
    try {
      expect(json<ReadinessAnswer>(await app.inject({ url: '/api/ready' })).checks.redis).toBe('ok');
      await proxy.stop();
      await waitUntil(
        async () => json<ReadinessAnswer>(await app.inject({ url: '/api/ready' })).checks.redis === 'unreachable',
      );
      const down = await app.inject({ url: '/api/ready' });
      expect(down.statusCode).toBe(200);
      expect(json<ReadyAnswer>(down)).toMatchObject({
        status: 'ready',
        checks: { database: 'ok', redis: 'unreachable' },
      });
      await proxy.start();
      await waitUntil(async () => json<ReadinessAnswer>(await app.inject({ url: '/api/ready' })).checks.redis === 'ok');
    } finally {
      await app.closeAll();
      await proxy.stop();
    }
  }, 120_000);
});
