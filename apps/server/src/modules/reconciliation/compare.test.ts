/**
 * The comparison's rules on records written out by hand: the cases the end-to-end tests
 * (reconciliation.test.ts) do not reach through the local Paystack.
 */
import { describe, expect, it } from 'vitest';
import type { ListedTransaction } from '../../infra/payments/types.js';
import type { PaymentRecord, RefundRecord } from '../payments/index.js';
import { compareDay, leftOut, type DayRecords, type PayoutRecord } from './compare.js';

const window = { from: new Date('2026-03-01T00:00:00+01:00'), to: new Date('2026-03-02T00:00:00+01:00') };
const NOON = new Date('2026-03-01T12:00:00+01:00');
const DAY_BEFORE = new Date('2026-02-28T23:50:00+01:00');
const REFUND_ID = '00000000-0000-4000-8000-0000000000aa';

const payment = (reference: string, over: Partial<PaymentRecord> = {}): PaymentRecord => ({
  id: `id-${reference}`,
  reference,
  amountKobo: 100_000,
  refundedKobo: 0,
  state: 'paid',
  paidAt: NOON,
  ...over,
});
const txn = (reference: string, over: Partial<ListedTransaction> = {}): ListedTransaction => ({
  reference,
  amountKobo: 100_000,
  currency: 'NGN',
  status: 'success',
  feesKobo: 1_500,
  at: NOON.toISOString(),
  ...over,
});
const refund = (over: Partial<RefundRecord> = {}): RefundRecord => ({
  id: REFUND_ID,
  reference: 'pay-1',
  amountKobo: 40_000,
  state: 'processed',
  sentAt: NOON,
  createdAt: NOON,
  processedAt: NOON,
  ...over,
});
const payout = (over: Partial<PayoutRecord> = {}): PayoutRecord => ({
  reference: 'jara_payout_1',
  amountKobo: 50_000,
  state: 'paid',
  paidAt: NOON,
  ...over,
});

function day(over: {
  transactions?: ListedTransaction[];
  refunds?: DayRecords['provider']['refunds'];
  transfers?: DayRecords['provider']['transfers'];
  payments?: PaymentRecord[];
  ourRefunds?: RefundRecord[];
  payouts?: PayoutRecord[] | null;
  asked?: Partial<DayRecords['asked']>;
}): DayRecords {
  return {
    window,
    provider: { transactions: over.transactions ?? [], refunds: over.refunds ?? [], transfers: over.transfers ?? [] },
    ours: {
      payments: over.payments ?? [],
      refunds: over.ourRefunds ?? [],
      payouts: over.payouts === undefined ? [] : over.payouts,
    },
    refundIdInNote: (note) => /^jara-refund:(\S+)/.exec(note)?.[1] ?? null,
    asked: { transactions: new Map(), refunds: new Map(), transfers: new Map(), ...over.asked },
  };
}

