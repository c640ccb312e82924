/**
 * The daily reconciliation (decision 0046) against a local server that answers like Paystack:
 * records made through the real flows (checkout, cancel and refund, payout and transfer), then
 * differences planted on either side, and a day run as an admin runs it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gte, isNull } from 'drizzle-orm';
import {
  LANGUAGE_COOKIE,
  paystackFeeKobo,
  type ErrorAnswer,
  type PayoutAnswer,
  type ReconciliationRunAnswer,
  type ReconciliationRunsAnswer,
} from '@jara/shared';
import { buildTestApp, createUser, json, runScheduledJobs, type TestApp } from '../../../test/helpers.js';
import {
  checkoutOk,
  createCustomer,
  createShop,
  origin,
  sandboxAction,
  verify,
} from '../../../test/factories-checkout.js';
import { adminAccount, createPaidOrder, createVendorAccount } from '../../../test/factories-portals.js';
import { startLocalPaystack, type LocalPaystack } from '../../../test/local-paystack.js';
import { jobs } from '../../infra/db/tables.js';
import { sandboxRefunds, sandboxTransactions } from '../../infra/payments/sandbox.tables.js';
import { books } from '../ledger/index.js';
import { orderItems } from '../orders/orders.tables.js';
import { payments, refunds } from '../payments/payments.tables.js';
import { payouts } from '../payouts/payouts.tables.js';

let app: TestApp;
let paystack: LocalPaystack;
let admin: Awaited<ReturnType<typeof adminAccount>>;

beforeAll(async () => {
  paystack = await startLocalPaystack();
  app = await buildTestApp({
    PAYMENT_PROVIDER: 'paystack',
    PAYSTACK_SECRET_KEY: paystack.secret,
    PAYSTACK_BASE_URL: paystack.baseUrl,
  });
  paystack.app = app;
  admin = await adminAccount(app);
});
afterAll(async () => {
  await app.closeAll();
  await paystack.close();
});

const LONG_AGO = new Date('2020-01-01T12:00:00Z');

/** A customer's order (₦1,500 item: ₦2,030 in all) checked out, paid at Paystack and verified: paid here. */
async function paidOrder() {
  const shop = await createShop(app, [150_000]);
  const customer = await createCustomer(app);
  const { reference } = await checkoutOk(app, customer.cookie, {
    items: [{ product: shop.products[0]!.product.id, quantity: 1 }],
    address: customer.address.id,
  });
  paystack.pay(reference);
  await verify(app, customer.cookie, reference);
  const [payment] = await app.ctx.db.select().from(payments).where(eq(payments.reference, reference));
  expect(payment!.state).toBe('paid');
  return { reference, customer, payment: payment! };
}

/** A paid order cancelled by its customer: refunded in full at Paystack, processed here by its webhook. */
async function refundedOrder() {
  const o = await paidOrder();
  const res = await app.inject({
    method: 'POST',
    url: `/api/order/cancel/${o.payment.subjectId}`,
    headers: { cookie: o.customer.cookie, ...origin },
  });
  expect(res.statusCode).toBe(200);
  await app.ctx.jobs.drain();
  await paystack.webhooksDelivered();
  await app.ctx.jobs.drain();
  const [refund] = await app.ctx.db.select().from(refunds).where(eq(refunds.paymentId, o.payment.id));
  expect(refund!.state).toBe('processed');
  return { ...o, refund: refund! };
}

