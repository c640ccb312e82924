import type { Server } from 'node:http';
import { sql } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Server as IoServer } from 'socket.io';
import { queryRows, type Database } from '../db/client.js';

export interface MetricsSources {
  database: Database;
  http: Server;
  io: IoServer;
}

/** How long a scrape may wait for the database before it reports what it has. */
const DB_SCRAPE_TIMEOUT_MS = 2_000;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    }),
  ]);
}

/**
 * The Prometheus metrics of one instance. Per request only a histogram observation is made (a
 * counter for a revalidation answered early);
 * everything read from the database (queue depth, payments) is gathered when scraped, with one
 * round of queries per scrape, so the cost follows the scrape interval, not the traffic.
 *
 * Gauges read from the database are the same on every instance: aggregate them with max(),
 * not sum(). Counters and HTTP histograms are per instance: sum() them.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  private readonly deliveryFailures: Counter<'channel'>;
  private readonly jobFailures: Counter<'kind' | 'final'>;
  private readonly early: Counter;

  constructor(private readonly sources: MetricsSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });

    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by route pattern (not the raw path, so ids do not multiply series)',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.deliveryFailures = new Counter({
      name: 'jara_delivery_failures_total',
      help: 'Failed attempts to deliver a message to a person, by channel (mail, push); each is retried by its job',
      labelNames: ['channel'],
      registers,
    });
    this.jobFailures = new Counter({
      name: 'jara_job_failures_total',
      help: 'Failed job runs on this instance by kind; final="true" when no retry is left',
      labelNames: ['kind', 'final'],
      registers,
    });

    this.early = new Counter({
      name: 'jara_http_early_not_modified_total',
      help: 'Revalidations of the catalogue answered 304 before Fastify (not in the request histogram)',
      registers,
    });

    const { database, http, io } = sources;
    new Gauge({
      name: 'jara_socketio_connections',
      help: 'Socket.IO connections open on this instance',
      registers,
      collect() {
        this.set(io.engine.clientsCount);
      },
    });
    new Gauge({
      name: 'jara_http_open_connections',
      help: 'TCP connections open on the HTTP server of this instance',
      registers,
      async collect() {
        this.set(await new Promise<number>((r) => http.getConnections((err, n) => r(err ? 0 : n))));
      },
    });
    new Gauge({
      name: 'jara_db_pool_connections',
      help: 'PostgreSQL pool connections of this instance by state (in use = total - idle; waiting = requests queued for one)',
      labelNames: ['state'],
      registers,
      collect() {
        const s = database.poolStats();
        if (!s) return;
        this.set({ state: 'total' }, s.total);
        this.set({ state: 'idle' }, s.idle);
        this.set({ state: 'in_use' }, s.total - s.idle);
        this.set({ state: 'waiting' }, s.waiting);
        this.set({ state: 'max' }, s.max);
      },
    });

    // The database-derived gauges share one round of queries per scrape: prom-client collects
    // all metrics at once, so each gauge's collect() joins the round already under way.
    let pending: Promise<void> | null = null;
    const round = async () => {
      pending ??= readDatabase()
        .then(() => up.set(1))
        .catch(() => up.set(0))
        .finally(() => (pending = null));
      await pending;
    };
    const dbGauge = <L extends string>(name: string, help: string, labelNames: L[] = []) =>
      new Gauge<L>({ name, help, labelNames, registers, collect: round });
    const up = dbGauge('jara_db_up', '1 when the last scrape could read the database');
    const jobsDue = dbGauge('jara_jobs_due', 'Jobs due and not yet done, by kind (the queue depth)', ['kind']);
    const jobsOldest = dbGauge(
      'jara_jobs_oldest_due_seconds',
      'Age of the oldest due job by kind (how far the workers are behind)',
      ['kind'],
    );
    const jobsFailed = dbGauge('jara_jobs_failed', 'Jobs that failed for good (no retry left), by kind', ['kind']);
    const payments = dbGauge('jara_payments_last_24h', 'Payments started in the last 24 hours by state', ['state']);
    const awaiting = dbGauge('jara_payments_awaiting', 'Payments still awaiting confirmation (any age)');
    const awaitingOldest = dbGauge(
      'jara_payments_awaiting_oldest_seconds',
      'Age of the oldest payment still awaiting confirmation',
    );

    const riderMinutes = dbGauge(
      'jara_rider_minutes_per_order',
      "Rider-minutes per order delivered in the last hour: each trip's time from accept to its last drop (a batch is one trip, decision 0048), over the orders it carried",
    );
    const tripsPerOrder = dbGauge(
      'jara_rider_trips_per_order',
      'Rider trips per order delivered in the last hour (below 1 when orders travel in batches)',
    );

    const readDatabase = async () => {
      const db = database.db;
      const [jobs, failed, pay, wait, trips] = await withTimeout(
        Promise.all([
          queryRows<{ kind: string; n: number; age: number }>(
            db,
            sql`
            select kind, count(*)::int as n, coalesce(extract(epoch from now() - min(run_at)), 0)::float8 as age
            from jobs where done_at is null and failed_at is null and run_at <= now() group by kind`,
          ),
          queryRows<{ kind: string; n: number }>(
            db,
            sql`select kind, count(*)::int as n from jobs where failed_at is not null group by kind`,
          ),
          queryRows<{ state: string; n: number }>(
            db,
            sql`select state, count(*)::int as n from payments where created_at > now() - interval '24 hours' group by state`,
          ),
          queryRows<{ n: number; age: number }>(
            db,
            sql`
            select count(*)::int as n, coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as age from payments where state = 'awaiting'`,
          ),
          queryRows<{ minutes: number; trips: number; orders: number }>(
            db,
            sql`
            with delivered as (
              select o.id, coalesce(o.batch_id, o.id) as trip, o.assigned_at,
                     (select max(i.updated_at) from order_items i where i.order_id = o.id) as done
              from orders o
              where o.assigned_at is not null
                and exists (select 1 from order_items i where i.order_id = o.id and i.status = 'Order Delivered')
                and not exists (select 1 from order_items i where i.order_id = o.id and i.status in ('Order Assigned', 'Order Picked'))),
            trips as (
              select trip, count(*) as n, extract(epoch from max(done) - min(assigned_at)) / 60 as minutes
              from delivered group by trip having max(done) > now() - interval '1 hour')
            select coalesce(sum(minutes), 0)::float8 as minutes, count(*)::int as trips, coalesce(sum(n), 0)::int as orders from trips`,
          ),
        ]),
        DB_SCRAPE_TIMEOUT_MS,
      );
      for (const g of [jobsDue, jobsOldest, jobsFailed]) g.reset();
      for (const r of jobs) {
        jobsDue.set({ kind: r.kind }, Number(r.n));
        jobsOldest.set({ kind: r.kind }, Number(r.age));
      }
      for (const r of failed) jobsFailed.set({ kind: r.kind }, Number(r.n));
      for (const state of ['awaiting', 'paid', 'failed', 'abandoned']) payments.set({ state }, 0);
      for (const r of pay) payments.set({ state: r.state }, Number(r.n));
      awaiting.set(Number(wait[0]?.n ?? 0));
      awaitingOldest.set(Number(wait[0]?.age ?? 0));
      const t = trips[0];
      const delivered = Number(t?.orders ?? 0);
      riderMinutes.set(delivered ? Number(t!.minutes) / delivered : 0);
      tripsPerOrder.set(delivered ? Number(t!.trips) / delivered : 0);
    };
  }

  /** An `onResponse` hook for the root instance: one histogram observation, the only per-request cost. */
  readonly onResponse = (req: FastifyRequest, reply: FastifyReply, done: () => void): void => {
    this.httpDuration.observe(
      { method: req.method, route: req.routeOptions.url ?? 'unmatched', status_code: reply.statusCode },
      reply.elapsedTime / 1000,
    );
    done();
  };

  answeredEarly(): void {
    this.early.inc();
  }

  deliveryFailed(channel: 'mail' | 'push'): void {
    this.deliveryFailures.inc({ channel });
  }

  jobFailed(kind: string, final: boolean): void {
    this.jobFailures.inc({ kind, final: String(final) });
  }

  /** The exposition text and its content type. */
  async render(): Promise<{ body: string; contentType: string }> {
    return { body: await this.registry.metrics(), contentType: this.registry.contentType };
  }
}