describe('compareDay', () => {
  it('agrees on matching records, and counts the fees of the charges we hold paid', () => {
    const out = compareDay(
      day({
        transactions: [txn('pay-1'), txn('abandoned', { status: 'abandoned', feesKobo: null })],
        payments: [payment('pay-1')],
        refunds: [
          {
            providerRef: '9',
            reference: 'pay-1',
            amountKobo: 40_000,
            status: 'processed',
            note: `jara-refund:${REFUND_ID} Cancelled`,
            at: NOON.toISOString(),
          },
        ],
        ourRefunds: [refund()],
        transfers: [
          { reference: 'jara_payout_1', transferCode: 'TRF_1', amountKobo: 50_000, status: 'success', at: '' },
        ],
        payouts: [payout()],
      }),
    );
    expect(out.differences).toEqual([]);
    expect(out.fees).toEqual([{ payment: { id: 'id-pay-1', reference: 'pay-1' }, feeKobo: 1_500 }]);
    expect(out.summary).toEqual({
      charges: { ours: { count: 1, kobo: 100_000 }, provider: { count: 1, kobo: 100_000 } },
      refunds: { ours: { count: 1, kobo: 40_000 }, provider: { count: 1, kobo: 40_000 } },
      transfers: { ours: { count: 1, kobo: 50_000 }, provider: { count: 1, kobo: 50_000 } },
      fees: { ours: { count: 1, kobo: 1_500 }, provider: { count: 1, kobo: 1_500 } },
    });
  });

  it('a charge refunded in full is `reversed` at the provider: as it should be, unless ours was not refunded', () => {
    const reversed = txn('pay-1', { status: 'reversed' });
    expect(
      compareDay(day({ transactions: [reversed], payments: [payment('pay-1', { refundedKobo: 100_000 })] }))
        .differences,
    ).toEqual([]);
    expect(compareDay(day({ transactions: [reversed], payments: [payment('pay-1')] })).differences).toEqual([
      {
        kind: 'payment_not_success',
        reference: 'pay-1',
        ours: { kobo: 100_000, status: 'paid' },
        provider: { kobo: 100_000, status: 'reversed' },
      },
    ]);
  });

  it('ours paid after midnight for a transaction of the day before: asked of the provider, not a difference', () => {
    const late = payment('late', { paidAt: NOON });
    const records = day({ payments: [late] });
    expect(leftOut(records).payments).toEqual([late]);
    const success = {
      status: 'success',
      reference: 'late',
      amountKobo: 100_000,
      currency: 'NGN',
      paidAt: null,
      channel: null,
      gatewayResponse: null,
      id: null,
    };
    expect(
      compareDay({ ...records, asked: { ...records.asked, transactions: new Map([['late', success]]) } }).differences,
    ).toEqual([]);
    // …and one the provider has not at all.
    expect(
      compareDay({ ...records, asked: { ...records.asked, transactions: new Map([['late', null]]) } }).differences,
    ).toEqual([
      { kind: 'payment_not_success', reference: 'late', ours: { kobo: 100_000, status: 'paid' }, provider: null },
    ]);
  });

  it('a listed charge paid here the day before is matched by its reference, not counted in our day', () => {
    const out = compareDay(day({ transactions: [txn('early')], payments: [payment('early', { paidAt: DAY_BEFORE })] }));
    expect(out.differences).toEqual([]);
    expect(out.summary.charges).toEqual({ ours: { count: 0, kobo: 0 }, provider: { count: 1, kobo: 100_000 } });
  });

  it('a successful charge whose payment we hold abandoned: charge_not_paid; a failed one nobody paid: nothing', () => {
    const out = compareDay(
      day({
        transactions: [txn('healed'), txn('declined', { status: 'failed', feesKobo: null })],
        payments: [
          payment('healed', { state: 'abandoned', paidAt: null }),
          payment('declined', { state: 'failed', paidAt: null }),
        ],
      }),
    );
    expect(out.differences.map((d) => [d.kind, d.reference])).toEqual([['charge_not_paid', 'healed']]);
    expect(out.fees).toEqual([]);
  });

  it('refunds: states that disagree, one failed at the provider that is none of ours is no difference', () => {
    const note = `jara-refund:${REFUND_ID} x`;
    const listed = (status: string) => ({
      providerRef: '9',
      reference: 'pay-1',
      amountKobo: 40_000,
      status,
      note,
      at: '',
    });
    expect(
      compareDay(day({ refunds: [listed('processed')], ourRefunds: [refund({ state: 'pending', processedAt: null })] }))
        .differences,
    ).toMatchObject([{ kind: 'refund_state', reference: REFUND_ID, payment: 'pay-1' }]);
    expect(
      compareDay(day({ refunds: [listed('pending')], ourRefunds: [refund({ state: 'pending', processedAt: null })] }))
        .differences,
    ).toEqual([]);
    expect(compareDay(day({ refunds: [{ ...listed('failed'), note: 'by hand' }] })).differences).toEqual([]);
    // Ours processed, found by the look-up still pending there.
    const records = day({ ourRefunds: [refund()] });
    expect(
      compareDay({
        ...records,
        asked: { ...records.asked, refunds: new Map([[REFUND_ID, { providerRef: '9', status: 'pending' }]]) },
      }).differences,
    ).toMatchObject([{ kind: 'refund_state', provider: { kobo: 40_000, status: 'pending' } }]);
  });

  it('transfers: a success whose payout failed here is payout_not_paid; without our payouts nothing is compared', () => {
    const transfers = [
      { reference: 'jara_payout_1', transferCode: 'TRF_1', amountKobo: 50_000, status: 'success', at: '' },
    ];
    expect(
      compareDay(day({ transfers, payouts: [payout({ state: 'failed', paidAt: null })] })).differences,
    ).toMatchObject([{ kind: 'payout_not_paid', reference: 'jara_payout_1' }]);
    const blind = compareDay(day({ transfers, payouts: null }));
    expect(blind.differences).toEqual([]);
    expect(blind.summary.transfers).toEqual({ ours: null, provider: { count: 1, kobo: 50_000 } });
  });
});
