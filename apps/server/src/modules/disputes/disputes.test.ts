import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DisputeAnswer, EarningsAnswer, ErrorAnswer, OrderThreadAnswer } from '@jara/shared';
import { buildTestApp, createUser, json, type TestApp } from '../../../test/helpers.js';
import { createPaidOrder, createRiderAccount, createVendorAccount } from '../../../test/factories-portals.js';
import { multipart, png } from '../../../test/factories-chat.js';
import { mailOutbox } from '../../infra/db/tables.js';
import { orderItems, orders } from '../orders/orders.tables.js';
import { refunds } from '../payments/payments.tables.js';
import { statusEvents } from '../order-events/order-events.tables.js';
import { disputes } from './disputes.tables.js';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.closeAll());

const get = (path: string, cookie: string) => app.inject({ url: path, headers: { cookie } });
const post = (path: string, cookie: string, payload: object = {}) =>
  app.inject({ method: 'POST', url: path, headers: { cookie }, payload });
async function report(
  orderId: string,
  cookie: string,
  fields: Record<string, string>,
  file?: Parameters<typeof multipart>[1],
) {
  const form = await multipart(fields, file);
  return app.inject({
    method: 'POST',
    url: `/api/threads/order/${orderId}/disputes`,
    headers: { cookie, ...form.headers },
    payload: form.payload,
  });
}

/**
 * A delivered order of one shop: two items of ₦1,500 (one of them ₦300 "missing" in the story),
 * delivered `minutesAgo` minutes ago by a rider; ₦3,000 + ₦750 delivery + ₦50 service paid.
 */
async function delivered(minutesAgo = 5) {
  const shop = await createVendorAccount(app, { businessName: 'Mama Put' });
  const customer = await createUser(app, { name: 'Ada Obi' });
  const rider = await createRiderAccount(app);
  const made = await createPaidOrder(app, customer.user.id, [
    { vendorId: shop.vendor.id },
    { vendorId: shop.vendor.id },
  ]);
  await app.ctx.db.update(orders).set({ riderId: rider.user.id }).where(eq(orders.id, made.order.id));
  await app.ctx.db
    .update(orderItems)
    .set({ status: 'Order Delivered', updatedAt: new Date(Date.now() - minutesAgo * 60_000) })
    .where(eq(orderItems.orderId, made.order.id));
  return { ...made, shop, customer, rider };
}

const earningsOf = async (path: string, cookie: string) => json<EarningsAnswer>(await get(path, cookie)).earnings;

