import { AsyncResource } from 'node:async_hooks';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import { queryRows, type Db, type Executor } from '../db/client.js';
import { jobs } from '../db/tables.js';

/** A payload is stored as JSON: its schema describes a JSON object, the same going in and coming out. */
export type PayloadSchema = z.ZodType<Record<string, unknown>>;

/**
 * A kind of job: its name in the jobs table and its payload's schema. Enqueueing checks the
 * payload against it (by type, and again when it is written); the worker parses what it reads
 * back with it before the handler sees it.
 */
export interface JobKind<S extends PayloadSchema = PayloadSchema> {
  readonly kind: string;
  readonly payload: S;
}

export function jobKind<S extends PayloadSchema>(kind: string, payload: S): JobKind<S> {
  return { kind, payload };
}

/** The kind of a scheduled job: no payload. */
export const noPayload = z.strictObject({});

export type JobHandler<S extends PayloadSchema = PayloadSchema> = (
  payload: z.output<S>,
  job: { id: number; attempts: number },
) => Promise<void> | void;

/** A payload its kind's schema refuses: a mistake in the code, never retried. */
class InvalidJobPayload extends Error {
  constructor(kind: string, error: z.ZodError) {
    super(`invalid payload for job ${kind}: ${z.prettifyError(error).replace(/\n/g, '; ')}`);
    this.name = 'InvalidJobPayload';
  }
}

function parsePayload<S extends PayloadSchema>(job: JobKind<S>, payload: unknown): z.output<S> {
  const parsed = job.payload.safeParse(payload);
  if (!parsed.success) throw new InvalidJobPayload(job.kind, parsed.error);
  return parsed.data;
}

export interface EnqueueOptions {
  runAt?: Date;
  /** A second job with the same key is ignored (idempotent side effects). */
  dedupeKey?: string;
  maxAttempts?: number;
}

/**
 * Writes a job in the caller's transaction after checking its payload, without waking the
 * worker (helpers that only have a transaction; the worker polls).
 */
export async function insertJob<S extends PayloadSchema>(
  ex: Executor,
  job: JobKind<S>,
  payload: z.input<S>,
  opts: EnqueueOptions = {},
): Promise<void> {
  await ex
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: parsePayload(job, payload),
      runAt: opts.runAt ?? new Date(),
      dedupeKey: opts.dedupeKey ?? null,
      maxAttempts: opts.maxAttempts ?? 8,
    })
    .onConflictDoNothing({ target: jobs.dedupeKey });
}

/**
 * Durable jobs: written in the same transaction as the change that causes them, run by a
 * worker with retries and exponential backoff; they survive a restart.
 *
 * Several instances share one table: a job is claimed with FOR UPDATE SKIP LOCKED and held by a
 * lease that its worker renews while the handler runs, so a long job is not claimed again by
 * another instance. A worker that dies stops renewing; its job is claimed again once the lease
 * runs out. The claim's attempt number fences the outcome: a worker whose lease was taken over
 * cannot mark the job done or failed.
 */
export class JobQueue {
  /** The registry: each kind run here, with its schema and handler. */
  private handlers = new Map<string, { job: JobKind; handler: JobHandler }>();
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private stopped = true;
  private kick: (() => void) | null = null;
  /** Told of every failed run (metrics); `final` when no retry is left. */
  onFailure: ((kind: string, final: boolean) => void) | null = null;

