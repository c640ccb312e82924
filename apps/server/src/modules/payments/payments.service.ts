import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../infra/db/client.js';
import type { PaymentState } from '../../infra/db/schema.js';
import type { JobQueue } from '../../infra/jobs/jobs.js';
import { PaystackProvider } from '../../infra/payments/paystack.js';
import { SandboxProvider } from '../../infra/payments/sandbox.js';
import { signWebhook, verifyWebhookSignature } from '../../infra/payments/signature.js';
import { ProviderError, type PaymentProvider, type ProviderTransaction } from '../../infra/payments/types.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import * as repo from './payments.repo.js';
import type { PaymentRow } from './payments.repo.js';

export type { PaymentRow } from './payments.repo.js';
export type { PaymentState } from '../../infra/db/schema.js';
export type PaymentPurpose = 'order' | 'dispatch';

export interface PurposeHandler {
  /** Inside the one transaction that flips the payment awaiting → paid (runs exactly once per payment). */
  onPaid(tx: Tx, payment: PaymentRow): Promise<void>;
  /** Payment declined/abandoned (exactly once). */
  onFailed(tx: Tx, payment: PaymentRow): Promise<void>;
  /** After a refund is recorded as processed. */
  onRefunded?(tx: Tx, payment: PaymentRow, amountKobo: number): Promise<void>;
}

/** Transfer webhooks (transfer.success / failed / reversed) for whoever pays out (payouts). */
export type TransferListener = (event: string, data: Record<string, unknown>) => Promise<void>;

export type CallbackPath = '/loader?next=my-orders' | '/loader?next=dispatch';

const MINUTE = 60_000;
/** Reconciliation verifies payments left awaiting this long… */
export const RECONCILE_AFTER_MS = 10 * MINUTE;
/** …and gives up on them after a day. */
export const ABANDON_AFTER_MS = 24 * 60 * MINUTE;
const RECONCILE_EVERY_MS = 10 * MINUTE;
const REFUND_MAX_ATTEMPTS = 8;

const WebhookBody = z.object({ event: z.string().min(1).max(100), data: z.record(z.string(), z.unknown()) });

export interface WebhookAnswer {
  status: number;
  outcome: string;
}

interface Settled {
  state: PaymentState;
  detail: string;
}

/**
 * The one payment mechanism (orders and dispatches): starts payment attempts, verifies them with
 * the provider, fulfils each exactly once through its purpose handler, and queues refunds.
 */
export class PaymentService {
  readonly provider: PaymentProvider;
  private readonly handlers = new Map<PaymentPurpose, PurposeHandler>();
  private transferListeners: TransferListener[] = [];
  private readonly db: Db;
  private readonly jobs: JobQueue;
  private readonly log: Logger;
  private readonly publicUrl: string;

  constructor(opts: { db: Db; jobs: JobQueue; log: Logger; config: Config; provider?: PaymentProvider }) {
    this.db = opts.db;
    this.jobs = opts.jobs;
    this.log = opts.log.child({ module: 'payments' });
    this.publicUrl = opts.config.publicUrl;
    const p = opts.config.payments;
    this.provider =
      opts.provider ??
      (p.provider === 'paystack'
        ? new PaystackProvider({ baseUrl: p.paystackBaseUrl, secretKey: p.paystackSecretKey })
        : new SandboxProvider(opts.db, { publicUrl: opts.config.publicUrl, secret: p.sandboxSecret }));
    if (this.provider instanceof SandboxProvider) {
      const secret = this.provider.webhookSecret;
      // The sandbox "posts" its webhooks through the very same entry point as Paystack's.
      this.provider.setWebhookSink(async (event) => {
        const raw = Buffer.from(JSON.stringify(event));
        const answer = await this.receiveWebhook(raw, signWebhook(raw, secret));
        if (answer.status !== 200) throw new Error(`sandbox webhook refused: ${answer.outcome}`);
      });
    }
    this.jobs.register('payments.webhook', (payload) => this.processWebhook(Number(payload.eventId)));
    this.jobs.register('payments.refund', (payload, job) => this.processRefund(String(payload.refundId), job.attempts));
    this.jobs.register('payments.reconcile', async () => {
      await this.reconcile();
    });
  }

  /** The sandbox provider, when that is the one configured (its checkout page needs it). */
  get sandbox(): SandboxProvider | null {
    return this.provider instanceof SandboxProvider ? this.provider : null;
  }

  registerPurpose(purpose: PaymentPurpose, handler: PurposeHandler): void {
    if (this.handlers.has(purpose)) throw new Error(`payment purpose ${purpose} registered twice`);
    this.handlers.set(purpose, handler);
  }

