/**
 * The reconciliation's rules, pure: a day's records at the provider beside ours, and every
 * difference between them, with the summary of both sides (decision 0046). The service gathers
 * the inputs (the provider's lists, our records, the provider's answers about ours that its lists
 * left out) and stores what comes out.
 */
import type { DifferenceKind } from '@jara/shared';
import type {
  ListedRefund,
  ListedTransaction,
  ListedTransfer,
  ListWindow,
  ProviderTransaction,
  RefundResult,
  TransferResult,
} from '../../infra/payments/types.js';
import type { PaymentRecord, RefundRecord } from '../payments/index.js';
import type { SummaryKobo, TallyKobo } from './reconciliation.tables.js';

/** A payout as the reconciliation compares it with the provider's transfer. */
export interface PayoutRecord {
  reference: string;
  amountKobo: number;
  state: 'scheduled' | 'processing' | 'paid' | 'failed';
  paidAt: Date | null;
}

/** One side of a difference: an amount and the state it is in there. */
interface Side {
  kobo: number;
  status: string;
}

export interface Difference {
  kind: DifferenceKind;
  /** The payment's or payout's reference; our refund's id (the provider's, for a refund none of ours). */
  reference: string;
  ours: Side | null;
  provider: Side | null;
  /** The payment a refund difference is about (its reference). */
  payment?: string;
}

/** What the day's comparison reads. */
export interface DayRecords {
  window: ListWindow;
  provider: { transactions: ListedTransaction[]; refunds: ListedRefund[]; transfers: ListedTransfer[] };
  ours: { payments: PaymentRecord[]; refunds: RefundRecord[]; payouts: PayoutRecord[] | null };
  /** Our refund's id in a provider refund's note, or null (payments' refundIdInNote). */
  refundIdInNote: (note: string) => string | null;
  /**
   * What the provider answered, asked one by one, about what we settled that day and its lists do
   * not hold (a record made the day before, paid after midnight; or really missing): null when it
   * has none. Keyed by payment reference, our refund's id, payout reference.
   */
  asked: {
    transactions: ReadonlyMap<string, ProviderTransaction | null>;
    refunds: ReadonlyMap<string, RefundResult | null>;
    transfers: ReadonlyMap<string, TransferResult | null>;
  };
}

export interface DayOutcome {
  differences: Difference[];
  summary: SummaryKobo;
  /** The provider's fee on each charge whose payment we hold paid (for the ledger). */
  fees: { payment: { id: string; reference: string }; feeKobo: number }[];
}

/** A transaction's states in which the money was taken (a full refund leaves it `reversed`). */
const CHARGED = new Set(['success', 'reversed']);

/** A provider refund's status in our words: processed, failed, or on its way (pending, processing …). */
const refundState = (status: string): RefundRecord['state'] =>
  status === 'processed' || status === 'failed' ? status : 'pending';

const inWindow = (at: Date | null, w: ListWindow) => at !== null && at >= w.from && at < w.to;
const tally = <T>(rows: T[], kobo: (r: T) => number): TallyKobo => ({
  count: rows.length,
  kobo: rows.reduce((s, r) => s + kobo(r), 0),
});

/** Ours paid, beside the provider's transaction (listed or asked); the differences it makes. */
function chargeAgainst(
  ours: PaymentRecord,
  theirs: { status: string; amountKobo: number } | null,
  out: Difference[],
): void {
  const oursSide = { kobo: ours.amountKobo, status: ours.state };
  const providerSide = theirs && { kobo: theirs.amountKobo, status: theirs.status };
  // A transaction refunded in full is `reversed` at the provider: as it should be when ours was.
  const kept =
    theirs !== null &&
    (theirs.status === 'success' || (theirs.status === 'reversed' && ours.refundedKobo >= ours.amountKobo));
  if (!kept) {
    out.push({ kind: 'payment_not_success', reference: ours.reference, ours: oursSide, provider: providerSide });
    return;
  }
  if (theirs.amountKobo !== ours.amountKobo)
    out.push({ kind: 'charge_amount', reference: ours.reference, ours: oursSide, provider: providerSide });
}