  private schedules = new Map<JobKind, number>();
  private nextOffer = 0;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    private readonly pollMs = 500,
    /** How long a claim holds without renewal; renewed every third of it while the handler runs. */
    private readonly leaseMs = 120_000,
  ) {}

  /**
   * Runs `kind` once per `everyMs` slot (aligned to the epoch), however many instances run: every
   * worker offers the current slot's job and the dedupe key `<kind>:<slot>` keeps one. Offered
   * again every half minute, so a run that failed for good does not end the schedule.
   */
  schedule(job: JobKind<typeof noPayload>, everyMs: number): void {
    this.schedules.set(job, everyMs);
  }

  /** Enqueues the current slot's job of every schedule (a no-op for slots already there). */
  async offerSchedules(now = new Date()): Promise<void> {
    for (const [job, everyMs] of this.schedules) {
      const slot = Math.floor(now.getTime() / everyMs);
      await this.enqueue(this.db, job, {}, { runAt: new Date(slot * everyMs), dedupeKey: `${job.kind}:${slot}` });
    }
  }

  /** Runs jobs of this kind here; the handler gets the payload as its kind's schema parsed it. */
  register<S extends PayloadSchema>(job: JobKind<S>, handler: JobHandler<S>): void {
    if (this.handlers.has(job.kind)) throw new Error(`job handler ${job.kind} registered twice`);
    this.handlers.set(job.kind, { job, handler: handler as JobHandler });
  }

  /** Writes a job (usually in the transaction of the change that causes it); a payload its schema refuses throws. */
  async enqueue<S extends PayloadSchema>(
    ex: Executor,
    job: JobKind<S>,
    payload: z.input<S>,
    opts: EnqueueOptions = {},
  ): Promise<void> {
    await insertJob(ex, job, payload, opts);
    this.kick?.();
  }

  /** Claims and runs one due job; false when none is due. */
  async runOne(): Promise<boolean> {
    const claimed = await queryRows<{
      id: number;
      kind: string;
      payload: Record<string, unknown>;
      attempts: number;
      max_attempts: number;
    }>(
      this.db,
      sql`
      UPDATE jobs SET locked_until = now() + make_interval(secs => ${this.leaseMs / 1000}), attempts = attempts + 1
      WHERE id = (
        SELECT id FROM jobs
        WHERE done_at IS NULL AND failed_at IS NULL AND run_at <= now()
          AND (locked_until IS NULL OR locked_until < now())
        ORDER BY run_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id, kind, payload, attempts, max_attempts`,
    );
    const job = claimed[0];
    if (!job) return false;
    const id = Number(job.id);
    const registered = this.handlers.get(job.kind);
    // Only the claim that is still current may settle the job.
    const ours = and(eq(jobs.id, id), eq(jobs.attempts, job.attempts), isNull(jobs.doneAt), isNull(jobs.failedAt));
    const renew = setInterval(() => {
      this.db
        .update(jobs)
        .set({ lockedUntil: sql`now() + make_interval(secs => ${this.leaseMs / 1000})` })
        .where(ours)
        .returning({ id: jobs.id })
        .then((rows) => {
          if (!rows.length)
            this.log.warn({ jobId: id, kind: job.kind }, 'job lease lost: another worker has claimed it');
        })
        .catch(() => undefined); // the database is away: the next renewal tries again
    }, this.leaseMs / 3);
    try {
      if (!registered) throw new Error(`no handler for job kind ${job.kind}`);
      await registered.handler(parsePayload(registered.job, job.payload), { id, attempts: job.attempts });
      clearInterval(renew);
      const done = await this.db
        .update(jobs)
        .set({ doneAt: new Date(), lockedUntil: null })
        .where(ours)
        .returning({ id: jobs.id });
      if (!done.length) this.log.warn({ jobId: id, kind: job.kind }, 'job finished after its lease was taken over');
    } catch (err) {
      clearInterval(renew);
      const message = err instanceof Error ? err.message : String(err);
      // A payload its schema refuses will not be any better next time.
      const final = job.attempts >= job.max_attempts || err instanceof InvalidJobPayload;
      const backoffMs = Math.min(60 * 60_000, 1000 * 2 ** job.attempts);
      this.log.warn(
        { jobId: id, kind: job.kind, attempts: job.attempts, err: message },
        final ? 'job failed for good' : 'job failed, will retry',
      );
      this.onFailure?.(job.kind, final);
      await this.db
        .update(jobs)
        .set({
          lastError: message.slice(0, 2000),
          lockedUntil: null,
          runAt: new Date(Date.now() + backoffMs),
          failedAt: final ? new Date() : null,
        })
        .where(ours);
    }
    return true;
  }

  /** Runs due jobs until none is left (tests, CLI). */
  async drain(limit = 1000): Promise<number> {
    let n = 0;
    while (n < limit && (await this.runOne())) n++;
    return n;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    // Bound to start()'s context: kick() is called from enqueue(), usually inside a transaction,
    // and a timer set there would run every later job "inside" it (async context is inherited),
    // so provider calls in handlers would be refused as if a transaction were open.
    const loop = AsyncResource.bind(async () => {
      if (this.stopped || this.running) return;
      this.running = true;
      try {
        if (this.schedules.size && Date.now() >= this.nextOffer) {
          // Every half minute, or every slot when a schedule is shorter (tests shorten them).
          this.nextOffer = Date.now() + Math.min(30_000, ...this.schedules.values());
          await this.offerSchedules();
        }
        while (!this.stopped && (await this.runOne())) {
          /* keep going while there is work */
        }
      } catch (err) {
        this.log.error({ err }, 'job worker error');
      } finally {
        this.running = false;
      }
      if (!this.stopped) this.timer = setTimeout(tick, this.pollMs);
    });
    const tick = () => void loop();
    this.kick = () => {
      if (this.timer && !this.running) {
        clearTimeout(this.timer);
        this.timer = setTimeout(tick, 0);
      }
    };
    this.timer = setTimeout(tick, 0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.kick = null;
    if (this.timer) clearTimeout(this.timer);
    while (this.running) await new Promise((r) => setTimeout(r, 20));
  }
}