  onTransfer(listener: TransferListener): void {
    this.transferListeners.push(listener);
  }

  private handler(purpose: string): PurposeHandler {
    const h = this.handlers.get(purpose as PaymentPurpose);
    if (!h) throw new Error(`no payment handler for purpose ${purpose}`);
    return h;
  }

  /** Creates the payment attempt (fresh unique reference) in tx and returns where to send the customer. */
  async start(
    tx: Tx,
    input: { purpose: PaymentPurpose; subjectId: string; userId: string; email: string; amountKobo: number; callbackPath: CallbackPath },
  ): Promise<{ url: string; reference: string }> {
    if (!Number.isSafeInteger(input.amountKobo) || input.amountKobo <= 0) throw badRequest('The amount to pay must be whole kobo above zero.', 'invalid_amount');
    // Paystack allows only -, ., = and alphanumerics in a reference.
    const reference = `jara-${input.purpose === 'order' ? 'o' : 'd'}-${Date.now().toString(36)}-${randomBytes(8).toString('hex')}`;
    const payment = await repo.insertPayment(tx, {
      reference, userId: input.userId, purpose: input.purpose, subjectId: input.subjectId, amountKobo: input.amountKobo,
      currency: 'NGN', provider: this.provider.name, state: 'awaiting',
    });
    let init;
    try {
      init = await this.provider.initialize(tx, {
        email: input.email,
        amountKobo: input.amountKobo,
        currency: 'NGN',
        reference,
        callbackUrl: `${this.publicUrl}${input.callbackPath}`,
        metadata: { purpose: input.purpose, subjectId: input.subjectId, paymentId: payment.id },
      });
    } catch (err) {
      this.log.error({ err, reference }, 'payment initialize failed');
      throw new AppError(502, 'payment_unavailable', 'We could not reach the payment provider. Please try again.');
    }
    await repo.setProviderData(tx, payment.id, { accessCode: init.accessCode });
    return { url: init.authorizationUrl, reference };
  }

  /** Verifies with the provider and fulfils once (used by /loader and reconciliation). */
  async verify(reference: string, userId?: string): Promise<{ state: PaymentState }> {
    const payment = await repo.findPaymentByReference(this.db, reference);
    if (!payment || (userId !== undefined && payment.userId !== userId)) throw notFound('Payment not found.');
    const settled = await this.verifyPayment(payment);
    return { state: settled.state };
  }

  private async verifyPayment(payment: PaymentRow): Promise<Settled> {
    if (payment.state !== 'awaiting') return { state: payment.state, detail: 'already_settled' };
    let tr: ProviderTransaction | null;
    try {
      tr = await this.provider.verify(payment.reference);
    } catch (err) {
      // The provider being down must not lose a payment: reconciliation tries again later.
      this.log.warn({ err: err instanceof Error ? err.message : String(err), reference: payment.reference }, 'payment verify failed');
      return { state: 'awaiting', detail: 'provider_error' };
    }
    return this.settle(payment, tr);
  }

  private async settle(payment: PaymentRow, tr: ProviderTransaction | null): Promise<Settled> {
    const old = Date.now() - payment.createdAt.getTime() > ABANDON_AFTER_MS;
    if (tr?.status === 'success') {
      if (tr.reference !== payment.reference || tr.amountKobo !== payment.amountKobo || tr.currency !== payment.currency || tr.currency !== 'NGN') {
        this.log.error(
          { reference: payment.reference, expected: { amount: payment.amountKobo, currency: payment.currency }, got: { reference: tr.reference, amount: tr.amountKobo, currency: tr.currency } },
          'payment_mismatch: provider reports a different amount, currency or reference; not fulfilled',
        );
        return { state: 'awaiting', detail: 'payment_mismatch' };
      }
      return this.fulfil(payment, tr);
    }
    if (tr?.status === 'failed' || tr?.status === 'reversed') return this.fail(payment, 'failed');
    if (old) return this.fail(payment, 'abandoned');
    return { state: 'awaiting', detail: tr ? `provider_${tr.status}` : 'unknown_at_provider' };
  }

  private async fulfil(payment: PaymentRow, tr: ProviderTransaction): Promise<Settled> {
    const handler = this.handler(payment.purpose);
    const changed = await this.db.transaction(async (tx) => {
      const row = await repo.markPaid(tx, {
        reference: payment.reference,
        amountKobo: tr.amountKobo,
        currency: tr.currency,
        providerData: { ...((payment.providerData as Record<string, unknown> | null) ?? {}), channel: tr.channel, paidAt: tr.paidAt, providerId: tr.id },
      });
      if (!row) return false;
      await handler.onPaid(tx, row);
      return true;
    });
    if (changed) {
      this.log.info({ reference: payment.reference, purpose: payment.purpose, amountKobo: payment.amountKobo }, 'payment fulfilled');
      return { state: 'paid', detail: 'fulfilled' };
    }
    const now = await repo.findPaymentByReference(this.db, payment.reference);
    return { state: now?.state ?? payment.state, detail: 'already_settled' };
  }

