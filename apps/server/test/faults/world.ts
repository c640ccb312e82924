/**
 * The fault suite's world: one PostgreSQL database (TEST_DATABASE_URL), the local Paystack with
 * its ledger, a local SMTP server, and the server as a real child process (`npm start`'s
 * src/main.ts) that can be armed to SIGKILL itself at a checkpoint, killed and restarted on the
 * same data. An in-process app on the same database makes the test's accounts (factories).
 */
import { sql } from 'drizzle-orm';
import { vi } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { queryRows } from '../../src/infra/db/client.js';
import type { Checkpoint } from '../../src/infra/faults/checkpoints.js';
import { buildTestApp, freshDatabase, type TestApp } from '../helpers.js';
import { startInstance, waitFor, type Instance } from '../instances.js';
import { startLocalPaystack, type LocalPaystack } from '../local-paystack.js';
import { checkInvariants } from './invariants.js';

/** A small seeded generator (mulberry32): the same seed replays the same run. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Answer {
  /** 0: no answer (the connection died or timed out). */
  status: number;
  body: Record<string, any>;
}

/** A local SMTP server that records each delivery's Message-Id; it can be taken down and back. */
export class SmtpSink {
  readonly deliveries: { messageId: string; raw: string }[] = [];
  port = 0;
  private server: SMTPServer | null = null;

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, _session, cb) => {
        let raw = '';
        stream.on('data', (c: Buffer) => (raw += c.toString()));
        stream.on('end', () => {
          const messageId = /^message-id:\s*(\S+)/im.exec(raw)?.[1] ?? '';
          this.deliveries.push({ messageId, raw });
          cb();
        });
      },
    });
    server.on('error', () => undefined);
    await new Promise<void>((r) => server.listen(this.port, '127.0.0.1', r));
    this.port = (server.server.address() as { port: number }).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const s = this.server;
    this.server = null;
    if (s) await new Promise<void>((r) => s.close(() => r()));
  }
}

export class World {
  server: Instance | null = null;
  /** Every server process this world started (for the report on a failure). */
  readonly logs: string[] = [];

  private constructor(
    readonly provider: LocalPaystack,
    readonly smtp: SmtpSink,
    readonly app: TestApp,
    readonly databaseUrl: string,
    private readonly cleanup: () => Promise<void>,
  ) {}

  static async create(): Promise<World> {
    const fresh = await freshDatabase();
    if (!fresh.url) throw new Error('the fault suite needs TEST_DATABASE_URL (a PostgreSQL server)');
    const provider = await startLocalPaystack();
    const smtp = new SmtpSink();
    await smtp.start();
    // Migrations run here once; the children find them applied.
    const app = await buildTestApp(
      { PAYMENT_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: provider.secret, PAYSTACK_BASE_URL: provider.baseUrl },
      fresh.database,
    );
    return new World(provider, smtp, app, fresh.url, async () => {
      await app.close();
      await fresh.database.close();
      await fresh.drop();
    });
  }

  /** The child's environment: short intervals so reconciliation and retries happen within a run. */
  env(extra: Record<string, string> = {}): Record<string, string> {
    return {
      NODE_ENV: 'test',
      DATABASE_URL: this.databaseUrl,
      SEED_DEMO: 'false',
      PAYMENT_PROVIDER: 'paystack',
      PAYSTACK_SECRET_KEY: this.provider.secret,
      PAYSTACK_BASE_URL: this.provider.baseUrl,
      PAYSTACK_TIMEOUT_MS: '2000',
      SMTP_URL: `smtp://127.0.0.1:${this.smtp.port}`,
      JOBS_POLL_MS: '100',
      JOBS_LEASE_MS: '2000',
      RECONCILE_EVERY_MS: '1000',
      RECONCILE_AFTER_MS: '2000',
      ...extra,
    };
  }