/** A vendor's payout of released earnings, transferred at Paystack and paid here by the transfer webhook. */
async function paidPayout() {
  const v = await createVendorAccount(app);
  const buyer = await createUser(app);
  // The order's own payment was long ago: only the payout is in the day reconciled.
  const { order } = await createPaidOrder(app, buyer.user.id, [{ vendorId: v.vendor.id, priceKobo: 100_000 }], {
    paidAt: LONG_AGO,
  });
  await app.ctx.db
    .update(orderItems)
    .set({ status: 'Order Delivered', updatedAt: new Date(Date.now() - 24 * 60 * 60_000) })
    .where(eq(orderItems.orderId, order.id));
  const res = await app.inject({
    method: 'POST',
    url: '/api/seller/payouts',
    headers: { cookie: v.cookie, ...origin },
    payload: { accountName: 'Mama Put Ventures', accountNumber: '0123456789', bankCode: '058' },
  });
  expect(res.statusCode).toBe(200);
  const id = json<PayoutAnswer>(res).payout._id;
  await app.ctx.db
    .update(jobs)
    .set({ runAt: new Date(0) })
    .where(and(eq(jobs.kind, 'payout.transfer'), isNull(jobs.doneAt)));
  await app.ctx.jobs.drain();
  await paystack.webhooksDelivered();
  await app.ctx.jobs.drain();
  const [payout] = await app.ctx.db.select().from(payouts).where(eq(payouts.id, id));
  expect(payout!.state).toBe('paid');
  return payout!;
}

/**
 * Moves what both sides made since `since` to noon of a Lagos day (each test reconciles a day of
 * its own, so none sees another's records and none depends on the hour it runs at).
 */
async function moveTo(day: string, since: Date) {
  const noon = new Date(`${day}T12:00:00+01:00`);
  const db = app.ctx.db;
  await db.update(payments).set({ paidAt: noon }).where(gte(payments.paidAt, since));
  await db.update(payments).set({ createdAt: noon }).where(gte(payments.createdAt, since));
  await db.update(refunds).set({ processedAt: noon }).where(gte(refunds.processedAt, since));
  await db.update(refunds).set({ sentAt: noon }).where(gte(refunds.sentAt, since));
  await db.update(refunds).set({ createdAt: noon }).where(gte(refunds.createdAt, since));
  await db.update(payouts).set({ paidAt: noon }).where(gte(payouts.paidAt, since));
  for (const t of paystack.txns.values()) {
    if (t.createdAt >= since) t.createdAt = noon;
    if (t.paidAt && t.paidAt >= since) t.paidAt = noon;
  }
  for (const r of paystack.refunds) if (r.createdAt >= since) r.createdAt = noon;
  for (const t of paystack.transfers.values()) if (t.createdAt >= since) t.createdAt = noon;
}

const runDay = (day: unknown, cookie = admin.cookie) =>
  app.inject({ method: 'POST', url: '/api/admin/reconciliation', headers: { cookie, ...origin }, payload: { day } });
const get = (url: string, cookie = admin.cookie) => app.inject({ url, headers: { cookie } });
const feesBooked = async () => (await books(app.ctx.db)).balances.get('fees') ?? 0;
const naira = (kobo: number) => kobo / 100;