  private async fail(payment: PaymentRow, state: 'failed' | 'abandoned'): Promise<Settled> {
    const handler = this.handler(payment.purpose);
    const changed = await this.db.transaction(async (tx) => {
      const row = await repo.markUnpaid(tx, payment.reference, state);
      if (!row) return false;
      await handler.onFailed(tx, row);
      return true;
    });
    if (changed) return { state, detail: state };
    const now = await repo.findPaymentByReference(this.db, payment.reference);
    return { state: now?.state ?? payment.state, detail: 'already_settled' };
  }

  /** Queues a refund (durable job) for part or all of a paid payment. */
  async refund(tx: Tx, paymentId: string, amountKobo: number, reason: string): Promise<void> {
    if (!Number.isSafeInteger(amountKobo) || amountKobo <= 0) throw badRequest('A refund must be whole kobo above zero.', 'invalid_amount');
    const reserved = await repo.reserveRefund(tx, paymentId, amountKobo);
    if (!reserved) {
      const p = await repo.findPaymentById(tx, paymentId);
      if (!p) throw notFound('Payment not found.');
      if (p.state !== 'paid') throw conflict('Only a paid payment can be refunded.', 'not_paid');
      throw conflict('The refund is more than what is left of the payment.', 'refund_exceeds_payment');
    }
    const refund = await repo.insertRefund(tx, { paymentId, amountKobo, reason: reason.slice(0, 500), state: 'pending' });
    await this.jobs.enqueue(tx, 'payments.refund', { refundId: refund.id }, { dedupeKey: `payments.refund:${refund.id}`, maxAttempts: REFUND_MAX_ATTEMPTS });
  }

  private async processRefund(refundId: string, attempts: number): Promise<void> {
    const refund = await repo.findRefund(this.db, refundId);
    if (!refund || refund.state !== 'pending' || refund.providerRef) return;
    const payment = await repo.findPaymentById(this.db, refund.paymentId);
    if (!payment) throw new Error(`refund ${refundId}: payment missing`);
    try {
      const r = await this.provider.refund({ reference: payment.reference, amountKobo: refund.amountKobo, note: refund.reason });
      await repo.setRefundProviderRef(this.db, refund.id, r.providerRef);
      if (r.status === 'processed') await this.refundProcessed(refund.id, r.providerRef);
      this.log.info({ reference: payment.reference, refundId, amountKobo: refund.amountKobo, status: r.status }, 'refund requested');
    } catch (err) {
      if (attempts >= REFUND_MAX_ATTEMPTS) {
        await this.db.transaction(async (tx) => {
          const failed = await repo.settleRefund(tx, refund.id, 'failed');
          if (failed) await repo.releaseRefund(tx, payment.id, refund.amountKobo);
        });
        this.log.error({ err, refundId, reference: payment.reference }, 'refund failed for good; needs an admin');
      }
      throw err;
    }
  }

