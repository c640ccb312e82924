import { z } from 'zod';
import type { Logger } from 'pino';
import type { Db } from '../../infra/db/client.js';
import { checkpoint } from '../../infra/faults/checkpoints.js';
import { jobKind, type JobQueue } from '../../infra/jobs/jobs.js';
import { verifyWebhookSignature } from '../../infra/payments/signature.js';
import type { PaymentProvider } from '../../infra/payments/types.js';
import * as repo from './payments.repo.js';
import type { Refunds } from './refunds.js';
import type { Settlement } from './settlement.js';
import type { Transfers } from './transfers.js';

/** A stored webhook to process. */
const WEBHOOK_JOB = jobKind('payments.webhook', z.object({ eventId: z.number().int() }));

const WebhookBody = z.object({ event: z.string().min(1).max(100), data: z.record(z.string(), z.unknown()) });

/** Queued for the worker, or refused under a public error code. */
export type WebhookAnswer =
  | { status: 200; outcome: 'queued' }
  | { status: 401; outcome: 'bad_signature' | 'missing_signature' }
  | { status: 400; outcome: 'malformed' };

/**
 * The provider's webhooks: checked and stored at once, then acted on by a durable job (charges
 * settled, refunds settled, transfers handed to their listeners); each event's outcome is kept.
 */
export class Webhooks {
  constructor(
    private readonly opts: {
      db: Db;
      provider: PaymentProvider;
      log: Logger;
      jobs: JobQueue;
      settlement: Settlement;
      refunds: Refunds;
      transfers: Transfers;
    },
  ) {
    opts.jobs.register(WEBHOOK_JOB, ({ eventId }) => this.process(eventId));
  }

  /**
   * The webhook entry point (Paystack's and the sandbox's): signature first, over the raw bytes;
   * then the event is recorded and handed to a durable job. Answers quickly.
   */
  async receive(raw: Buffer, signature: unknown): Promise<WebhookAnswer> {
    const { db, log } = this.opts;
    const provider = this.opts.provider.name;
    if (!verifyWebhookSignature(raw, signature, this.opts.provider.webhookSecret)) {
      const outcome = signature ? 'bad_signature' : 'missing_signature';
      await repo.recordWebhook(db, { provider, event: null, reference: null, outcome, body: null });
      log.warn({ outcome, bytes: raw.length }, 'webhook refused');
      return { status: 401, outcome };
    }
    let parsed: z.infer<typeof WebhookBody>;
    try {
      parsed = WebhookBody.parse(JSON.parse(raw.toString('utf8')));
    } catch {
      await repo.recordWebhook(db, { provider, event: null, reference: null, outcome: 'malformed', body: null });
      log.warn('webhook refused: malformed body');
      return { status: 400, outcome: 'malformed' };
    }
    const data = parsed.data;
    const reference =
      typeof data.reference === 'string'
        ? data.reference
        : typeof data.transaction_reference === 'string'
          ? data.transaction_reference
          : null;
    await db.transaction(async (tx) => {
      const eventId = await repo.recordWebhook(tx, {
        provider,
        event: parsed.event,
        reference,
        outcome: 'queued',
        body: parsed,
      });
      await this.opts.jobs.enqueue(tx, WEBHOOK_JOB, { eventId });
      checkpoint('webhook-received');
    });
    return { status: 200, outcome: 'queued' };
  }

  /** The webhook job: decides what the event means, logs what it did on the event row. */
  private async process(eventId: number): Promise<void> {
    const { db } = this.opts;
    const ev = await repo.findWebhook(db, eventId);
    if (!ev || ev.outcome !== 'queued') return;
    const body = WebhookBody.safeParse(ev.body);
    if (!body.success) return repo.setWebhookOutcome(db, eventId, 'malformed');
    const { event, data } = body.data;
    const outcome = await this.handle(event, data);
    await repo.setWebhookOutcome(db, eventId, outcome);
    if (/mismatch|unknown/.test(outcome))
      this.opts.log.warn({ eventId, event, reference: ev.reference, outcome }, 'webhook changed nothing');
  }

  private async handle(event: string, data: Record<string, unknown>): Promise<string> {
    if (event === 'charge.success') return this.chargeSucceeded(data);
    if (event === 'refund.processed' || event === 'refund.failed') return this.refundSettled(event, data);
    if (event.startsWith('transfer.')) return this.opts.transfers.handle(event, data);
    return 'ignored';
  }

  private async chargeSucceeded(data: Record<string, unknown>): Promise<string> {
    const reference = typeof data.reference === 'string' ? data.reference : '';
    const payment = reference ? await repo.findPaymentByReference(this.opts.db, reference) : undefined;
    if (!payment) return 'unknown_reference';
    if (data.amount !== payment.amountKobo) return 'amount_mismatch';
    if (data.currency !== payment.currency) return 'currency_mismatch';
    // The webhook says "paid"; the provider's verify answer is what fulfils, even for an
    // attempt already marked failed or abandoned (the bank confirmed late).
    const settled = await this.opts.settlement.verifyPayment(payment, { confirmed: true });
    // Reconciliation only looks at open attempts: for one marked unpaid, this webhook is the
    // only news of the charge, so a provider that cannot be asked now is asked again by the
    // job's retry (the event stays queued).
    if (settled.detail === 'provider_error' && (payment.state === 'failed' || payment.state === 'abandoned')) {
      throw new Error(
        `could not ask the provider about ${payment.reference}, marked ${payment.state}, that the webhook says is paid`,
      );
    }
    return settled.state === 'paid' && settled.detail === 'fulfilled'
      ? 'fulfilled'
      : settled.detail === 'already_settled'
        ? `already_${settled.state}`
        : settled.detail;
  }

  private async refundSettled(event: 'refund.processed' | 'refund.failed', data: Record<string, unknown>) {
    const { db, refunds } = this.opts;
    const reference = typeof data.transaction_reference === 'string' ? data.transaction_reference : '';
    const payment = reference ? await repo.findPaymentByReference(db, reference) : undefined;
    if (!payment) return 'unknown_reference';
    const providerRef = data.id === undefined || data.id === null ? null : String(data.id);
    const refund =
      (providerRef ? await repo.findRefundByProviderRef(db, providerRef) : undefined) ??
      (typeof data.amount === 'number' ? await repo.findPendingRefund(db, payment.id, data.amount) : undefined);
    if (!refund) {
      // Our refund job may not have stored the provider's id yet: let the job retry.
      throw new Error(`refund webhook for ${reference}: no matching refund yet`);
    }
    if (event === 'refund.processed') {
      return (await refunds.processed(refund.id, providerRef ?? undefined))
        ? 'refund_processed'
        : `refund_already_${refund.state}`;
    }
    const failed = await refunds.failed(refund.id, payment.id);
    if (failed)
      this.opts.log.error({ reference, refundId: refund.id }, 'refund failed at the provider; needs an admin');
    return failed ? 'refund_failed' : `refund_already_${refund.state}`;
  }
}