function compareCharges(day: DayRecords, out: Difference[], fees: DayOutcome['fees']): void {
  const byReference = new Map(day.ours.payments.map((p) => [p.reference, p]));
  const listed = new Map(day.provider.transactions.map((t) => [t.reference, t]));
  for (const t of day.provider.transactions) {
    const ours = byReference.get(t.reference);
    const theirs = { kobo: t.amountKobo, status: t.status };
    if (ours?.state === 'paid') {
      chargeAgainst(ours, t, out);
      if (CHARGED.has(t.status) && t.feesKobo !== null)
        fees.push({ payment: { id: ours.id, reference: ours.reference }, feeKobo: t.feesKobo });
    } else if (CHARGED.has(t.status)) {
      out.push(
        ours
          ? {
              kind: 'charge_not_paid',
              reference: t.reference,
              ours: { kobo: ours.amountKobo, status: ours.state },
              provider: theirs,
            }
          : { kind: 'charge_missing', reference: t.reference, ours: null, provider: theirs },
      );
    }
  }
  // Ours paid that day that the lists do not hold: what the provider said when asked.
  for (const p of day.ours.payments) {
    if (p.state !== 'paid' || !inWindow(p.paidAt, day.window) || listed.has(p.reference)) continue;
    chargeAgainst(p, day.asked.transactions.get(p.reference) ?? null, out);
  }
}

function compareRefunds(day: DayRecords, out: Difference[]): void {
  const byId = new Map(day.ours.refunds.map((r) => [r.id, r]));
  const listed = new Set<string>();
  for (const r of day.provider.refunds) {
    const id = day.refundIdInNote(r.note);
    const ours = id ? byId.get(id) : undefined;
    const theirs = { kobo: r.amountKobo, status: r.status };
    if (!ours) {
      // A refund that failed at the provider moved no money.
      if (refundState(r.status) !== 'failed')
        out.push({
          kind: 'refund_unknown',
          reference: r.providerRef,
          ours: null,
          provider: theirs,
          payment: r.reference,
        });
      continue;
    }
    listed.add(ours.id);
    const oursSide = { kobo: ours.amountKobo, status: ours.state };
    if (r.amountKobo !== ours.amountKobo)
      out.push({
        kind: 'refund_amount',
        reference: ours.id,
        ours: oursSide,
        provider: theirs,
        payment: ours.reference,
      });
    else if (refundState(r.status) !== ours.state)
      out.push({ kind: 'refund_state', reference: ours.id, ours: oursSide, provider: theirs, payment: ours.reference });
  }
  for (const r of day.ours.refunds) {
    if (r.state !== 'processed' || !inWindow(r.processedAt, day.window) || listed.has(r.id)) continue;
    const theirs = day.asked.refunds.get(r.id) ?? null;
    const oursSide = { kobo: r.amountKobo, status: r.state };
    if (!theirs)
      out.push({ kind: 'refund_missing', reference: r.id, ours: oursSide, provider: null, payment: r.reference });
    else if (refundState(theirs.status) !== 'processed')
      out.push({
        kind: 'refund_state',
        reference: r.id,
        ours: oursSide,
        // The provider's look-up says the state, not the amount: the amount is ours.
        provider: { kobo: r.amountKobo, status: theirs.status },
        payment: r.reference,
      });
  }
}