  private async refundProcessed(refundId: string, providerRef?: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const row = await repo.settleRefund(tx, refundId, 'processed', providerRef);
      if (!row) return false;
      const payment = await repo.findPaymentById(tx, row.paymentId);
      if (payment) await this.handlers.get(payment.purpose as PaymentPurpose)?.onRefunded?.(tx, payment, row.amountKobo);
      return true;
    });
  }

  /**
   * The webhook entry point (Paystack's and the sandbox's): signature first, over the raw bytes;
   * then the event is recorded and handed to a durable job. Answers quickly.
   */
  async receiveWebhook(raw: Buffer, signature: unknown): Promise<WebhookAnswer> {
    const provider = this.provider.name;
    if (!verifyWebhookSignature(raw, signature, this.provider.webhookSecret)) {
      const outcome = signature ? 'bad_signature' : 'missing_signature';
      await repo.recordWebhook(this.db, { provider, event: null, reference: null, outcome, body: null });
      this.log.warn({ outcome, bytes: raw.length }, 'webhook refused');
      return { status: 401, outcome };
    }
    let parsed: z.infer<typeof WebhookBody>;
    try {
      parsed = WebhookBody.parse(JSON.parse(raw.toString('utf8')));
    } catch {
      await repo.recordWebhook(this.db, { provider, event: null, reference: null, outcome: 'malformed', body: null });
      this.log.warn('webhook refused: malformed body');
      return { status: 400, outcome: 'malformed' };
    }
    const data = parsed.data;
    const reference = typeof data.reference === 'string' ? data.reference : typeof data.transaction_reference === 'string' ? data.transaction_reference : null;
    await this.db.transaction(async (tx) => {
      const eventId = await repo.recordWebhook(tx, { provider, event: parsed.event, reference, outcome: 'queued', body: parsed });
      await this.jobs.enqueue(tx, 'payments.webhook', { eventId });
    });
    return { status: 200, outcome: 'queued' };
  }

  /** The webhook job: decides what the event means, logs what it did on the event row. */
  async processWebhook(eventId: number): Promise<void> {
    const ev = await repo.findWebhook(this.db, eventId);
    if (!ev || ev.outcome !== 'queued') return;
    const body = WebhookBody.safeParse(ev.body);
    if (!body.success) return repo.setWebhookOutcome(this.db, eventId, 'malformed');
    const { event, data } = body.data;
    const outcome = await this.handleEvent(event, data);
    await repo.setWebhookOutcome(this.db, eventId, outcome);
    if (/mismatch|unknown/.test(outcome)) this.log.warn({ eventId, event, reference: ev.reference, outcome }, 'webhook changed nothing');
  }

  private async handleEvent(event: string, data: Record<string, unknown>): Promise<string> {
    if (event === 'charge.success') {
      const reference = typeof data.reference === 'string' ? data.reference : '';
      const payment = reference ? await repo.findPaymentByReference(this.db, reference) : undefined;
      if (!payment) return 'unknown_reference';
      if (data.amount !== payment.amountKobo) return 'amount_mismatch';
      if (data.currency !== payment.currency) return 'currency_mismatch';
      // The webhook says "paid"; the provider's verify answer is what fulfils.
      const settled = await this.verifyPayment(payment);
      return settled.state === 'paid' && settled.detail === 'fulfilled' ? 'fulfilled' : settled.detail === 'already_settled' ? `already_${settled.state}` : settled.detail;
    }
    if (event === 'refund.processed' || event === 'refund.failed') {
      const reference = typeof data.transaction_reference === 'string' ? data.transaction_reference : '';
      const payment = reference ? await repo.findPaymentByReference(this.db, reference) : undefined;
      if (!payment) return 'unknown_reference';
      const providerRef = data.id === undefined || data.id === null ? null : String(data.id);
      const refund =
        (providerRef ? await repo.findRefundByProviderRef(this.db, providerRef) : undefined) ??
        (typeof data.amount === 'number' ? await repo.findPendingRefund(this.db, payment.id, data.amount) : undefined);
      if (!refund) {
        // Our refund job may not have stored the provider's id yet: let the job retry.
        throw new Error(`refund webhook for ${reference}: no matching refund yet`);
      }
      if (event === 'refund.processed') {
        return (await this.refundProcessed(refund.id, providerRef ?? undefined)) ? 'refund_processed' : `refund_already_${refund.state}`;
      }
      const failed = await this.db.transaction(async (tx) => {
        const row = await repo.settleRefund(tx, refund.id, 'failed');
        if (row) await repo.releaseRefund(tx, payment.id, row.amountKobo);
        return row;
      });
      if (failed) this.log.error({ reference, refundId: refund.id }, 'refund failed at the provider; needs an admin');
      return failed ? 'refund_failed' : `refund_already_${refund.state}`;
    }
    if (event.startsWith('transfer.')) {
      for (const l of this.transferListeners) await l(event, data);
      return this.transferListeners.length ? 'transfer_handled' : 'ignored';
    }
    return 'ignored';
  }

  /** Verifies payments left awaiting for a while; abandons them after a day. Reschedules itself. */
  async reconcile(now = new Date()): Promise<number> {
    const stale = await repo.listAwaiting(this.db, new Date(now.getTime() - RECONCILE_AFTER_MS), 200);
    let settled = 0;
    for (const p of stale) {
      try {
        const r = await this.verifyPayment(p);
        if (r.state !== 'awaiting') settled++;
      } catch (err) {
        this.log.error({ err, reference: p.reference }, 'reconciliation failed for a payment');
      }
    }
    await this.scheduleReconciliation(new Date(now.getTime() + RECONCILE_EVERY_MS));
    return settled;
  }

  /** One reconciliation run per 10-minute slot, however many instances ask. */
  async scheduleReconciliation(at = new Date()): Promise<void> {
    const slot = Math.floor(at.getTime() / RECONCILE_EVERY_MS);
    await this.jobs.enqueue(this.db, 'payments.reconcile', {}, { runAt: new Date(slot * RECONCILE_EVERY_MS), dedupeKey: `payments.reconcile:${slot}` });
  }
}

export { ProviderError };
