import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../infra/db/client.js';
import type { AttemptState, PaymentState } from '../../infra/db/schema.js';
import { jobKind, noPayload, type JobQueue } from '../../infra/jobs/jobs.js';
import { PaystackProvider } from '../../infra/payments/paystack.js';
import { SandboxProvider } from '../../infra/payments/sandbox.js';
import { signWebhook, verifyWebhookSignature } from '../../infra/payments/signature.js';
import {
  cancelActionUrl,
  ProviderError,
  type InitializeResult,
  type PaymentProvider,
  type ProviderTransaction,
} from '../../infra/payments/types.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { checkpoint } from '../../infra/faults/checkpoints.js';
import { Batcher } from '../../infra/batch.js';
import * as repo from './payments.repo.js';
import type { PaymentRow } from './payments.repo.js';

/** A stored webhook to process; a refund to send; the periodic reconciliation. */
const WEBHOOK_JOB = jobKind('payments.webhook', z.object({ eventId: z.number().int() }));
const REFUND_JOB = jobKind('payments.refund', z.object({ refundId: z.string() }));
const RECONCILE_JOB = jobKind('payments.reconcile', noPayload);

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

/** What a purpose (order, dispatch) asks to be paid. */
export interface AttemptInput {
  purpose: PaymentPurpose;
  subjectId: string;
  userId: string;
  email: string;
  amountKobo: number;
  callbackPath: CallbackPath;
}

export const PROVIDER_UNAVAILABLE = 'We could not reach the payment provider. Please try again.';
export const PAYMENT_NOT_STARTED = 'We could not start your payment. Please try again.';

const MINUTE = 60_000;
/** Reconciliation verifies payments left awaiting this long by default (RECONCILE_AFTER_MS)… */
export const RECONCILE_AFTER_MS = 10 * MINUTE;
/** …and gives up on them after a day. */
export const ABANDON_AFTER_MS = 24 * 60 * MINUTE;
const REFUND_MAX_ATTEMPTS = 8;

const WebhookBody = z.object({ event: z.string().min(1).max(100), data: z.record(z.string(), z.unknown()) });

/** Queued for the worker, or refused under a public error code. */
export type WebhookAnswer =
  | { status: 200; outcome: 'queued' }
  | { status: 401; outcome: 'bad_signature' | 'missing_signature' }
  | { status: 400; outcome: 'malformed' };

interface Settled {
  state: AttemptState;
  detail: string;
}

/** Refuses an attempt no provider could take (before anything is recorded). */
export function checkAttempt(attempt: AttemptInput): void {
  if (!Number.isSafeInteger(attempt.amountKobo) || attempt.amountKobo <= 0)
    throw badRequest('The amount to pay must be whole kobo above zero.', 'invalid_amount');
}

/** The provider's answer to initialize, to store on the attempt. */
interface InitializedAnswer {
  id: string;
  data: { accessCode: string; authorizationUrl: string };
}

/** Attempts not settled yet: recorded (initializing) or handed to the customer (awaiting). */
const OPEN: AttemptState[] = ['initializing', 'awaiting'];

/**
 * The one payment mechanism (orders and dispatches): starts payment attempts, verifies them with
 * the provider, fulfils each exactly once through its purpose handler, and queues refunds.
 */
export class PaymentService {
  readonly provider: PaymentProvider;
  private readonly handlers = new Map<PaymentPurpose, PurposeHandler>();
  private transferListeners: TransferListener[] = [];
  private readonly db: Db;
  /** The provider's answers of attempts handed over together, stored in one statement. */
  private readonly initialized: Batcher<InitializedAnswer, boolean>;
  private readonly jobs: JobQueue;
  private readonly log: Logger;
  private readonly publicUrl: string;
  /** Attempts open this long are verified by reconciliation (RECONCILE_AFTER_MS). */
  private readonly reconcileAfterMs: number;
  private readonly reconcileEveryMs: number;