describe('a day with differences planted on both sides', () => {
  const DAY = '2026-03-02';
  let planted: {
    clean: string;
    refunded: Awaited<ReturnType<typeof refundedOrder>>;
    repriced: string;
    vanished: string;
    stray: string;
    neverSent: string;
    foreignRefund: string;
    reversed: string;
    strayTransfer: string;
  };
  let first: ReconciliationRunAnswer;

  it('lists each difference once, with both sides and a sentence, and the summary of both sides', async () => {
    const since = new Date();
    const clean = await paidOrder();
    const refunded = await refundedOrder();
    // Paystack's record of this charge says another amount than the one we verified.
    const repriced = await paidOrder();
    paystack.txns.get(repriced.reference)!.amount = 200_000;
    // Paid here, and Paystack has no such transaction.
    const vanished = await paidOrder();
    paystack.txns.delete(vanished.reference);
    // Paid at Paystack; its customer never came back and no webhook reached us.
    const stray = paystack.charge('jara_stray_charge_0001', 150_000).reference;
    // Our refund marked processed that never reached Paystack.
    const [neverSent] = await app.ctx.db
      .insert(refunds)
      .values({
        paymentId: clean.payment.id,
        amountKobo: 30_000,
        reason: 'Item missing',
        state: 'processed',
        processedAt: new Date(),
      })
      .returning();
    // A refund made on Paystack's dashboard: none of ours.
    paystack.refunds.push({
      id: 777,
      reference: clean.reference,
      amount: 5_000,
      merchant_note: 'Goodwill, by hand',
      status: 'processed',
      createdAt: new Date(),
    });
    // The bank sent this payout's money back after we marked it paid; the reversal's webhook was lost.
    const reversed = await paidPayout();
    paystack.transfers.get(reversed.reference!)!.status = 'reversed';
    // A transfer from the dashboard: no payout of ours.
    paystack.transfers.set('jara_payout_by_hand', {
      reference: 'jara_payout_by_hand',
      transfer_code: 'TRF_byhand',
      recipient: 'RCP_x',
      amount: 25_000,
      status: 'success',
      createdAt: new Date(),
    });
    await moveTo(DAY, since);
    planted = {
      clean: clean.reference,
      refunded,
      repriced: repriced.reference,
      vanished: vanished.reference,
      stray,
      neverSent: neverSent!.id,
      foreignRefund: '777',
      reversed: reversed.reference!,
      strayTransfer: 'jara_payout_by_hand',
    };

    const fees = await feesBooked();
    const res = await runDay(DAY);
    expect(res.statusCode).toBe(200);
    first = json<ReconciliationRunAnswer>(res);
    expect(first.run).toMatchObject({ day: DAY, state: 'done', trigger: 'admin', provider: 'paystack', error: null });
    expect(first.run.agreed).toBe(false);
    expect(first.differences.map((d) => [d.kind, d.reference]).sort()).toEqual(
      [
        ['charge_amount', planted.repriced],
        ['charge_missing', planted.stray],
        ['payment_not_success', planted.vanished],
        ['refund_missing', planted.neverSent],
        ['refund_unknown', planted.foreignRefund],
        ['payout_not_success', planted.reversed],
        ['transfer_unknown', planted.strayTransfer],
      ].sort(),
    );
    expect(first.run.differences).toBe(7);
    const of = (kind: string) => first.differences.find((d) => d.kind === kind)!;
    expect(of('charge_amount')).toMatchObject({
      ours: { amount: 2030, status: 'paid' },
      provider: { amount: 2000, status: 'success' },
      note: `Our payment ${planted.repriced} is ₦2,030; Paystack charged ₦2,000 (success).`,
    });
    expect(of('charge_missing')).toMatchObject({
      ours: null,
      provider: { amount: 1500, status: 'success' },
      note: `Paystack has a charge of ₦1,500 (success) under ${planted.stray}, and we have no payment with that reference.`,
    });
    expect(of('payment_not_success')).toMatchObject({
      provider: null,
      note: `We hold payment ${planted.vanished} paid (₦2,030), and Paystack has no such transaction.`,
    });
    expect(of('refund_missing').note).toBe(
      `Our refund ${planted.neverSent} of ₦300 on payment ${planted.clean} is processed, and Paystack has no such refund.`,
    );
    expect(of('refund_unknown')).toMatchObject({ ours: null, provider: { amount: 50, status: 'processed' } });
    expect(of('payout_not_success')).toMatchObject({
      ours: { status: 'paid' },
      provider: { status: 'reversed' },
      note: expect.stringMatching(
        /^Our payout jara_payout_\w+ of ₦[\d,.]+ is paid; Paystack has the transfer reversed\.$/,
      ),
    });

    // The summary: charges paid here that day, the provider's successful charges, and their fees.
    const charged = [2030, 2030, 2030, 2030]; // clean, refunded, repriced, vanished
    const theirs = [2030, 2030, 2000, 1500]; // clean, refunded, repriced, stray
    const summary = first.run.summary!;
    expect(summary.charges).toEqual({
      ours: { count: 4, amount: charged.reduce((a, b) => a + b) },
      provider: { count: 4, amount: theirs.reduce((a, b) => a + b) },
    });
    expect(summary.refunds).toEqual({
      ours: { count: 2, amount: 2030 + 300 },
      provider: { count: 2, amount: 2030 + 50 },
    });
    expect(summary.transfers.ours).toEqual({ count: 1, amount: naira(reversed.amountKobo) });
    expect(summary.transfers.provider).toEqual({ count: 1, amount: 250 }); // the reversed one is not a success
    const feeOf = (kobo: number) => paystackFeeKobo(kobo);
    const ourFees = feeOf(203_000) * 2 + feeOf(200_000);
    expect(summary.fees).toEqual({
      ours: { count: 3, amount: naira(ourFees) },
      provider: { count: 4, amount: naira(ourFees + feeOf(150_000)) },
    });
    // The provider's fees on the charges we hold paid are in the ledger, once.
    expect((await feesBooked()) - fees).toBe(ourFees);
  });

  it('is listed with its counts, newest day first, and read back with its differences', async () => {
    const runs = json<ReconciliationRunsAnswer>(await get('/api/admin/reconciliation')).runs;
    const mine = runs.find((r) => r.day === DAY)!;
    expect(mine).toMatchObject({ _id: first.run._id, state: 'done', differences: 7, agreed: false });
    expect(runs.map((r) => r.day)).toEqual([...runs.map((r) => r.day)].sort().reverse());
    const again = json<ReconciliationRunAnswer>(await get(`/api/admin/reconciliation/${first.run._id}`));
    expect(again.differences).toEqual(first.differences);
  });

  it('says each difference in Pidgin for an admin who reads Pidgin', async () => {
    const res = await get(`/api/admin/reconciliation/${first.run._id}`, `${admin.cookie}; ${LANGUAGE_COOKIE}=pcm`);
    const d = json<ReconciliationRunAnswer>(res).differences.find((x) => x.kind === 'charge_missing')!;
    expect(d.note).toBe(
      `Paystack get charge of ₦1,500 (success) for ${planted.stray}, but we no get any payment wey get that reference.`,
    );
  });

  it('running the day again replaces its findings, and posts no fee twice', async () => {
    // Put right since: Paystack's amount was a mistake of its own, the stray transfer is ours after all.
    paystack.txns.get(planted.repriced)!.amount = 203_000;
    paystack.transfers.delete(planted.strayTransfer);
    const fees = await feesBooked();
    const again = json<ReconciliationRunAnswer>(await runDay(DAY));
    expect(again.run._id).toBe(first.run._id);
    expect(again.differences.map((d) => d.kind).sort()).toEqual(
      ['charge_missing', 'payment_not_success', 'payout_not_success', 'refund_missing', 'refund_unknown'].sort(),
    );
    const runs = json<ReconciliationRunsAnswer>(await get('/api/admin/reconciliation')).runs.filter(
      (r) => r.day === DAY,
    );
    expect(runs).toHaveLength(1);
    expect(runs[0]!.differences).toBe(5);
    expect(await feesBooked()).toBe(fees);
  });

  it('a provider error marks the run failed with its message, and shows none of its findings', async () => {
    paystack.behave('listRefunds', { failWith: 500, times: 1 });
    const res = json<ReconciliationRunAnswer>(await runDay(DAY));
    expect(res.run).toMatchObject({
      _id: first.run._id,
      state: 'failed',
      agreed: false,
      summary: null,
      differences: 0,
    });
    expect(res.run.error).toMatch(/^Paystack \/refund failed \(500\)/);
    expect(res.differences).toEqual([]);
    // Paystack back: the next run finds them again.
    expect(json<ReconciliationRunAnswer>(await runDay(DAY)).run).toMatchObject({ state: 'done', differences: 5 });
  });
});

