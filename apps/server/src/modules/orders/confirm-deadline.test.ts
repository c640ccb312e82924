import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { OrderListAnswer, PaymentVerifyAnswer } from '@jara/shared';
import { buildTestApp, json, runScheduledJobs, type TestApp } from '../../../test/helpers.js';
import {
  checkoutOk,
  createCustomer,
  createShop,
  origin,
  paymentByReference,
  sandboxAction,
  verify,
} from '../../../test/factories-checkout.js';
import { jobs, mailOutbox } from '../../infra/db/tables.js';
import { users } from '../auth/auth.tables.js';
import { statusEvents } from '../order-events/order-events.tables.js';
import { payments, refunds } from '../payments/payments.tables.js';
import { orderItems, orders } from './orders.tables.js';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.closeAll();
});

const MINUTE = 60_000;

/** A paid order of one product from each shop, paid `minutesAgo` minutes ago. */
async function paidOrder(shops: Awaited<ReturnType<typeof createShop>>[], minutesAgo: number) {
  const customer = await createCustomer(app);
  const { reference } = await checkoutOk(app, customer.cookie, {
    items: shops.map((s) => ({ product: s.products[0]!.product.id, quantity: 2 })),
    address: customer.address.id,
  });
  await sandboxAction(app, reference, 'pay');
  expect(json<PaymentVerifyAnswer>(await verify(app, customer.cookie, reference)).state).toBe('paid');
  const payment = await paymentByReference(app, reference);
  await app.ctx.db
    .update(orders)
    .set({ paidAt: new Date(Date.now() - minutesAgo * MINUTE) })
    .where(eq(orders.id, payment.subjectId));
  await app.ctx.jobs.drain();
  return { customer, payment, orderId: payment.subjectId };
}

const itemsOf = (orderId: string) => app.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
const refundsOf = (paymentId: string) => app.ctx.db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
const mailsTo = (email: string) => app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));

describe('an order no vendor confirms in time (VENDOR_CONFIRM_MINUTES, default 10)', () => {
  it('is cancelled and refunded in full, and the customer is told why, in the order, by email and by push', async () => {
    const shop = await createShop(app, [150_000]);
    const { customer, payment, orderId } = await paidOrder([shop], 11);
    await runScheduledJobs(app);

    const items = await itemsOf(orderId);
    const reason = 'The shop did not confirm it within 10 minutes';
    expect(items.map((i) => [i.status, i.cancelReason])).toEqual([['Order Cancelled', reason]]);
    expect(await refundsOf(payment.id)).toEqual([
      expect.objectContaining({ amountKobo: payment.amountKobo, state: 'processed' }),
    ]);
    const [paid] = await app.ctx.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(paid!.refundedKobo).toBe(payment.amountKobo);
    const events = await app.ctx.db
      .select()
      .from(statusEvents)
      .where(inArray(statusEvents.subjectId, [items[0]!.id]));
    expect(events).toContainEqual(expect.objectContaining({ status: 'Order Cancelled', actorId: null, note: reason }));

    // The customer's own order says it, with the reason.
    const mine = json<OrderListAnswer>(
      await app.inject({ url: '/api/order/user', headers: { cookie: customer.cookie } }),
    );
    const order = mine.orders.find((o) => o._id === orderId)!;
    expect(order.status).toBe('Order Cancelled');
    expect(order.items.map((i) => i.cancelReason)).toEqual([reason]);

    const mails = await mailsTo(customer.user.email);
    const mail = mails.find((m) => m.subject === 'Your Jara order is cancelled: the shop did not confirm it');
    expect(mail?.textBody).toContain(
      `${shop.vendor.businessName} did not confirm your order within 10 minutes of payment`,
    );
    expect(mail?.textBody).toContain('We are refunding ₦');
    // The push to the customer's phones carries the reason.
    const pushes = await app.ctx.db.select().from(jobs).where(eq(jobs.kind, 'push.status'));
    expect(pushes.map((j) => j.payload)).toContainEqual(
      expect.objectContaining({ subjectIds: [items[0]!.id], status: 'Order Cancelled', note: reason }),
    );

    // A second sweep finds nothing left to do: no second refund, no second email.
    await runScheduledJobs(app);
    expect(await refundsOf(payment.id)).toHaveLength(1);
    expect((await mailsTo(customer.user.email)).filter((m) => m.subject === mail!.subject)).toHaveLength(1);
  });

  it('leaves an order still within its minutes, and one the vendor confirmed, as they are', async () => {
    const shop = await createShop(app, [90_000]);
    const young = await paidOrder([shop], 9);
    const confirmed = await paidOrder([shop], 30);
    const res = await app.inject({
      method: 'POST',
      url: `/api/seller/orders/${confirmed.orderId}/confirm`,
      headers: { cookie: shop.owner.cookie, ...origin },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    await runScheduledJobs(app);
    expect((await itemsOf(young.orderId)).map((i) => i.status)).toEqual(['Order Placed']);
    expect((await itemsOf(confirmed.orderId)).map((i) => i.status)).toEqual(['Order Confirmed']);
    for (const o of [young, confirmed]) expect(await refundsOf(o.payment.id)).toHaveLength(0);
  });

  it('of two shops, cancels only the late one’s items and refunds their price; the fees stay with the delivery', async () => {
    const [prompt, late] = [await createShop(app, [120_000]), await createShop(app, [80_000])];
    // Paid now and confirmed by one shop, then moved 12 minutes back: no sweep can run in between.
    const { payment, orderId } = await paidOrder([prompt, late], 0);
    const confirmed = await app.inject({
      method: 'POST',
      url: `/api/seller/orders/${orderId}/confirm`,
      headers: { cookie: prompt.owner.cookie, ...origin },
      payload: {},
    });
    expect(confirmed.statusCode).toBe(200);
    await app.ctx.db
      .update(orders)
      .set({ paidAt: new Date(Date.now() - 12 * MINUTE) })
      .where(eq(orders.id, orderId));
    await runScheduledJobs(app);
    const items = await itemsOf(orderId);
    const byVendor = Object.fromEntries(items.map((i) => [i.vendorId, i.status]));
    expect(byVendor).toEqual({ [prompt.vendor.id]: 'Order Confirmed', [late.vendor.id]: 'Order Cancelled' });
    expect((await refundsOf(payment.id)).map((r) => r.amountKobo)).toEqual([2 * 80_000]);
  });

  it('tells a Pidgin speaker in Pidgin', async () => {
    const shop = await createShop(app, [70_000]);
    const { customer, orderId } = await paidOrder([shop], 15);
    await app.ctx.db.update(users).set({ language: 'pcm' }).where(eq(users.id, customer.user.id));
    await runScheduledJobs(app);
    expect((await itemsOf(orderId)).map((i) => i.cancelReason)).toEqual(['The shop no confirm am inside 10 minutes']);
    const mails = await mailsTo(customer.user.email);
    expect(mails.map((m) => m.subject)).toContain('We don cancel your Jara order: the shop no confirm am');
  });
});