  constructor(opts: {
    db: Db;
    /** Batches of writes worth running at once (Database.batches). */
    batches?: number;
    jobs: JobQueue;
    log: Logger;
    config: Config;
    provider?: PaymentProvider;
  }) {
    this.db = opts.db;
    this.initialized = new Batcher(
      async (answers) => {
        const stored = await repo.markInitialized(this.db, answers);
        return answers.map((a) => stored.has(a.id));
      },
      { concurrency: opts.batches },
    );
    this.jobs = opts.jobs;
    this.log = opts.log.child({ module: 'payments' });
    this.publicUrl = opts.config.publicUrl;
    this.reconcileAfterMs = opts.config.reconcile.afterMs;
    this.reconcileEveryMs = opts.config.reconcile.everyMs;
    const p = opts.config.payments;
    this.provider =
      opts.provider ??
      (p.provider === 'paystack'
        ? new PaystackProvider({
            baseUrl: p.paystackBaseUrl,
            secretKey: p.paystackSecretKey,
            timeoutMs: p.paystackTimeoutMs,
          })
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
    this.jobs.register(WEBHOOK_JOB, ({ eventId }) => this.processWebhook(eventId));
    this.jobs.register(REFUND_JOB, ({ refundId }, job) => this.processRefund(refundId, job.attempts));
    this.jobs.register(RECONCILE_JOB, async () => {
      await this.reconcile();
    });
    // Once per slot across all instances, and offered again by every worker so it never lapses.
    this.jobs.schedule(RECONCILE_JOB, this.reconcileEveryMs);
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

  /**
   * Starts paying for something without holding a transaction while the provider works:
   * 1. one short transaction runs `record` (the purpose's own rows, e.g. the dispatch awaiting
   *    payment) and records the attempt as `initializing` with a fresh unique reference;
   * 2. `handOver`: the provider's initialize with no transaction open, then its answer stored.
   * The provider failing marks the attempt failed (502); a crash or a database failure after 2
   * leaves it `initializing`, and reconciliation settles it by reference (decision 0009).
   */
  async start<T extends object>(
    record: (tx: Tx) => Promise<{ attempt: AttemptInput; result: T }>,
  ): Promise<T & { url: string; reference: string }> {
    const { payment, attempt, result } = await this.db.transaction(async (tx) => {
      const { attempt, result } = await record(tx);
      checkAttempt(attempt);
      const [payment] = await this.recordAttempts(tx, [attempt]);
      return { payment: payment!, attempt, result };
    });
    return this.handOver(payment, attempt, result);
  }

  /**
   * Records attempts as `initializing`, each with a fresh unique reference, in the caller's
   * transaction beside the rows they pay for (checked with `checkAttempt` first). In order.
   */
  async recordAttempts(tx: Tx, attempts: AttemptInput[]): Promise<PaymentRow[]> {
    const values = attempts.map((attempt) => ({
      // Paystack allows only -, ., = and alphanumerics in a reference.
      reference: `jara-${attempt.purpose === 'order' ? 'o' : 'd'}-${Date.now().toString(36)}-${randomBytes(8).toString('hex')}`,
      userId: attempt.userId,
      purpose: attempt.purpose,
      subjectId: attempt.subjectId,
      amountKobo: attempt.amountKobo,
      currency: 'NGN',
      provider: this.provider.name,
      state: 'initializing' as const,
    }));
    const byReference = new Map((await repo.insertPayments(tx, values)).map((r) => [r.reference, r]));
    return values.map((v) => byReference.get(v.reference)!);
  }

  /**
   * Steps 2 and 3 of paying for a recorded attempt: the provider's initialize with no
   * transaction open, then one short statement stores its answer (`initializing → awaiting`).
   */
  async handOver<T extends object>(
    payment: PaymentRow,
    attempt: AttemptInput,
    result: T,
  ): Promise<T & { url: string; reference: string }> {
    checkpoint('order-recorded');
    const reference = payment.reference;
    const callbackUrl = `${this.publicUrl}${attempt.callbackPath}`;
    let init: InitializeResult;
    try {
      init = await this.provider.initialize({
        email: attempt.email,
        amountKobo: attempt.amountKobo,
        currency: 'NGN',
        reference,
        callbackUrl,
        metadata: {
          purpose: attempt.purpose,
          subjectId: attempt.subjectId,
          paymentId: payment.id,
          cancel_action: cancelActionUrl(callbackUrl, reference),
        },
      });
    } catch (err) {
      this.log.error({ err, reference }, 'payment initialize failed');
      try {
        // Never handed to the customer, so nobody can pay it: failed now, not left for reconciliation.
        await this.fail(payment, 'failed', ['initializing']);
      } catch (markErr) {
        this.log.error({ err: markErr, reference }, 'could not mark the attempt failed; reconciliation will');
      }
      throw new AppError(502, 'payment_unavailable', PROVIDER_UNAVAILABLE);
    }
    checkpoint('provider-initialised');
    let stored = false;
    try {
      stored = await this.initialized.run({
        id: payment.id,
        data: { accessCode: init.accessCode, authorizationUrl: init.authorizationUrl },
      });
    } catch (err) {
      this.log.error(
        { err, reference },
        "could not store the provider's answer; reconciliation will settle the attempt",
      );
    }
    // Not stored (or reconciliation got there first): the customer never gets this attempt's page.
    if (!stored) throw new AppError(503, 'payment_not_started', PAYMENT_NOT_STARTED);
    return { ...result, url: init.authorizationUrl, reference };
  }

  /** Verifies with the provider and fulfils once (used by /loader and reconciliation). */
  async verify(reference: string, userId?: string): Promise<{ state: PaymentState }> {
    const payment = await repo.findPaymentByReference(this.db, reference);
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
  private async verifyPayment(payment: PaymentRow, opts: { confirmed?: boolean } = {}): Promise<Settled> {
    const reopen = opts.confirmed && (payment.state === 'failed' || payment.state === 'abandoned');
    if (!OPEN.includes(payment.state) && !reopen) return { state: payment.state, detail: 'already_settled' };
    let tr: ProviderTransaction | null;
    try {
      tr = await this.provider.verify(payment.reference);
    } catch (err) {
      // The provider being down must not lose a payment: reconciliation tries again later.
      this.log.warn(
        { err: err instanceof Error ? err.message : String(err), reference: payment.reference },
        'payment verify failed',
      );
      return { state: payment.state, detail: 'provider_error' };
    }
    if (reopen) {
      if (tr?.status !== 'success') return { state: payment.state, detail: 'already_settled' };
      this.log.warn(
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
        this.log.error(
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
    if (payment.state === 'initializing' && age > this.reconcileAfterMs)
      return this.fail(payment, 'abandoned', ['initializing']);
    if (age > ABANDON_AFTER_MS) return this.fail(payment, 'abandoned');
    return { state: payment.state, detail: tr ? `provider_${tr.status}` : 'unknown_at_provider' };
  }

  private async fulfil(payment: PaymentRow, tr: ProviderTransaction): Promise<Settled> {
    const handler = this.handler(payment.purpose);
    const changed = await this.db.transaction(async (tx) => {
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
      await handler.onPaid(tx, row);
      checkpoint('fulfilment-running');
      return true;
    });
    if (changed) {
      this.log.info(
        { reference: payment.reference, purpose: payment.purpose, amountKobo: payment.amountKobo },
        'payment fulfilled',
      );
      return { state: 'paid', detail: 'fulfilled' };
    }
    const now = await repo.findPaymentByReference(this.db, payment.reference);
    return { state: now?.state ?? payment.state, detail: 'already_settled' };
  }

  private async fail(
    payment: PaymentRow,
    state: 'failed' | 'abandoned',
    from: AttemptState[] = OPEN,
  ): Promise<Settled> {
    const handler = this.handler(payment.purpose);
    const changed = await this.db.transaction(async (tx) => {
      const row = await repo.markUnpaid(tx, payment.reference, state, from);
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
    await this.jobs.enqueue(
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
  private async processRefund(refundId: string, attempts: number): Promise<void> {
    const refund = await repo.findRefund(this.db, refundId);
    if (!refund || refund.state !== 'pending' || refund.providerRef) return;
    const payment = await repo.findPaymentById(this.db, refund.paymentId);
    if (!payment) throw new Error(`refund ${refundId}: payment missing`);
    const marker = refundMarker(refund.id);
    try {
      let r = refund.sentAt
        ? await this.provider.findRefund({ reference: payment.reference, marker, since: refund.sentAt })
        : null;
      if (r) {
        this.log.warn(
          { reference: payment.reference, refundId, providerRef: r.providerRef },
          'refund found at the provider after a lost answer; not sent again',
        );
      } else {
        await repo.markRefundSent(this.db, refund.id);
        r = await this.provider.refund({
          reference: payment.reference,
          amountKobo: refund.amountKobo,
          note: `${marker} ${refund.reason}`,
        });
        checkpoint('refund-requested');
      }
      await repo.setRefundProviderRef(this.db, refund.id, r.providerRef);
      if (r.status === 'processed') await this.refundProcessed(refund.id, r.providerRef);
      this.log.info(
        { reference: payment.reference, refundId, amountKobo: refund.amountKobo, status: r.status },
        'refund requested',
      );
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
      if (payment)
        await this.handlers.get(payment.purpose as PaymentPurpose)?.onRefunded?.(tx, payment, row.amountKobo);
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
    const reference =
      typeof data.reference === 'string'
        ? data.reference
        : typeof data.transaction_reference === 'string'
          ? data.transaction_reference
          : null;
    await this.db.transaction(async (tx) => {
      const eventId = await repo.recordWebhook(tx, {
        provider,
        event: parsed.event,
        reference,
        outcome: 'queued',
        body: parsed,
      });
      await this.jobs.enqueue(tx, WEBHOOK_JOB, { eventId });
      checkpoint('webhook-received');
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
    if (/mismatch|unknown/.test(outcome))
      this.log.warn({ eventId, event, reference: ev.reference, outcome }, 'webhook changed nothing');
  }

  private async handleEvent(event: string, data: Record<string, unknown>): Promise<string> {
    if (event === 'charge.success') {
      const reference = typeof data.reference === 'string' ? data.reference : '';
      const payment = reference ? await repo.findPaymentByReference(this.db, reference) : undefined;
      if (!payment) return 'unknown_reference';
      if (data.amount !== payment.amountKobo) return 'amount_mismatch';
      if (data.currency !== payment.currency) return 'currency_mismatch';
      // The webhook says "paid"; the provider's verify answer is what fulfils, even for an
      // attempt already marked failed or abandoned (the bank confirmed late).
      const settled = await this.verifyPayment(payment, { confirmed: true });
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
        return (await this.refundProcessed(refund.id, providerRef ?? undefined))
          ? 'refund_processed'
          : `refund_already_${refund.state}`;
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

  /**
   * Verifies attempts left open for a while: paid at the provider → fulfilled once; never handed
   * to the customer (initializing) → abandoned; awaiting → abandoned after a day. Reschedules itself.
   */
  async reconcile(now = new Date()): Promise<number> {
    const stale = await repo.listOpen(this.db, new Date(now.getTime() - this.reconcileAfterMs), 200);
    let settled = 0;
    for (const p of stale) {
      try {
        const r = await this.verifyPayment(p);
        if (!OPEN.includes(r.state)) settled++;
      } catch (err) {
        this.log.error({ err, reference: p.reference }, 'reconciliation failed for a payment');
      }
    }
    await this.scheduleReconciliation(new Date(now.getTime() + this.reconcileEveryMs));
    return settled;
  }

  /** One reconciliation run per slot (10 minutes by default), however many instances ask. */
  async scheduleReconciliation(at = new Date()): Promise<void> {
    const every = this.reconcileEveryMs;
    const slot = Math.floor(at.getTime() / every);
    await this.jobs.enqueue(
      this.db,
      RECONCILE_JOB,
      {},
      { runAt: new Date(slot * every), dedupeKey: `${RECONCILE_JOB.kind}:${slot}` },
    );
  }
}

export { ProviderError };

/** Our refund's reference at the provider (the start of Paystack's merchant note). */
export function refundMarker(refundId: string): string {
  return `jara-refund:${refundId}`;
}
