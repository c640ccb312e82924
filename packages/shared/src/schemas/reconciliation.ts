import { z } from 'zod';
import { okAnswer } from './common.js';

/**
 * The daily reconciliation against the payment provider (issue 30, decision 0046): for one Lagos
 * day, the provider's transactions, refunds and transfers beside our payments, refunds and
 * payouts, and every difference between them. Amounts in naira, as every answer (decision 0002).
 */

export const ReconciliationState = z.enum(['running', 'done', 'failed']);
export type ReconciliationState = z.infer<typeof ReconciliationState>;

/** What a difference is about; each has its sentence (modules/reconciliation/locales). */
const DIFFERENCE_KINDS = [
  /** The provider has a charge we have no payment for. */
  'charge_missing',
  /** The provider has a successful charge whose payment we do not hold as paid. */
  'charge_not_paid',
  /** Both have the charge, for different amounts. */
  'charge_amount',
  /** We hold a payment paid that the provider does not have as success (or at all). */
  'payment_not_success',
  /** The provider has a refund that is none of ours. */
  'refund_unknown',
  /** Our refund is processed and the provider has none. */
  'refund_missing',
  /** Both have the refund, for different amounts. */
  'refund_amount',
  /** Both have the refund, one processed and the other not. */
  'refund_state',
  /** The provider has a transfer we have no payout for. */
  'transfer_unknown',
  /** Both have the transfer, for different amounts. */
  'transfer_amount',
  /** Our payout is paid and its transfer is not a success at the provider (failed, reversed, none). */
  'payout_not_success',
  /** The transfer succeeded at the provider and our payout is not paid. */
  'payout_not_paid',
] as const;
export const DifferenceKind = z.enum(DIFFERENCE_KINDS);
export type DifferenceKind = z.infer<typeof DifferenceKind>;

/** `POST /api/admin/reconciliation`: run one Lagos day now (not one still to come). */
export const RunReconciliationInput = z.strictObject({
  day: z.iso.date({ message: 'Give the day as YYYY-MM-DD' }),
});
export type RunReconciliationInput = z.infer<typeof RunReconciliationInput>;

/** How many and how much, on one side. */
const Tally = z.object({ count: z.number().int(), amount: z.number() });
export type Tally = z.infer<typeof Tally>;
const BothSides = z.object({ ours: Tally, provider: Tally });

/**
 * A run's counts and sums on both sides: charges (payments paid that day; the provider's
 * successful transactions), refunds (processed; the provider's, failed ones aside), transfers
 * (payouts paid; the provider's successful transfers) and the provider's fees (on the charges we
 * hold paid; on all its charges). `transfers.ours` is null when our payouts could not be read.
 */
export const ReconciliationSummary = z.object({
  charges: BothSides,
  refunds: BothSides,
  transfers: z.object({ ours: Tally.nullable(), provider: Tally }),
  fees: BothSides,
});
export type ReconciliationSummary = z.infer<typeof ReconciliationSummary>;

/** One run: a day, reconciled once or again (a re-run replaces the day's findings). */
export const ReconciliationRun = z.object({
  _id: z.string(),
  day: z.string(),
  state: ReconciliationState,
  /** Who started it: the daily schedule or an admin. */
  trigger: z.enum(['schedule', 'admin']),
  /** The provider compared with: paystack or the sandbox. */
  provider: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Why it failed (the provider's error), when it did. */
  error: z.string().nullable(),
  differences: z.number().int(),
  /** Done, with no difference: both sides agree. */
  agreed: z.boolean(),
  summary: ReconciliationSummary.nullable(),
  /**
   * Where our ledger did not agree with our records when the run ended (decision 0045's invariant,
   * in English): none when the books balance.
   */
  ledgerProblems: z.array(z.string()),
});
export type ReconciliationRun = z.infer<typeof ReconciliationRun>;

/** One side of a difference: its amount and state there. */
const DifferenceSide = z.object({ amount: z.number(), status: z.string() });

export const ReconciliationDifference = z.object({
  _id: z.string(),
  kind: DifferenceKind,
  /** The payment's reference, our refund's id or the payout's reference. */
  reference: z.string(),
  /** What we have; null when we have nothing. */
  ours: DifferenceSide.nullable(),
  /** What the provider has; null when it has nothing. */
  provider: DifferenceSide.nullable(),
  /** The difference in a sentence, in the request's language. */
  note: z.string(),
});
export type ReconciliationDifference = z.infer<typeof ReconciliationDifference>;

/** `GET /api/admin/reconciliation`: the runs, newest day first. */
export const ReconciliationRunsAnswer = okAnswer({ runs: z.array(ReconciliationRun) });
export type ReconciliationRunsAnswer = z.infer<typeof ReconciliationRunsAnswer>;

/** `GET /api/admin/reconciliation/:id` and `POST /api/admin/reconciliation`: a run and its differences. */
export const ReconciliationRunAnswer = okAnswer({
  run: ReconciliationRun,
  differences: z.array(ReconciliationDifference),
});
export type ReconciliationRunAnswer = z.infer<typeof ReconciliationRunAnswer>;