describe('a dispute on a delivered order', () => {
  it('is opened by its customer inside the window from the thread, freezes the release, and a partial refund is borne by the side chosen', async () => {
    const o = await delivered();
    const agent = await createUser(app, { role: 'support' });
    // Before: the customer may report until 30 minutes after delivery.
    const before = json<OrderThreadAnswer>(await get(`/api/threads/order/${o.order.id}`, o.customer.cookie)).thread;
    expect(before.disputes).toMatchObject({ disputes: [], remaining: 3800 });
    expect(new Date(before.disputes!.openUntil!).getTime()).toBeGreaterThan(Date.now());
    // The vendor sees the order's disputes but may not open one.
    expect(
      json<OrderThreadAnswer>(await get(`/api/threads/order/${o.order.id}`, o.shop.cookie)).thread.disputes?.openUntil,
    ).toBeNull();

    const res = await report(
      o.order.id,
      o.customer.cookie,
      { reason: 'missing_item', amount: '300', note: 'The plantain was not in the pack.', itemId: o.items[0]!.id },
      { name: 'pack.png', type: 'image/png', data: await png() },
    );
    expect(res.statusCode).toBe(200);
    const dispute = json<DisputeAnswer>(res).dispute;
    expect(dispute).toMatchObject({ reason: 'missing_item', amount: 300, state: 'open', itemId: o.items[0]!.id });
    expect(dispute.photo).toMatch(/^\/api\/chat\/media\//);
    // Said in the thread, with the photo, in the customer's words.
    const thread = json<OrderThreadAnswer>(await get(`/api/threads/order/${o.order.id}`, o.rider.cookie)).thread;
    expect(thread.messages.at(-1)).toMatchObject({
      message: 'Problem reported: missing item, asking ₦300. The plantain was not in the pack.',
      media: dispute.photo,
    });
    expect(thread.disputes?.disputes).toHaveLength(1);
    // Support is asked in: the thread is in the support inbox.
    expect(thread.helpRequested).toBe(true);
    // A second while one is open: refused.
    expect(
      json<ErrorAnswer>(await report(o.order.id, o.customer.cookie, { reason: 'damaged', amount: '100' })).code,
    ).toBe('dispute_open');

    // Frozen: even after the window, the vendor's and the rider's shares are not released.
    await app.ctx.db
      .update(orderItems)
      .set({ updatedAt: new Date(Date.now() - 40 * 60_000) })
      .where(eq(orderItems.orderId, o.order.id));
    const frozenShop = await earningsOf('/api/seller/earnings', o.shop.cookie);
    expect(frozenShop).toMatchObject({ totalEarned: 2700, inWindow: 2700, available: 0 });
    expect(frozenShop.entries[0]).toMatchObject({ disputed: true, released: false });
    expect(await earningsOf('/api/rider/earnings', o.rider.cookie)).toMatchObject({ inWindow: 750, available: 0 });

    // A vendor cannot settle it, nor the rider; the customer neither.
    for (const who of [o.shop, o.rider, o.customer])
      expect(
        (await post(`/api/support/disputes/${dispute._id}/settle`, who.cookie, { outcome: 'reject', reason: 'No.' }))
          .statusCode,
      ).toBe(403);
    // Bad amounts: a clear 400, nothing changed.
    for (const amount of [0, -5, 300.555, 3800.01])
      expect(
        (
          await post(`/api/support/disputes/${dispute._id}/settle`, agent.cookie, {
            outcome: 'refund',
            amount,
            bearer: 'vendor',
          })
        ).statusCode,
      ).toBe(400);
    expect((await app.ctx.db.select().from(disputes).where(eq(disputes.id, dispute._id)))[0]!.state).toBe('open');
    expect(await app.ctx.db.select().from(refunds).where(eq(refunds.paymentId, o.payment.id))).toHaveLength(0);

    // Support refunds ₦300, borne by the vendor.
    const settled = await post(`/api/support/disputes/${dispute._id}/settle`, agent.cookie, {
      outcome: 'refund',
      amount: 300,
      bearer: 'vendor',
    });
    expect(settled.statusCode).toBe(200);
    expect(json<DisputeAnswer>(settled).dispute).toMatchObject({ state: 'refunded', refund: 300, bearer: 'vendor' });
    const [refund] = await app.ctx.db.select().from(refunds).where(eq(refunds.paymentId, o.payment.id));
    expect(refund).toMatchObject({ amountKobo: 30_000 });
    // Settled once: a second settle changes nothing.
    expect(
      json<ErrorAnswer>(
        await post(`/api/support/disputes/${dispute._id}/settle`, agent.cookie, {
          outcome: 'refund',
          amount: 300,
          bearer: 'vendor',
        }),
      ).code,
    ).toBe('dispute_settled');
    expect(await app.ctx.db.select().from(refunds).where(eq(refunds.paymentId, o.payment.id))).toHaveLength(1);
    // Released now, the vendor's share less the ₦300 it bore; the rider's whole.
    const shopAfter = await earningsOf('/api/seller/earnings', o.shop.cookie);
    expect(shopAfter).toMatchObject({ totalEarned: 2400, available: 2400, inWindow: 0 });
    expect(shopAfter.entries[0]).toMatchObject({ net: 2400, borne: 300, disputed: false, released: true });
    expect(await earningsOf('/api/rider/earnings', o.rider.cookie)).toMatchObject({ available: 750 });
    // Told in the thread; audited.
    const after = json<OrderThreadAnswer>(await get(`/api/threads/order/${o.order.id}`, o.customer.cookie)).thread;
    expect(after.messages.at(-1)?.message).toBe(
      'Support refunded ₦300, borne by the shop. It reaches your card in a few days.',
    );
    expect(after.disputes).toMatchObject({ remaining: 3500, openUntil: null });
    const trail = await app.ctx.db.select().from(statusEvents).where(eq(statusEvents.subjectId, o.order.id));
    expect(trail.map((e) => e.status)).toEqual(expect.arrayContaining(['Dispute Opened', 'Dispute Refunded']));
  });

  it('a rejection keeps the money where it was, says why in the thread and by email', async () => {
    const o = await delivered();
    const agent = await createUser(app, { role: 'admin' });
    const dispute = json<DisputeAnswer>(
      await report(o.order.id, o.customer.cookie, { reason: 'never_arrived', amount: '3800' }),
    ).dispute;
    expect(
      (await post(`/api/support/disputes/${dispute._id}/settle`, agent.cookie, { outcome: 'reject', reason: '' }))
        .statusCode,
    ).toBe(400);
    const res = await post(`/api/support/disputes/${dispute._id}/settle`, agent.cookie, {
      outcome: 'reject',
      reason: 'The rider’s photo shows it handed over at Hall 3.',
    });
    expect(json<DisputeAnswer>(res).dispute).toMatchObject({ state: 'rejected', refund: null });
    expect(await app.ctx.db.select().from(refunds).where(eq(refunds.paymentId, o.payment.id))).toHaveLength(0);
    const mails = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, o.customer.user.email));
    expect(mails.at(-1)?.textBody).toContain('The rider’s photo shows it handed over at Hall 3.');
  });

  it('is refused, with nothing stored, after the window, before delivery, to someone else, or for a wrong amount', async () => {
    const late = await delivered(31);
    expect(
      json<ErrorAnswer>(await report(late.order.id, late.customer.cookie, { reason: 'damaged', amount: '300' })).code,
    ).toBe('window_over');
    const o = await delivered();
    const stranger = await createUser(app);
    expect((await report(o.order.id, stranger.cookie, { reason: 'damaged', amount: '300' })).statusCode).toBe(404);
    expect((await report(o.order.id, o.shop.cookie, { reason: 'damaged', amount: '300' })).statusCode).toBe(403);
    for (const [amount, message] of [
      ['0', 'Enter an amount above ₦0.'],
      ['-300', 'Enter the amount in naira, e.g. 300 or 300.50.'],
      ['300.555', 'At most two decimals (kobo).'],
      ['abc', 'Enter the amount in naira, e.g. 300 or 300.50.'],
      ['3800.01', 'That is more than what remains paid for this order.'],
    ] as const)
      expect(
        json<ErrorAnswer>(await report(o.order.id, o.customer.cookie, { reason: 'damaged', amount })).message,
      ).toBe(message);
    expect(json<ErrorAnswer>(await report(o.order.id, o.customer.cookie, { reason: 'lost', amount: '3' })).code).toBe(
      'validation_failed',
    );
    const onTheWay = await delivered();
    await app.ctx.db
      .update(orderItems)
      .set({ status: 'Order Picked' })
      .where(eq(orderItems.orderId, onTheWay.order.id));
    expect(
      json<ErrorAnswer>(await report(onTheWay.order.id, onTheWay.customer.cookie, { reason: 'damaged', amount: '3' }))
        .code,
    ).toBe('not_delivered');
    for (const id of [late.order.id, o.order.id, onTheWay.order.id])
      expect(await app.ctx.db.select().from(disputes).where(eq(disputes.orderId, id))).toHaveLength(0);
  });
});