describe('a clean day', () => {
  it('charges, a refund and a payout that both sides hold alike: no difference, both sides agree', async () => {
    const DAY = '2026-03-03';
    const since = new Date();
    const paid = await paidOrder();
    const refunded = await refundedOrder();
    const payout = await paidPayout();
    await moveTo(DAY, since);
    const res = json<ReconciliationRunAnswer>(await runDay(DAY));
    expect(res.differences).toEqual([]);
    expect(res.run).toMatchObject({ state: 'done', agreed: true, differences: 0 });
    const s = res.run.summary!;
    expect(s.charges.ours).toEqual(s.charges.provider);
    expect(s.charges.ours).toEqual({ count: 2, amount: naira(paid.payment.amountKobo + refunded.payment.amountKobo) });
    expect(s.refunds.ours).toEqual(s.refunds.provider);
    expect(s.transfers).toEqual({
      ours: { count: 1, amount: naira(payout.amountKobo) },
      provider: { count: 1, amount: naira(payout.amountKobo) },
    });
    expect(s.fees.ours).toEqual(s.fees.provider);
  });

  it('a day nothing happened: agreed, everything zero', async () => {
    const res = json<ReconciliationRunAnswer>(await runDay('2026-01-15'));
    expect(res.run).toMatchObject({ state: 'done', agreed: true });
    expect(res.run.summary!.charges).toEqual({ ours: { count: 0, amount: 0 }, provider: { count: 0, amount: 0 } });
  });
});

