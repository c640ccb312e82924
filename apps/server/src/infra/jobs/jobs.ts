import { and, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { queryRows, type Db, type Executor } from '../db/client.js';
import { jobs } from '../db/schema.js';

export type JobHandler = (payload: Record<string, unknown>, job: { id: number; attempts: number }) => Promise<void>;

export interface EnqueueOptions {
  runAt?: Date;
  /** A second job with the same key is ignored (idempotent side effects). */
  dedupeKey?: string;
  maxAttempts?: number;
}

/**
 * Durable jobs: written in the same transaction as the change that causes them, run by a
 * worker with retries and exponential backoff; they survive a restart.
 */
export class JobQueue {
  private handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private stopped = true;
  private kick: (() => void) | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    private readonly pollMs = 500,
  ) {}

  register(kind: string, handler: JobHandler): void {
    if (this.handlers.has(kind)) throw new Error(`job handler ${kind} registered twice`);
    this.handlers.set(kind, handler);
  }

  async enqueue(ex: Executor, kind: string, payload: Record<string, unknown>, opts: EnqueueOptions = {}): Promise<void> {
    await ex
      .insert(jobs)
      .values({
        kind,
        payload,
        runAt: opts.runAt ?? new Date(),
        dedupeKey: opts.dedupeKey ?? null,
        maxAttempts: opts.maxAttempts ?? 8,
      })
      .onConflictDoNothing({ target: jobs.dedupeKey });
    this.kick?.();
  }

  /** Claims and runs one due job; false when none is due. */
  async runOne(): Promise<boolean> {
    const claimed = await queryRows<{ id: number; kind: string; payload: Record<string, unknown>; attempts: number; max_attempts: number }>(this.db, sql`
      UPDATE jobs SET locked_until = now() + interval '2 minutes', attempts = attempts + 1
      WHERE id = (
        SELECT id FROM jobs
        WHERE done_at IS NULL AND failed_at IS NULL AND run_at <= now()
          AND (locked_until IS NULL OR locked_until < now())
        ORDER BY run_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id, kind, payload, attempts, max_attempts`);
    const job = claimed[0];
    if (!job) return false;
    const id = Number(job.id);
    const handler = this.handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job.payload, { id, attempts: job.attempts });
      await this.db.update(jobs).set({ doneAt: new Date(), lockedUntil: null }).where(eq(jobs.id, id));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const final = job.attempts >= job.max_attempts;
      const backoffMs = Math.min(60 * 60_000, 1000 * 2 ** job.attempts);
      this.log.warn({ jobId: id, kind: job.kind, attempts: job.attempts, err: message }, final ? 'job failed for good' : 'job failed, will retry');
      await this.db
        .update(jobs)
        .set({
          lastError: message.slice(0, 2000),
          lockedUntil: null,
          runAt: new Date(Date.now() + backoffMs),
          failedAt: final ? new Date() : null,
        })
        .where(and(eq(jobs.id, id)));
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
    const loop = async () => {
      if (this.stopped || this.running) return;
      this.running = true;
      try {
        while (!this.stopped && (await this.runOne())) {
          /* keep going while there is work */
        }
      } catch (err) {
        this.log.error({ err }, 'job worker error');
      } finally {
        this.running = false;
      }
      if (!this.stopped) this.timer = setTimeout(loop, this.pollMs);
    };
    this.kick = () => {
      if (this.timer && !this.running) {
        clearTimeout(this.timer);
        this.timer = setTimeout(loop, 0);
      }
    };
    this.timer = setTimeout(loop, 0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.kick = null;
    if (this.timer) clearTimeout(this.timer);
    while (this.running) await new Promise((r) => setTimeout(r, 20));
  }
}
