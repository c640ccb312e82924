import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { DisputeAnswer, EarningsAnswer, PayoutAnswer, ReconciliationRunAnswer } from '@jara/shared';
import { buildTestApp, createUser, json, type TestApp } from '../../../test/helpers.js';
import { checkLedger } from '../../../test/books.js';
import {
  chargeSuccess,
  checkoutOk,
  createCustomer,
  createShop,
  sandboxAction,
  verify,
  webhook,
} from '../../../test/factories-checkout.js';
import { adminAccount, createRiderAccount } from '../../../test/factories-portals.js';
import { multipart } from '../../../test/factories-chat.js';
import { queryRows } from '../../infra/db/client.js';
import { jobs } from '../../infra/db/tables.js';
import { orderItems, orders } from '../orders/orders.tables.js';
import { payments } from '../payments/payments.tables.js';
import { books, recordProviderFee } from './index.js';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.closeAll());

const get = (url: string, cookie: string) => app.inject({ url, headers: { cookie } });
const post = (url: string, cookie: string, payload: object = {}) =>
  app.inject({ method: 'POST', url, headers: { cookie }, payload });
const balance = async (account: string) => (await books(app.ctx.db)).balances.get(account) ?? 0;
/** Today's (Lagos) reconciliation, run by an admin. */
async function reconcileToday() {
  const admin = await adminAccount(app);
  const day = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
  return json<ReconciliationRunAnswer>(await post('/api/admin/reconciliation', admin.cookie, { day })).run;
}
const postings = async () =>
  Number((await queryRows<{ n: number }>(app.ctx.db, sql`SELECT count(*)::int AS n FROM ledger_transactions`))[0]!.n);

