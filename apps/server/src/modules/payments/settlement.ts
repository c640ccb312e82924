import type { Logger } from 'pino';
import type { Db } from '../../infra/db/client.js';
import type { AttemptState, PaymentState } from './payments.tables.js';
import { checkpoint } from '../../infra/faults/checkpoints.js';
import type { PaymentProvider, ProviderTransaction } from '../../infra/payments/types.js';
import { notFound } from '../../lib/errors.js';
import * as repo from './payments.repo.js';
import { recordCharge } from '../ledger/index.js';
import type { PaymentRow } from './payments.repo.js';
import type { Purposes } from './purposes.js';

const MINUTE = 60_000;
/** Awaiting attempts are given up on after a day. */
const ABANDON_AFTER_MS = 24 * 60 * MINUTE;

/** Attempts not settled yet: recorded (initializing) or handed to the customer (awaiting). */
export const OPEN: AttemptState[] = ['initializing', 'awaiting'];

export interface Settled {
  state: AttemptState;
  detail: string;
}

/**
 * Settles attempts from the provider's word: verifies them, fulfils each paid one exactly once
 * through its purpose's handler, and marks the rest failed or abandoned (also exactly once).
 */
export class Settlement {
  constructor(
    private readonly opts: {
      db: Db;
      provider: PaymentProvider;
      log: Logger;
      purposes: Purposes;
      /** Attempts still initializing this long can no longer be paid (RECONCILE_AFTER_MS). */
      reconcileAfterMs: number;
    },
  ) {}

  /** Verifies with the provider and fulfils once (used by /loader and reconciliation). */
  async verify(reference: string, userId?: string): Promise<{ state: PaymentState }> {
    const payment = await repo.findPaymentByReference(this.opts.db, reference);
    if (!payment || (userId !== undefined && payment.userId !== userId)) throw notFound('Payment not found.');
    const settled = await this.verifyPayment(payment);
    // To the customer an attempt being set up is simply not paid yet.
    return { state: settled.state === 'initializing' ? 'awaiting' : settled.state };
  }

  /**
   * Asks the provider about an open attempt and settles it. With `confirmed` (a charge.success
   * webhook) an attempt marked failed or abandoned is asked about too, and only a confirmed
   * charge changes it: it is healed to paid, its order or dispatch with it.
   */
  async verifyPayment(payment: PaymentRow, opts: { confirmed?: boolean } = {}): Promise<Settled> {
    const { provider, log } = this.opts;
    const reopen = opts.confirmed && (payment.state === 'failed' || payment.state === 'abandoned');
    if (!OPEN.includes(payment.state) && !reopen) return { state: payment.state, detail: 'already_settled' };
    let tr: ProviderTransaction | null;
    try {
      tr = await provider.verify(payment.reference);
    } catch (err) {
      // The provider being down must not lose a payment: reconciliation tries again later.
      log.warn(
        { err: err instanceof Error ? err.message : String(err), reference: payment.reference },
        'payment verify failed',
      );
      return { state: payment.state, detail: 'provider_error' };
    }
    if (reopen) {
      if (tr?.status !== 'success') return { state: payment.state, detail: 'already_settled' };
      log.warn(
        { reference: payment.reference, was: payment.state },
        'payment confirmed by the provider after it was marked unpaid: healing to paid',
      );
    }
    return this.settle(payment, tr);
  }

  private async settle(payment: PaymentRow, tr: ProviderTransaction | null): Promise<Settled> {
    const age = Date.now() - payment.createdAt.getTime();
    if (tr?.status === 'success') {
      if (
        tr.reference !== payment.reference ||
        tr.amountKobo !== payment.amountKobo ||
        tr.currency !== payment.currency ||
        tr.currency !== 'NGN'
      ) {
        this.opts.log.error(
          {
            reference: payment.reference,
            expected: { amount: payment.amountKobo, currency: payment.currency },
            got: { reference: tr.reference, amount: tr.amountKobo, currency: tr.currency },
          },
          'payment_mismatch: provider reports a different amount, currency or reference; not fulfilled',
        );
        return { state: payment.state, detail: 'payment_mismatch' };
      }
      return this.fulfil(payment, tr);
    }
    if (tr?.status === 'failed' || tr?.status === 'reversed') return this.fail(payment, 'failed');
    // Still initializing long after the call must have ended (the provider's answer was never
    // stored, so the customer never had the page): nobody can pay it any more.
    if (payment.state === 'initializing' && age > this.opts.reconcileAfterMs)
      return this.fail(payment, 'abandoned', ['initializing']);
    if (age > ABANDON_AFTER_MS) return this.fail(payment, 'abandoned');
    return { state: payment.state, detail: tr ? `provider_${tr.status}` : 'unknown_at_provider' };
  }

  private async fulfil(payment: PaymentRow, tr: ProviderTransaction): Promise<Settled> {
    const { db, log } = this.opts;
    const handler = this.opts.purposes.of(payment.purpose);
    const changed = await db.transaction(async (tx) => {
      const row = await repo.markPaid(tx, {
        reference: payment.reference,
        amountKobo: tr.amountKobo,
        currency: tr.currency,
        providerData: {
          ...((payment.providerData as Record<string, unknown> | null) ?? {}),
          channel: tr.channel,
          paidAt: tr.paidAt,
          providerId: tr.id,
        },
      });
      if (!row) return false;
      await recordCharge(tx, row);
      await handler.onPaid(tx, row);
      checkpoint('fulfilment-running');
      return true;
    });
    if (changed) {
      log.info(
        { reference: payment.reference, purpose: payment.purpose, amountKobo: payment.amountKobo },
        'payment fulfilled',
      );
      return { state: 'paid', detail: 'fulfilled' };
    }
    const now = await repo.findPaymentByReference(db, payment.reference);
    return { state: now?.state ?? payment.state, detail: 'already_settled' };
  }

  /** Marks the attempt unpaid, once, from one of the `from` states, and tells its purpose. */
  async fail(payment: PaymentRow, state: 'failed' | 'abandoned', from: AttemptState[] = OPEN): Promise<Settled> {
    const { db } = this.opts;
    const handler = this.opts.purposes.of(payment.purpose);
    const changed = await db.transaction(async (tx) => {
      const row = await repo.markUnpaid(tx, payment.reference, state, from);
      if (!row) return false;
      await handler.onFailed(tx, row);
      return true;
    });
    if (changed) return { state, detail: state };
    const now = await repo.findPaymentByReference(db, payment.reference);
    return { state: now?.state ?? payment.state, detail: 'already_settled' };
  }
}
