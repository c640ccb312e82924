import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { Batcher } from '../../infra/batch.js';
import type { Db, Tx } from '../../infra/db/client.js';
import { checkpoint } from '../../infra/faults/checkpoints.js';
import { cancelActionUrl, type InitializeResult, type PaymentProvider } from '../../infra/payments/types.js';
import { AppError, badRequest } from '../../lib/errors.js';
import * as repo from './payments.repo.js';
import type { PaymentRow } from './payments.repo.js';
import type { PaymentPurpose } from './purposes.js';
import type { Settlement } from './settlement.js';

type CallbackPath = '/loader?next=my-orders' | '/loader?next=dispatch' | `/loader?next=group/${string}`;

/** What a purpose (order, dispatch, a group member's share) asks to be paid. */
export interface AttemptInput {
  purpose: PaymentPurpose;
  subjectId: string;
  userId: string;
  email: string;
  amountKobo: number;
  callbackPath: CallbackPath;
}

/** A reference's letter names what it pays for: an order, a dispatch, a group member's share. */
const REFERENCE_PREFIX: Record<PaymentPurpose, string> = { order: 'o', dispatch: 'd', group_share: 'g' };

const PROVIDER_UNAVAILABLE = 'We could not reach the payment provider. Please try again.';
const PAYMENT_NOT_STARTED = 'We could not start your payment. Please try again.';

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

/**
 * Payment attempts: recorded beside what they pay for, then handed to the provider with no
 * transaction open (decision 0009).
 */
export class PaymentAttempts {
  /** The provider's answers of attempts handed over together, stored in one statement. */
  private readonly initialized: Batcher<InitializedAnswer, boolean>;

  constructor(
    private readonly opts: {
      db: Db;
      /** Batches of writes worth running at once (Database.batches). */
      batches?: number;
      provider: PaymentProvider;
      log: Logger;
      publicUrl: string;
      settlement: Settlement;
    },
  ) {
    this.initialized = new Batcher(
      async (answers) => {
        const stored = await repo.markInitialized(opts.db, answers);
        return answers.map((a) => stored.has(a.id));
      },
      { concurrency: opts.batches },
    );
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
    const { payment, attempt, result } = await this.opts.db.transaction(async (tx) => {
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
      reference: `jara-${REFERENCE_PREFIX[attempt.purpose]}-${Date.now().toString(36)}-${randomBytes(8).toString('hex')}`,
      userId: attempt.userId,
      purpose: attempt.purpose,
      subjectId: attempt.subjectId,
      amountKobo: attempt.amountKobo,
      currency: 'NGN',
      provider: this.opts.provider.name,
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
    const { provider, log } = this.opts;
    checkpoint('order-recorded');
    const reference = payment.reference;
    const callbackUrl = `${this.opts.publicUrl}${attempt.callbackPath}`;
    let init: InitializeResult;
    try {
      init = await provider.initialize({
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
      log.error({ err, reference }, 'payment initialize failed');
      try {
        // Never handed to the customer, so nobody can pay it: failed now, not left for reconciliation.
        await this.opts.settlement.fail(payment, 'failed', ['initializing']);
      } catch (markErr) {
        log.error({ err: markErr, reference }, 'could not mark the attempt failed; reconciliation will');
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
      log.error({ err, reference }, "could not store the provider's answer; reconciliation will settle the attempt");
    }
    // Not stored (or reconciliation got there first): the customer never gets this attempt's page.
    if (!stored) throw new AppError(503, 'payment_not_started', PAYMENT_NOT_STARTED);
    return { ...result, url: init.authorizationUrl, reference };
  }
}