describe('the daily schedule', () => {
  it('reconciles the Lagos day before, once however many instances offer it', async () => {
    const yesterday = new Date(Date.now() + 60 * 60_000 - 24 * 60 * 60_000).toISOString().slice(0, 10);
    await app.ctx.jobs.offerSchedules();
    await app.ctx.jobs.offerSchedules(); // a second instance offering the same slot
    const slot = Math.floor(Date.now() / (24 * 60 * 60_000));
    const queued = await app.ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `reconciliation.daily:${slot}`));
    expect(queued).toHaveLength(1);
    await app.ctx.jobs.drain();
    const run = json<ReconciliationRunsAnswer>(await get('/api/admin/reconciliation')).runs.find(
      (r) => r.day === yesterday,
    );
    expect(run).toMatchObject({ trigger: 'schedule', state: 'done' });
    // Offered again (every half minute): the day is not run twice.
    await runScheduledJobs(app);
    const [job] = await app.ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `reconciliation.daily:${slot}`));
    expect(job!.attempts).toBe(1);
  });

  it('a provider error fails the scheduled run and its job, which is tried again', async () => {
    const slot = Math.floor(Date.now() / (24 * 60 * 60_000));
    await app.ctx.db
      .update(jobs)
      .set({ doneAt: null, runAt: new Date(0) })
      .where(eq(jobs.dedupeKey, `reconciliation.daily:${slot}`));
    paystack.behave('listTransactions', { failWith: 503, times: 1 });
    await app.ctx.jobs.drain();
    const [job] = await app.ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `reconciliation.daily:${slot}`));
    expect(job).toMatchObject({ doneAt: null, failedAt: null });
    expect(job!.lastError).toMatch(/failed: Paystack \/transaction failed \(503\)/);
    const yesterday = new Date(Date.now() + 60 * 60_000 - 24 * 60 * 60_000).toISOString().slice(0, 10);
    const run = json<ReconciliationRunsAnswer>(await get('/api/admin/reconciliation')).runs.find(
      (r) => r.day === yesterday,
    );
    expect(run).toMatchObject({ state: 'failed', summary: null });
    // Its retry, with Paystack back, settles the day.
    await app.ctx.db
      .update(jobs)
      .set({ runAt: new Date(0) })
      .where(eq(jobs.dedupeKey, `reconciliation.daily:${slot}`));
    await app.ctx.jobs.drain();
    const after = json<ReconciliationRunsAnswer>(await get('/api/admin/reconciliation')).runs.find(
      (r) => r.day === yesterday,
    );
    expect(after).toMatchObject({ state: 'done', error: null });
  });
});