function compareTransfers(day: DayRecords, payouts: PayoutRecord[], out: Difference[]): void {
  const byReference = new Map(payouts.map((p) => [p.reference, p]));
  const listed = new Set(day.provider.transfers.map((t) => t.reference));
  for (const t of day.provider.transfers) {
    const ours = byReference.get(t.reference);
    const theirs = { kobo: t.amountKobo, status: t.status };
    if (!ours) {
      out.push({ kind: 'transfer_unknown', reference: t.reference, ours: null, provider: theirs });
      continue;
    }
    const oursSide = { kobo: ours.amountKobo, status: ours.state };
    if (t.amountKobo !== ours.amountKobo)
      out.push({ kind: 'transfer_amount', reference: t.reference, ours: oursSide, provider: theirs });
    else if (ours.state === 'paid' && t.status !== 'success')
      out.push({ kind: 'payout_not_success', reference: t.reference, ours: oursSide, provider: theirs });
    else if (ours.state !== 'paid' && t.status === 'success')
      out.push({ kind: 'payout_not_paid', reference: t.reference, ours: oursSide, provider: theirs });
  }
  for (const p of payouts) {
    if (p.state !== 'paid' || !inWindow(p.paidAt, day.window) || listed.has(p.reference)) continue;
    const theirs = day.asked.transfers.get(p.reference) ?? null;
    if (theirs?.status === 'success') continue;
    out.push({
      kind: 'payout_not_success',
      reference: p.reference,
      ours: { kobo: p.amountKobo, status: p.state },
      // The look-up says the state; the amount is ours.
      provider: theirs && { kobo: p.amountKobo, status: theirs.status },
    });
  }
}

/** Which of ours settled that day the provider's lists left out: the provider is asked about each. */
export function leftOut(day: Omit<DayRecords, 'asked'>): {
  payments: PaymentRecord[];
  refunds: RefundRecord[];
  payouts: PayoutRecord[];
} {
  const listedTransactions = new Set(day.provider.transactions.map((t) => t.reference));
  const listedRefunds = new Set(day.provider.refunds.map((r) => day.refundIdInNote(r.note)));
  const listedTransfers = new Set(day.provider.transfers.map((t) => t.reference));
  return {
    payments: day.ours.payments.filter(
      (p) => p.state === 'paid' && inWindow(p.paidAt, day.window) && !listedTransactions.has(p.reference),
    ),
    refunds: day.ours.refunds.filter(
      (r) => r.state === 'processed' && inWindow(r.processedAt, day.window) && !listedRefunds.has(r.id),
    ),
    payouts: (day.ours.payouts ?? []).filter(
      (p) => p.state === 'paid' && inWindow(p.paidAt, day.window) && !listedTransfers.has(p.reference),
    ),
  };
}

/** Every difference of the day, the summary of both sides, and the fees to post. */
export function compareDay(day: DayRecords): DayOutcome {
  const differences: Difference[] = [];
  const fees: DayOutcome['fees'] = [];
  compareCharges(day, differences, fees);
  compareRefunds(day, differences);
  if (day.ours.payouts) compareTransfers(day, day.ours.payouts, differences);

  const charged = day.provider.transactions.filter((t) => CHARGED.has(t.status));
  const payouts = day.ours.payouts;
  const summary: SummaryKobo = {
    charges: {
      ours: tally(
        day.ours.payments.filter((p) => p.state === 'paid' && inWindow(p.paidAt, day.window)),
        (p) => p.amountKobo,
      ),
      provider: tally(charged, (t) => t.amountKobo),
    },
    refunds: {
      ours: tally(
        day.ours.refunds.filter((r) => r.state === 'processed' && inWindow(r.processedAt, day.window)),
        (r) => r.amountKobo,
      ),
      provider: tally(
        day.provider.refunds.filter((r) => refundState(r.status) !== 'failed'),
        (r) => r.amountKobo,
      ),
    },
    transfers: {
      ours: payouts
        ? tally(
            payouts.filter((p) => p.state === 'paid' && inWindow(p.paidAt, day.window)),
            (p) => p.amountKobo,
          )
        : null,
      provider: tally(
        day.provider.transfers.filter((t) => t.status === 'success'),
        (t) => t.amountKobo,
      ),
    },
    fees: {
      ours: tally(fees, (f) => f.feeKobo),
      provider: tally(
        charged.filter((t) => t.feesKobo !== null),
        (t) => t.feesKobo ?? 0,
      ),
    },
  };
  return { differences, summary, fees };
}
