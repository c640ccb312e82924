import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../infra/db/client.js';
import type { PaymentState } from './payments.tables.js';
import type { JobQueue } from '../../infra/jobs/jobs.js';
import { PaystackProvider } from '../../infra/payments/paystack.js';
import { SandboxProvider } from '../../infra/payments/sandbox.js';
import { signWebhook } from '../../infra/payments/signature.js';
import type { PaymentProvider } from '../../infra/payments/types.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { PaymentAttempts, type AttemptInput } from './attempts.js';
import type { PaymentRow } from './payments.repo.js';
import { Purposes, type PaymentPurpose, type PurposeHandler } from './purposes.js';
import { leftToRefund, orderPaymentsOf, splitRefund } from './order-payers.js';
import { Reconciliation } from './reconciliation.js';
import { Refunds } from './refunds.js';
import type { Bearer } from '../ledger/index.js';
import { Settlement } from './settlement.js';
import { Transfers, type TransferListener } from './transfers.js';
import { Webhooks, type WebhookAnswer } from './webhooks.js';

export type { PaymentRow } from './payments.repo.js';

function providerFor(db: Db, config: Config): PaymentProvider {
  const p = config.payments;
  return p.provider === 'paystack'
    ? new PaystackProvider({
        baseUrl: p.paystackBaseUrl,
        secretKey: p.paystackSecretKey,
        timeoutMs: p.paystackTimeoutMs,
      })
    : new SandboxProvider(db, { publicUrl: config.publicUrl, secret: p.sandboxSecret });
}

/**
 * The one payment mechanism (orders and dispatches), what the app's context holds: attempts
 * (attempts.ts), settlement (settlement.ts), refunds, webhooks, reconciliation and transfer
 * events, each in its own file, wired here around one provider.
 */
export class PaymentService {
  readonly provider: PaymentProvider;
  private readonly purposes = new Purposes();
  private readonly transfers = new Transfers();
  private readonly settlement: Settlement;
  private readonly attempts: PaymentAttempts;
  private readonly refunds: Refunds;
  private readonly webhooks: Webhooks;
  private readonly reconciliation: Reconciliation;

  constructor(opts: {
    db: Db;
    /** Batches of writes worth running at once (Database.batches). */
    batches?: number;
    jobs: JobQueue;
    log: Logger;
    config: Config;
    provider?: PaymentProvider;
  }) {
    const { db, jobs, config } = opts;
    const log = opts.log.child({ module: 'payments' });
    const provider = (this.provider = opts.provider ?? providerFor(db, config));
    const purposes = this.purposes;
    this.settlement = new Settlement({ db, provider, log, purposes, reconcileAfterMs: config.reconcile.afterMs });
    this.attempts = new PaymentAttempts({
      db,
      batches: opts.batches,
      provider,
      log,
      publicUrl: config.publicUrl,
      settlement: this.settlement,
    });
    this.refunds = new Refunds({ db, provider, log, jobs, purposes });
    this.webhooks = new Webhooks({
      db,
      provider,
      log,
      jobs,
      settlement: this.settlement,
      refunds: this.refunds,
      transfers: this.transfers,
    });
    this.reconciliation = new Reconciliation({
      db,
      log,
      jobs,
      settlement: this.settlement,
      afterMs: config.reconcile.afterMs,
      everyMs: config.reconcile.everyMs,
    });
    if (provider instanceof SandboxProvider) {
      const secret = provider.webhookSecret;
      // The sandbox "posts" its webhooks through the very same entry point as Paystack's.
      provider.setWebhookSink(async (event) => {
        const raw = Buffer.from(JSON.stringify(event));
        const answer = await this.receiveWebhook(raw, signWebhook(raw, secret));
        if (answer.status !== 200) throw new Error(`sandbox webhook refused: ${answer.outcome}`);
      });
    }
  }

  /** The sandbox provider, when that is the one configured (its checkout page needs it). */
  get sandbox(): SandboxProvider | null {
    return this.provider instanceof SandboxProvider ? this.provider : null;
  }

  registerPurpose(purpose: PaymentPurpose, handler: PurposeHandler): void {
    this.purposes.register(purpose, handler);
  }

  onTransfer(listener: TransferListener): void {
    this.transfers.listen(listener);
  }

  /** Records an attempt with the purpose's rows, then hands it to the provider (PaymentAttempts.start). */
  start<T extends object>(
    record: (tx: Tx) => Promise<{ attempt: AttemptInput; result: T }>,
  ): Promise<T & { url: string; reference: string }> {
    return this.attempts.start(record);
  }

  /** Records attempts in the caller's transaction (PaymentAttempts.recordAttempts). */
  recordAttempts(tx: Tx, attempts: AttemptInput[]): Promise<PaymentRow[]> {
    return this.attempts.recordAttempts(tx, attempts);
  }

  /** Hands a recorded attempt to the provider (PaymentAttempts.handOver). */
  handOver<T extends object>(
    payment: PaymentRow,
    attempt: AttemptInput,
    result: T,
  ): Promise<T & { url: string; reference: string }> {
    return this.attempts.handOver(payment, attempt, result);
  }

  /** Verifies with the provider and fulfils once (used by /loader and reconciliation). */
  verify(reference: string, userId?: string): Promise<{ state: PaymentState }> {
    return this.settlement.verify(reference, userId);
  }

  /**
   * Queues a refund (durable job) for part or all of a paid payment, borne by `bearer` (a ledger
   * account: a dispute's vendor, rider or the platform) or by what is still held for its subject.
   */
  refund(tx: Tx, paymentId: string, amountKobo: number, reason: string, bearer?: Bearer): Promise<void> {
    return this.refunds.refund(tx, paymentId, amountKobo, reason, bearer);
  }

  /**
   * Refunds `amountKobo` of an order to whoever paid for it (decision 0049): its checkout's payment,
   * or a group order's members' shares, split by splitRefund (`byPayer`: an item's price to the
   * member who paid for it). One refund per payment that gives; each borne as `refund` says.
   */
  async refundOrder(
    tx: Tx,
    orderId: string,
    amountKobo: number,
    reason: string,
    opts: { bearer?: Bearer; byPayer?: ReadonlyMap<string, number> } = {},
  ): Promise<void> {
    const pays = await orderPaymentsOf(tx, orderId);
    if (!pays.length) throw conflict('Only a paid payment can be refunded.', 'not_paid');
    if (!Number.isSafeInteger(amountKobo) || amountKobo <= 0)
      throw badRequest('A refund must be whole kobo above zero.', 'invalid_amount');
    if (amountKobo > leftToRefund(pays))
      throw conflict('The refund is more than what is left of the payment.', 'refund_exceeds_payment');
    for (const part of splitRefund(pays, amountKobo, opts.byPayer))
      await this.refunds.refund(tx, part.paymentId, part.amountKobo, reason, opts.bearer);
  }

  /** The webhook entry point (Paystack's and the sandbox's). */
  receiveWebhook(raw: Buffer, signature: unknown): Promise<WebhookAnswer> {
    return this.webhooks.receive(raw, signature);
  }

  /** Verifies attempts left open for a while; the number settled (Reconciliation.reconcile). */
  reconcile(now?: Date): Promise<number> {
    return this.reconciliation.reconcile(now);
  }

  /** One reconciliation run per slot, however many instances ask. */
  scheduleReconciliation(at?: Date): Promise<void> {
    return this.reconciliation.schedule(at);
  }
}