  /** Starts the server (armed at `checkpoint` if given) and waits until it answers /api/health. */
  async start(
    checkpoint?: Checkpoint | `${Checkpoint}:${number}`,
    extra: Record<string, string> = {},
  ): Promise<Instance> {
    if (this.server && this.server.child.exitCode === null && this.server.child.signalCode === null)
      throw new Error('a server is already running');
    const server = await startInstance(
      this.env({ ...(checkpoint ? { JARA_FAULT_CHECKPOINT: checkpoint } : {}), ...extra }),
    );
    this.server = server;
    await waitFor(server, '/api/health', 60_000);
    this.provider.webhookUrl = server.url;
    return server;
  }

  /** Waits for the server to die at its checkpoint; returns the signal it died of. */
  async died(timeoutMs = 30_000): Promise<NodeJS.Signals | null> {
    const s = this.server!;
    const timer = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), timeoutMs).unref());
    const r = await Promise.race([s.exited(), timer]);
    if (r === 'timeout') throw new Error(`the server did not die within ${timeoutMs} ms:\n${s.output().slice(-3000)}`);
    this.logs.push(s.output());
    return s.child.signalCode;
  }

  async stop(): Promise<void> {
    if (this.server) {
      await this.server.stop();
      this.logs.push(this.server.output());
    }
    this.server = null;
  }

  /** One HTTP call as the web app makes it (cookie, same-origin Origin); status 0 when nothing answered. */
  async call(
    method: 'GET' | 'POST',
    path: string,
    cookie?: string,
    body?: unknown,
    timeoutMs = 10_000,
  ): Promise<Answer> {
    const s = this.server!;
    try {
      const res = await fetch(s.url + path, {
        method,
        headers: {
          ...(cookie ? { cookie } : {}),
          origin: s.url,
          // A form (FormData) sets its own multipart type.
          ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await res.text();
      let parsed: Record<string, any> = {};
      try {
        parsed = JSON.parse(text) as Record<string, any>;
      } catch {
        parsed = { text };
      }
      return { status: res.status, body: parsed };
    } catch (err) {
      return { status: 0, body: { error: (err as Error).message } };
    }
  }

  async rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    return queryRows<T>(this.app.ctx.db, query);
  }

  /**
   * Waits until the books agree and nothing is left to settle (jobs done, payments closed,
   * webhooks delivered); returns the violations left at the deadline (none: all healed).
   */
  async settle(timeoutMs = 45_000): Promise<string[]> {
    let last: string[] = [];
    const settled = await vi
      .waitFor(
        async () => {
          const open = await this.rows<{ n: number }>(sql`
        SELECT (SELECT count(*) FROM payments WHERE state IN ('initializing', 'awaiting'))
             + (SELECT count(*) FROM jobs WHERE done_at IS NULL AND failed_at IS NULL AND run_at <= now() AND kind <> 'payments.reconcile')
             + (SELECT count(*) FROM payouts WHERE state = 'processing') AS n`);
          last = await checkInvariants(this.app.ctx.db, this.provider.ledger(), {
            settled: true,
            mailDeliveries: this.smtp.deliveries.map((d) => d.messageId),
          });
          if (Number(open[0]!.n) !== 0 || last.length || this.provider.pendingWebhooks())
            throw new Error('not settled');
        },
        { timeout: timeoutMs, interval: 250 },
      )
      .then(
        () => true,
        () => false,
      );
    if (settled) return [];
    const jobs = await this.rows<{ kind: string; attempts: number; last_error: string | null; run_at: Date }>(sql`
      SELECT kind, attempts, last_error, run_at FROM jobs WHERE done_at IS NULL AND kind <> 'payments.reconcile' ORDER BY id`);
    const detail = jobs.map(
      (j) => `open job ${j.kind} (attempts ${j.attempts}, due ${j.run_at.toISOString()}): ${j.last_error ?? ''}`,
    );
    return [
      ...(last.length
        ? last
        : ['did not settle in time (open payments, due jobs, processing payouts or undelivered webhooks)']),
      ...detail,
    ];
  }

  async close(): Promise<void> {
    await this.stop();
    await this.provider.close();
    await this.smtp.stop();
    await this.cleanup();
  }
}