describe('the admin routes', () => {
  it('are refused to every other role', async () => {
    for (const role of ['customer', 'vendor', 'rider', 'support'] as const) {
      const { cookie } = await createUser(app, { role });
      expect((await get('/api/admin/reconciliation', cookie)).statusCode, role).toBe(403);
      expect((await runDay('2026-03-02', cookie)).statusCode, role).toBe(403);
    }
    expect((await app.inject({ url: '/api/admin/reconciliation' })).statusCode).toBe(401);
  });

  it('refuse a day that is not one, or one still to come, with a 400 and no run', async () => {
    const before = json<ReconciliationRunsAnswer>(await get('/api/admin/reconciliation')).runs.length;
    const tomorrow = new Date(Date.now() + 60 * 60_000 + 24 * 60 * 60_000).toISOString().slice(0, 10);
    for (const day of ['2026-02-30', '02/03/2026', '', 20260302, tomorrow, '2999-01-01']) {
      const res = await runDay(day);
      expect(res.statusCode, String(day)).toBe(400);
      expect(json<ErrorAnswer>(res).code).toBe('validation_failed');
    }
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/admin/reconciliation',
          headers: { cookie: admin.cookie, ...origin },
          payload: { day: '2026-03-02', extra: true },
        })
      ).statusCode,
    ).toBe(400);
    expect(json<ReconciliationRunsAnswer>(await get('/api/admin/reconciliation')).runs).toHaveLength(before);
    expect((await get('/api/admin/reconciliation/not-a-uuid')).statusCode).toBe(400);
    expect((await get('/api/admin/reconciliation/00000000-0000-4000-8000-000000000404')).statusCode).toBe(404);
  });
});

describe('against the sandbox', () => {
  let sandbox: TestApp;
  beforeAll(async () => {
    sandbox = await buildTestApp();
  });
  afterAll(() => sandbox.closeAll());

  it('lists what it charged with Paystack’s fee, and a day paid and refunded there agrees', async () => {
    const DAY = '2026-03-04';
    const since = new Date();
    const shop = await createShop(sandbox, [150_000]);
    const customers = [await createCustomer(sandbox), await createCustomer(sandbox)];
    const references: string[] = [];
    for (const c of customers) {
      const { reference } = await checkoutOk(sandbox, c.cookie, {
        items: [{ product: shop.products[0]!.product.id, quantity: 1 }],
        address: c.address.id,
      });
      await sandboxAction(sandbox, reference, 'pay');
      references.push(reference);
    }
    await sandbox.ctx.jobs.drain();
    const [cancelled] = await sandbox.ctx.db.select().from(payments).where(eq(payments.reference, references[1]!));
    expect(
      (
        await sandbox.inject({
          method: 'POST',
          url: `/api/order/cancel/${cancelled!.subjectId}`,
          headers: { cookie: customers[1]!.cookie, ...origin },
        })
      ).statusCode,
    ).toBe(200);
    await sandbox.ctx.jobs.drain();

    const listed = await sandbox.services.payments.provider.listTransactions({
      from: since,
      to: new Date(Date.now() + 1000),
    });
    expect(listed.map((t) => [t.reference, t.amountKobo, t.status, t.feesKobo]).sort()).toEqual(
      references.map((r) => [r, 203_000, 'success', paystackFeeKobo(203_000)]).sort(),
    );

    // Both sides to the day reconciled.
    const noon = new Date(`${DAY}T12:00:00+01:00`);
    const db = sandbox.ctx.db;
    await db.update(payments).set({ paidAt: noon }).where(gte(payments.paidAt, since));
    await db.update(refunds).set({ processedAt: noon }).where(gte(refunds.processedAt, since));
    await db
      .update(sandboxTransactions)
      .set({ createdAt: noon, paidAt: noon })
      .where(gte(sandboxTransactions.createdAt, since));
    await db.update(sandboxRefunds).set({ createdAt: noon }).where(gte(sandboxRefunds.createdAt, since));
    const sandboxAdmin = await adminAccount(sandbox);
    const res = await sandbox.inject({
      method: 'POST',
      url: '/api/admin/reconciliation',
      headers: { cookie: sandboxAdmin.cookie, ...origin },
      payload: { day: DAY },
    });
    const answer = json<ReconciliationRunAnswer>(res);
    expect(answer.differences).toEqual([]);
    expect(answer.run).toMatchObject({ provider: 'sandbox', state: 'done', agreed: true });
    expect(answer.run.summary).toMatchObject({
      charges: { ours: { count: 2, amount: 4060 }, provider: { count: 2, amount: 4060 } },
      refunds: { ours: { count: 1, amount: 2030 }, provider: { count: 1, amount: 2030 } },
      fees: { ours: { count: 2, amount: naira(2 * paystackFeeKobo(203_000)) } },
      transfers: { ours: { count: 0, amount: 0 }, provider: { count: 0, amount: 0 } },
    });
  });
});
