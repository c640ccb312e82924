import type { Logger } from 'pino';
import type { Db } from '../../infra/db/client.js';
import { jobKind, noPayload, type JobQueue } from '../../infra/jobs/jobs.js';
import * as repo from './payments.repo.js';
import { OPEN, type Settlement } from './settlement.js';

/** The periodic reconciliation. */
const RECONCILE_JOB = jobKind('payments.reconcile', noPayload);

/** Attempts whose news never came (no webhook, no return to /loader) are asked about on a schedule. */
export class Reconciliation {
  constructor(
    private readonly opts: {
      db: Db;
      log: Logger;
      jobs: JobQueue;
      settlement: Settlement;
      /** Attempts open this long are verified (RECONCILE_AFTER_MS). */
      afterMs: number;
      everyMs: number;
    },
  ) {
    opts.jobs.register(RECONCILE_JOB, async () => {
      await this.reconcile();
    });
    // Once per slot across all instances, and offered again by every worker so it never lapses.
    opts.jobs.schedule(RECONCILE_JOB, opts.everyMs);
  }

  /**
   * Verifies attempts left open for a while: paid at the provider → fulfilled once; never handed
   * to the customer (initializing) → abandoned; awaiting → abandoned after a day. Reschedules itself.
   */
  async reconcile(now = new Date()): Promise<number> {
    const stale = await repo.listOpen(this.opts.db, new Date(now.getTime() - this.opts.afterMs), 200);
    let settled = 0;
    for (const p of stale) {
      try {
        const r = await this.opts.settlement.verifyPayment(p);
        if (!OPEN.includes(r.state)) settled++;
      } catch (err) {
        this.opts.log.error({ err, reference: p.reference }, 'reconciliation failed for a payment');
      }
    }
    await this.schedule(new Date(now.getTime() + this.opts.everyMs));
    return settled;
  }

  /** One reconciliation run per slot (10 minutes by default), however many instances ask. */
  async schedule(at = new Date()): Promise<void> {
    const every = this.opts.everyMs;
    const slot = Math.floor(at.getTime() / every);
    await this.opts.jobs.enqueue(
      this.opts.db,
      RECONCILE_JOB,
      {},
      { runAt: new Date(slot * every), dedupeKey: `${RECONCILE_JOB.kind}:${slot}` },
    );
  }
}
