import { z } from 'zod';
import type { Logger } from 'pino';
import type { Db, Tx } from '../../infra/db/client.js';
import { checkpoint } from '../../infra/faults/checkpoints.js';
import { jobKind, type JobQueue } from '../../infra/jobs/jobs.js';
import type { PaymentProvider } from '../../infra/payments/types.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { refundNoteMarker } from './day-records.js';
import * as repo from './payments.repo.js';
import { recordRefundAsked, recordRefundFailed, recordRefundProcessed, type Bearer } from '../ledger/index.js';
import type { Purposes } from './purposes.js';

/** A refund to send to the provider. */
const REFUND_JOB = jobKind('payments.refund', z.object({ refundId: z.string() }));
const REFUND_MAX_ATTEMPTS = 8;

/**
 * Money going back: recorded in the deciding transaction, sent from a job with no transaction
 * open, settled when the provider says so (its answer or its webhook).
 */
export class Refunds {
  constructor(
    private readonly opts: { db: Db; provider: PaymentProvider; log: Logger; jobs: JobQueue; purposes: Purposes },
  ) {
    opts.jobs.register(REFUND_JOB, ({ refundId }, job) => this.send(refundId, job.attempts));
  }

  /** Queues a refund (durable job) for part or all of a paid payment. */
  async refund(tx: Tx, paymentId: string, amountKobo: number, reason: string, bearer?: Bearer): Promise<void> {
    if (!Number.isSafeInteger(amountKobo) || amountKobo <= 0)
      throw badRequest('A refund must be whole kobo above zero.', 'invalid_amount');
    const reserved = await repo.reserveRefund(tx, paymentId, amountKobo);
    if (!reserved) {
      const p = await repo.findPaymentById(tx, paymentId);
      if (!p) throw notFound('Payment not found.');
      if (p.state !== 'paid') throw conflict('Only a paid payment can be refunded.', 'not_paid');
      throw conflict('The refund is more than what is left of the payment.', 'refund_exceeds_payment');
    }
    const refund = await repo.insertRefund(tx, {
      paymentId,
      amountKobo,
      reason: reason.slice(0, 500),
      state: 'pending',
    });
    await recordRefundAsked(tx, refund, { purpose: reserved.purpose, id: reserved.subjectId }, bearer);
    await this.opts.jobs.enqueue(
      tx,
      REFUND_JOB,
      { refundId: refund.id },
      { dedupeKey: `${REFUND_JOB.kind}:${refund.id}`, maxAttempts: REFUND_MAX_ATTEMPTS },
    );
  }

  /**
   * The refund job: the request was recorded with the refund; here the provider is called with
   * no transaction open and its answer stored. A retry after an attempt that may have reached the
   * provider (timeout, crash) asks the provider for it first, so each refund is sent once.
   */
  private async send(refundId: string, attempts: number): Promise<void> {
    const { db, provider, log } = this.opts;
    const refund = await repo.findRefund(db, refundId);
    if (!refund || refund.state !== 'pending' || refund.providerRef) return;
    const payment = await repo.findPaymentById(db, refund.paymentId);
    if (!payment) throw new Error(`refund ${refundId}: payment missing`);
    const marker = refundNoteMarker(refund.id);
    try {
      let r = refund.sentAt
        ? await provider.findRefund({ reference: payment.reference, marker, since: refund.sentAt })
        : null;
      if (r) {
        log.warn(
          { reference: payment.reference, refundId, providerRef: r.providerRef },
          'refund found at the provider after a lost answer; not sent again',
        );
      } else {
        await repo.markRefundSent(db, refund.id);
        r = await provider.refund({
          reference: payment.reference,
          amountKobo: refund.amountKobo,
          note: `${marker} ${refund.reason}`,
        });
        checkpoint('refund-requested');
      }
      await repo.setRefundProviderRef(db, refund.id, r.providerRef);
      if (r.status === 'processed') await this.processed(refund.id, r.providerRef);
      log.info(
        { reference: payment.reference, refundId, amountKobo: refund.amountKobo, status: r.status },
        'refund requested',
      );
    } catch (err) {
      if (attempts >= REFUND_MAX_ATTEMPTS) {
        await this.failed(refund.id, payment.id);
        log.error({ err, refundId, reference: payment.reference }, 'refund failed for good; needs an admin');
      }
      throw err;
    }
  }

  /** Records the refund processed, once, and tells its purpose; false when it was settled already. */
  async processed(refundId: string, providerRef?: string): Promise<boolean> {
    return this.opts.db.transaction(async (tx) => {
      const row = await repo.settleRefund(tx, refundId, 'processed', providerRef);
      if (!row) return false;
      await recordRefundProcessed(tx, row);
      const payment = await repo.findPaymentById(tx, row.paymentId);
      if (payment) await this.opts.purposes.find(payment.purpose)?.onRefunded?.(tx, payment, row.amountKobo);
      return true;
    });
  }

  /** Records the refund failed, once, giving its amount back to the payment; false when settled already. */
  async failed(refundId: string, paymentId: string): Promise<boolean> {
    return this.opts.db.transaction(async (tx) => {
      const row = await repo.settleRefund(tx, refundId, 'failed');
      if (!row) return false;
      await repo.releaseRefund(tx, paymentId, row.amountKobo);
      await recordRefundFailed(tx, row);
      return true;
    });
  }
}