describe('the ledger through a real order', () => {
  it('posts the charge, the release at the code, a dispute refund borne by the vendor and the payout, once each', async () => {
    const shop = await createShop(app, [150_000, 30_000]);
    const customer = await createCustomer(app);
    const rider = await createRiderAccount(app);
    const agent = await createUser(app, { role: 'support' });
    const vendorCookie = shop.owner.cookie;

    // Paid through the sandbox: the money is at the provider, held for the order.
    const { reference } = await checkoutOk(app, customer.cookie, {
      items: shop.products.map((p) => ({ product: p.product.id, quantity: 1, vendorId: shop.vendor.id })),
      address: customer.address.id,
    });
    await sandboxAction(app, reference, 'pay');
    await verify(app, customer.cookie, reference);
    const [pay] = await app.ctx.db.select().from(payments).where(eq(payments.reference, reference));
    expect(pay!.state).toBe('paid');
    const orderId = pay!.subjectId;
    expect(await balance('cash')).toBeGreaterThanOrEqual(pay!.amountKobo);
    expect(await balance(`held:order:${orderId}`)).toBe(-pay!.amountKobo);

    // The webhook after the verify, and again: nothing posted twice.
    const before = await postings();
    await webhook(app, chargeSuccess(reference, pay!.amountKobo));
    await webhook(app, chargeSuccess(reference, pay!.amountKobo));
    await app.ctx.jobs.drain();
    expect(await postings()).toBe(before);

    // The provider's fee, posted once however often the reconciliation reads it.
    await app.ctx.db.transaction(async (tx) => {
      expect(await recordProviderFee(tx, pay!, 3_700)).toBe(true);
      expect(await recordProviderFee(tx, pay!, 3_700)).toBe(false);
    });

    // Confirmed, picked up, delivered with the code: held → the shop (items less 10%), the rider, the platform.
    expect((await post(`/api/seller/orders/${orderId}/confirm`, vendorCookie)).statusCode).toBe(200);
    for (const step of ['accept', 'picked'])
      expect((await post(`/api/rider/jobs/order/${orderId}/${step}`, rider.cookie)).statusCode).toBe(200);
    const [o] = await app.ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(
      (await post(`/api/rider/jobs/order/${orderId}/deliver`, rider.cookie, { code: o!.deliveryCode })).statusCode,
    ).toBe(200);
    const vendor = `vendor:${shop.vendor.id}`;
    expect(await balance(`held:order:${orderId}`)).toBe(0);
    expect(await balance(vendor)).toBe(-162_000);
    const riderShare = -(await balance(`rider:${rider.user.id}`));
    expect(riderShare).toBe(Math.round((o!.deliveryFeeKobo * app.ctx.config.riderSharePercent) / 100));
    expect(await checkLedger(app.ctx.db)).toEqual([]);

    // The customer reports the ₦300 item missing; support refunds ₦300 of it, borne by the shop.
    const items = await app.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    const cheap = items.find((i) => i.unitPriceKobo === 30_000)!;
    const form = await multipart({ reason: 'missing_item', amount: '300', itemId: cheap.id });
    const opened = await app.inject({
      method: 'POST',
      url: `/api/threads/order/${orderId}/disputes`,
      headers: { cookie: customer.cookie, ...form.headers },
      payload: form.payload,
    });
    expect(opened.statusCode).toBe(200);
    const dispute = json<DisputeAnswer>(opened).dispute;
    const settled = await post(`/api/support/disputes/${dispute._id}/settle`, agent.cookie, {
      outcome: 'refund',
      amount: 300,
      bearer: 'vendor',
    });
    expect(settled.statusCode).toBe(200);
    expect(await balance(vendor)).toBe(-132_000);
    expect(await balance('refunds:pending')).toBe(-30_000);
    await app.ctx.jobs.drain();
    expect(await balance('refunds:pending')).toBe(0);
    expect(await checkLedger(app.ctx.db)).toEqual([]);

    // The shop's earnings agree with its account: ₦1,620 earned, ₦300 borne.
    await app.ctx.db
      .update(orderItems)
      .set({ updatedAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(orderItems.orderId, orderId));
    const earnings = json<EarningsAnswer>(await get('/api/seller/earnings', vendorCookie)).earnings;
    expect(earnings).toMatchObject({ totalEarned: 1320, available: 1320 });

    // Paid out the next working day (brought forward here), once; then sent back by the bank.
    const requested = await post('/api/seller/payouts', vendorCookie, {
      accountName: 'Mama Put Ventures',
      accountNumber: '0123456789',
      bankCode: '058',
    });
    expect(requested.statusCode).toBe(200);
    const payout = json<PayoutAnswer>(requested).payout;
    await app.ctx.db
      .update(jobs)
      .set({ runAt: new Date(0) })
      .where(eq(jobs.kind, 'payout.transfer'));
    await app.ctx.jobs.drain();
    expect(await balance(vendor)).toBe(0);
    expect(await checkLedger(app.ctx.db)).toEqual([]);
    const reversed = { event: 'transfer.reversed', data: { reference: payout.reference, status: 'reversed' } };
    await webhook(app, reversed);
    await webhook(app, reversed);
    await app.ctx.jobs.drain();
    expect(await balance(vendor)).toBe(-132_000);
    expect(await checkLedger(app.ctx.db)).toEqual([]);
    // The day's reconciliation with the provider finds the books balanced too.
    expect(await reconcileToday()).toMatchObject({ state: 'done', ledgerProblems: [] });
  });

  it('finds books that do not agree with the records', async () => {
    await app.ctx.db.execute(sql`UPDATE payments SET amount_kobo = amount_kobo + 1
      WHERE id = (SELECT id FROM payments WHERE state = 'paid' ORDER BY id LIMIT 1)`);
    expect((await checkLedger(app.ctx.db)).join('\n')).toMatch(/holds \d+ kobo at the provider/);
    expect((await reconcileToday()).ledgerProblems.join('\n')).toMatch(/holds \d+ kobo at the provider/);
    await app.ctx.db.execute(sql`UPDATE payments SET amount_kobo = amount_kobo - 1
      WHERE id = (SELECT id FROM payments WHERE state = 'paid' ORDER BY id LIMIT 1)`);
  });
});
