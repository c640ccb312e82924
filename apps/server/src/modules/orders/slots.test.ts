import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type {
  AdminOrdersAnswer,
  ErrorAnswer,
  JobListAnswer,
  LiveDeliveryAnswer,
  OrderListAnswer,
  OrderThreadAnswer,
  SellerOrdersAnswer,
  SlotsAnswer,
} from '@jara/shared';
import { buildTestApp, json, runScheduledJobs, type TestApp } from '../../../test/helpers.js';
import {
  checkout,
  createCustomer,
  createShop,
  paymentByReference,
  sandboxAction,
  verify,
} from '../../../test/factories-checkout.js';
import { adminAccount, createRiderAccount } from '../../../test/factories-portals.js';
import { fixedClock } from '../../context.js';
import { mailOutbox } from '../../infra/db/tables.js';
import { orderItems, orders } from './orders.tables.js';

// Wednesday 25 November 2026 in Lagos; deliveries 8 AM–9 PM.
const lagos = (hhmm: string) => new Date(`2026-11-25T${hhmm}:00+01:00`);
const at = (hhmm: string) => (app.ctx.clock = fixedClock(lagos(hhmm)));

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ DELIVERY_HOURS: '08:00-21:00' });
});
afterAll(() => app.closeAll());

const get = (url: string, cookie?: string) => app.inject({ url, headers: cookie ? { cookie } : {} });
const post = (url: string, cookie: string, payload: object = {}) =>
  app.inject({ method: 'POST', url, headers: { cookie }, payload });

/** A paid order of one item for the slot starting at `hhmm` (Lagos), or the refusal. */
async function orderFor(shop: Awaited<ReturnType<typeof createShop>>, hhmm: string) {
  const customer = await createCustomer(app);
  const body = {
    items: [{ product: shop.products[0]!.product.id, quantity: 1 }],
    address: customer.address.id,
    slot: lagos(hhmm).toISOString(),
  };
  const res = await checkout(app, customer.cookie, body);
  if (res.statusCode !== 200) return { customer, refused: json<ErrorAnswer>(res), orderId: '' };
  const { reference } = json<{ reference: string }>(res);
  await sandboxAction(app, reference, 'pay');
  await verify(app, customer.cookie, reference);
  return { customer, refused: null, orderId: (await paymentByReference(app, reference)).subjectId };
}

