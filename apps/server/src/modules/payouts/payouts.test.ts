import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EarningsDto } from '@jara/shared';
import { buildTestApp, createUser, type TestApp } from '../../../test/helpers.js';
import { fixedClock } from '../../context.js';
import type { payouts } from './payouts.tables.js';
import { lagosDayStart, requestPayout, summarise, type EarningEntry } from './payouts.service.js';

// Monday 23 November 2026; Lagos is UTC+1 all year.
describe('payout dates (Africa/Lagos)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.closeAll());

  /** When a payout a rider requests at `at` falls due. */
  async function dueWhenRequestedAt(at: string): Promise<string> {
    app.ctx.clock = fixedClock(new Date(at));
    const { user } = await createUser(app, { role: 'rider' });
    const account = { accountName: 'Rotimi Rider', accountNumber: '0123456789', bankCode: '058' };
    const delivered: EarningEntry = {
      id: 'o1',
      at: new Date(0),
      grossKobo: 50_000,
      netKobo: 50_000,
      what: { kind: 'order' },
    };
    return (await requestPayout(app.ctx, { userId: user.id, payeeType: 'rider' }, account, async () => [delivered]))
      .dueAt;
  }

  it('pays on the next working day at 10:00 Lagos time', async () => {
    expect(await dueWhenRequestedAt('2026-11-23T09:00:00Z')).toBe('2026-11-24T09:00:00.000Z'); // Monday → Tuesday
    expect(await dueWhenRequestedAt('2026-11-20T12:00:00Z')).toBe('2026-11-23T09:00:00.000Z'); // Friday → Monday
    expect(await dueWhenRequestedAt('2026-11-21T12:00:00Z')).toBe('2026-11-23T09:00:00.000Z'); // Saturday → Monday
    // 23:30 UTC on Sunday is already Monday in Lagos.
    expect(await dueWhenRequestedAt('2026-11-22T23:30:00Z')).toBe('2026-11-24T09:00:00.000Z');
  });

  it('starts the day and the week (Monday) in Lagos', () => {
    const weekOf = (at: string) =>
      summarise(
        [{ id: 'o1', at: new Date(at), grossKobo: 100_000, netKobo: 90_000, what: { kind: 'items', count: 1 } }],
        [],
        10,
        later,
        0,
      ).byWeek[0]!.weekStart;
    expect(lagosDayStart(new Date('2026-11-22T23:30:00Z')).toISOString()).toBe('2026-11-22T23:00:00.000Z');
    expect(weekOf('2026-11-22T23:30:00Z')).toBe('2026-11-23');
    expect(weekOf('2026-11-22T22:30:00Z')).toBe('2026-11-16');
  });
});

/** Long after every entry of these tests: their dispute windows are over. */
const later = { now: new Date('2027-01-01T00:00:00Z'), windowMs: 30 * 60_000 };

type PayoutRow = typeof payouts.$inferSelect;
const payout = (over: Partial<PayoutRow>): PayoutRow => ({
  id: crypto.randomUUID(),
  userId: 'u1',
  payeeType: 'vendor',
  vendorId: null,
  amountKobo: 0,
  state: 'scheduled',
  dueAt: new Date('2026-11-24T09:00:00Z'),
  paidAt: null,
  reference: null,
  provider: null,
  failureReason: null,
  accountName: null,
  accountNumber: null,
  bankCode: null,
  recipientCode: null,
  transferCode: null,
  createdAt: new Date('2026-11-23T09:00:00Z'),
  ...over,
});

describe('summarise', () => {
  it('totals in naira, sums by Lagos week, counts paid and scheduled payouts but not failed ones', () => {
    const entries: EarningEntry[] = [
      {
        id: 'o2',
        at: new Date('2026-11-23T10:00:00Z'),
        grossKobo: 300_000,
        netKobo: 270_000,
        what: { kind: 'items', count: 3 },
      },
      {
        id: 'o1',
        at: new Date('2026-11-18T10:00:00Z'),
        grossKobo: 100_000,
        netKobo: 90_000,
        what: { kind: 'items', count: 1 },
      },
    ];
    const history = [
      payout({ amountKobo: 20_000, state: 'scheduled' }),
      payout({ amountKobo: 10_000, state: 'failed', failureReason: 'The transfer failed.' }),
      payout({
        amountKobo: 50_000,
        state: 'paid',
        paidAt: new Date('2026-11-20T09:00:00Z'),
        accountName: 'Mama Put Ventures',
        accountNumber: '0123456789',
        bankCode: '058',
      }),
    ];
    const e = summarise(entries, history, 10, later, 45_000);
    expect(EarningsDto.safeParse(e).success).toBe(true);
    expect(e).toMatchObject({
      percent: 10,
      totalEarned: 3600,
      paidOut: 500,
      scheduled: 200,
      available: 2900,
      held: 450,
      inWindow: 0,
      disputeWindowMinutes: 30,
    });
    expect(e.byWeek).toEqual([
      { weekStart: '2026-11-23', gross: 3000, net: 2700, count: 1 },
      { weekStart: '2026-11-16', gross: 1000, net: 900, count: 1 },
    ]);
    expect(e.entries[0]).toEqual({
      _id: 'o2',
      date: '2026-11-23T10:00:00.000Z',
      gross: 3000,
      net: 2700,
      what: { kind: 'items', count: 3 },
      releasesAt: '2026-11-23T10:30:00.000Z',
      released: true,
      disputed: false,
      borne: 0,
    });
    expect(e.payouts.map((p) => p.state)).toEqual(['scheduled', 'failed', 'paid']);
    expect(e.payouts[2]).toMatchObject({ amount: 500, account: 'Guaranty Trust Bank ••••6789' });
    expect(e.lastAccount).toEqual({ accountName: 'Mama Put Ventures', bankCode: '058', accountNumberLast4: '6789' });
  });

  it('never offers less than nothing', () => {
    const e = summarise([], [payout({ amountKobo: 5_000, state: 'processing' })], 10, later, 0);
    expect(e).toMatchObject({ totalEarned: 0, scheduled: 50, available: 0, lastAccount: null });
  });

  it('releases a delivery once its dispute window ends, not before', () => {
    const deliveredAt = new Date('2026-11-23T10:00:00Z');
    const entries: EarningEntry[] = [
      { id: 'o1', at: deliveredAt, grossKobo: 100_000, netKobo: 90_000, what: { kind: 'items', count: 1 } },
      {
        id: 'o0',
        at: new Date('2026-11-22T10:00:00Z'),
        grossKobo: 50_000,
        netKobo: 45_000,
        what: { kind: 'items', count: 1 },
      },
    ];
    const at = (minutes: number) =>
      summarise(entries, [], 10, { now: new Date(deliveredAt.getTime() + minutes * 60_000), windowMs: 30 * 60_000 }, 0);
    expect(at(29)).toMatchObject({ totalEarned: 1350, inWindow: 900, available: 450 });
    expect(at(29).entries[0]).toMatchObject({ released: false, releasesAt: '2026-11-23T10:30:00.000Z' });
    expect(at(30)).toMatchObject({ totalEarned: 1350, inWindow: 0, available: 1350 });
    expect(at(30).entries[0]!.released).toBe(true);
  });
});