describe('orders for later', () => {
  it('are offered in slots the shop can make, recorded with their times, and shown to the customer', async () => {
    at('12:00');
    const shop = await createShop(app);
    const slots = json<SlotsAnswer>(await get(`/api/order/slots?vendorIds=${shop.vendor.id}`));
    expect(slots.asap).toBe(true);
    // 12:00 + 20 minutes' ride + 15 minutes' preparation: the first slot is 13:00.
    expect(slots.slots[0]).toEqual({
      from: lagos('13:00').toISOString(),
      to: lagos('13:30').toISOString(),
      full: false,
    });

    const { customer, orderId } = await orderFor(shop, '13:00');
    const [row] = await app.ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ deliverFrom: lagos('13:00'), prepareAt: lagos('12:25'), paymentState: 'paid' });
    const mine = json<OrderListAnswer>(await get('/api/order/user', customer.cookie)).orders[0]!;
    // Free to cancel until the shop starts preparing, not only 5 minutes.
    expect(mine).toMatchObject({
      slot: { from: lagos('13:00').toISOString(), to: lagos('13:30').toISOString() },
      canCancel: true,
      cancelUntil: lagos('12:25').toISOString(),
    });

    // The receipt says when it comes and until when it can be cancelled.
    const [mail] = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, customer.user.email));
    expect(mail!.textBody).toContain('Arrives Wed, 25 Nov, 1:00–1:30 pm.');
    expect(mail!.textBody).toMatch(/cancel free until 12:25/);
    expect(mail!.textBody).not.toContain('within 5 minutes');

    // The vendor sees it upcoming, with when to start.
    const seller = json<SellerOrdersAnswer>(await get('/api/seller/orders', shop.owner.cookie)).orders;
    expect(seller.find((o) => o._id === orderId)!.slot).toMatchObject({
      prepareAt: lagos('12:25').toISOString(),
      upcoming: true,
    });
    // Its arrival estimate is the slot, not "in 40 minutes".
    const live = json<LiveDeliveryAnswer>(await get(`/api/order/${orderId}/live`, customer.cookie)).live;
    expect(live.stage).toBe('preparing');
    expect(live.etaMinutes).toBeGreaterThanOrEqual(60);
    expect(live.etaMinutes).toBeLessThanOrEqual(90);
    // The order's thread shows it on its card.
    const thread = json<OrderThreadAnswer>(await get(`/api/threads/order/${orderId}`, customer.cookie)).thread;
    expect(thread.card.slot).toEqual(mine.slot);
    // And the admin's list says it plainly.
    const admin = await adminAccount(app);
    const listed = json<AdminOrdersAnswer>(await get('/api/admin/orders', admin.cookie)).orders;
    expect(listed.find((o) => o._id === orderId)?.slot).toEqual(mine.slot);
  });

  it('reach the riders only when the slot is near', async () => {
    at('12:00');
    const shop = await createShop(app);
    const rider = await createRiderAccount(app);
    const { orderId } = await orderFor(shop, '13:00');
    expect((await post(`/api/seller/orders/${orderId}/confirm`, shop.owner.cookie)).statusCode).toBe(200);
    const board = async () => json<JobListAnswer>(await get('/api/rider/jobs', rider.cookie)).jobs;
    expect((await board()).map((j) => j._id)).not.toContain(orderId);
    const early = await post(`/api/rider/jobs/order/${orderId}/accept`, rider.cookie);
    expect(json<ErrorAnswer>(early)).toMatchObject({ code: 'not_offered_yet' });
    expect(json<ErrorAnswer>(early).message).toContain('12:30');

    at('12:30');
    const job = (await board()).find((j) => j._id === orderId);
    expect(job?.slot).toEqual({
      from: lagos('13:00').toISOString(),
      to: lagos('13:30').toISOString(),
      pickupAt: lagos('12:40').toISOString(),
    });
    expect((await post(`/api/rider/jobs/order/${orderId}/accept`, rider.cookie)).statusCode).toBe(200);
  });

  it('are not cancelled as unconfirmed before the shop should start preparing them', async () => {
    at('12:00');
    const shop = await createShop(app);
    const { orderId } = await orderFor(shop, '14:00');
    // Paid 20 minutes ago: an order for now would be past the shop's 10 minutes.
    await app.ctx.db
      .update(orders)
      .set({ paidAt: new Date(Date.now() - 20 * 60_000) })
      .where(eq(orders.id, orderId));
    await runScheduledJobs(app);
    const status = async () =>
      (await app.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)))[0]!.status;
    expect(await status()).toBe('Order Placed');
    // 10 minutes after it should have started (13:25): cancelled and refunded as any unconfirmed order.
    at('13:36');
    await runScheduledJobs(app);
    expect(await status()).toBe('Order Cancelled');
  });

  it('may be cancelled until the shop starts preparing, then not', async () => {
    at('12:00');
    const shop = await createShop(app);
    const a = await orderFor(shop, '14:00');
    at('13:00');
    expect((await post(`/api/order/cancel/${a.orderId}`, a.customer.cookie)).statusCode).toBe(200);
    at('12:00');
    const b = await orderFor(shop, '14:00');
    at('13:26');
    expect(json<ErrorAnswer>(await post(`/api/order/cancel/${b.orderId}`, b.customer.cookie))).toMatchObject({
      code: 'cancel_window_passed',
      message: 'This order can no longer be cancelled: its shop has started preparing it.',
    });
  });

  it('never oversell a shop’s slot, even when checkouts arrive together', async () => {
    at('12:00');
    const shop = await createShop(app);
    expect(
      (await post('/api/seller/preparation', shop.owner.cookie, { preparationMinutes: 15, slotCapacity: 2 }))
        .statusCode,
    ).toBe(200);
    const tries = await Promise.all([0, 1, 2, 3].map(() => orderFor(shop, '15:00')));
    expect(tries.filter((t) => t.refused === null)).toHaveLength(2);
    expect(tries.filter((t) => t.refused?.code === 'slot_full')).toHaveLength(2);
    const slots = json<SlotsAnswer>(await get(`/api/order/slots?vendorIds=${shop.vendor.id}`)).slots;
    expect(slots.find((s) => s.from === lagos('15:00').toISOString())?.full).toBe(true);
    expect(slots.find((s) => s.from === lagos('15:30').toISOString())?.full).toBe(false);
  });

  it('refuse a slot in the past, off the half-hour, outside the hours or not a time, and record nothing', async () => {
    at('12:00');
    const shop = await createShop(app);
    const before = (await app.ctx.db.select().from(orders)).length;
    expect((await orderFor(shop, '11:30')).refused).toMatchObject({ code: 'slot_past' });
    expect((await orderFor(shop, '13:15')).refused).toMatchObject({ code: 'slot_unavailable' });
    expect((await orderFor(shop, '12:30')).refused).toMatchObject({ code: 'slot_unavailable' });
    expect((await orderFor(shop, '21:00')).refused).toMatchObject({ code: 'slot_unavailable' });
    const customer = await createCustomer(app);
    const res = await checkout(app, customer.cookie, {
      items: [{ product: shop.products[0]!.product.id, quantity: 1 }],
      address: customer.address.id,
      slot: 'one o’clock',
    });
    expect(res.statusCode).toBe(400);
    expect((await app.ctx.db.select().from(orders)).length).toBe(before);
    expect((await get('/api/order/slots?vendorIds=nope')).statusCode).toBe(400);
  });
});
