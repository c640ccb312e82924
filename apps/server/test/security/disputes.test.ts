import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DisputeAnswer } from '@jara/shared';
import { orderItems, orders } from '../../src/modules/orders/orders.tables.js';
import { refunds } from '../../src/modules/payments/payments.tables.js';
import { disputes } from '../../src/modules/disputes/disputes.tables.js';
import { buildTestApp, createUser, json, type TestApp } from '../helpers.js';
import { createPaidOrder, createRiderAccount, createVendorAccount } from '../factories-portals.js';
import { multipart } from '../factories-chat.js';
import { spellings } from './world.js';

/**
 * Disputes move money: only the order's customer opens one (inside the window, for no more than
 * remains paid), and only support or an admin settles it — never the shop or the rider it is
 * about — under every spelling of the paths, with nothing stored or refunded when refused.
 */

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app?.closeAll());

async function report(path: string, cookie: string | undefined, fields: Record<string, string>) {
  const form = await multipart(fields);
  return app.inject({
    method: 'POST',
    url: path,
    headers: { ...(cookie ? { cookie } : {}), ...form.headers },
    payload: form.payload,
  });
}
const settle = (path: string, cookie: string | undefined, payload: object) =>
  app.inject({ method: 'POST', url: path, headers: cookie ? { cookie } : {}, payload });

async function deliveredOrder(minutesAgo = 5) {
  const shop = await createVendorAccount(app);
  const customer = await createUser(app);
  const rider = await createRiderAccount(app);
  const made = await createPaidOrder(app, customer.user.id, [{ vendorId: shop.vendor.id }]);
  await app.ctx.db.update(orders).set({ riderId: rider.user.id }).where(eq(orders.id, made.order.id));
  await app.ctx.db
    .update(orderItems)
    .set({ status: 'Order Delivered', updatedAt: new Date(Date.now() - minutesAgo * 60_000) })
    .where(eq(orderItems.orderId, made.order.id));
  return { ...made, shop, customer, rider };
}

const stored = async (orderId: string) => app.ctx.db.select().from(disputes).where(eq(disputes.orderId, orderId));

describe('disputes', () => {
  it('are opened by the order’s customer alone, under any spelling, and not after the window or above what remains', async () => {
    const o = await deliveredOrder();
    const otherCustomer = await createUser(app);
    const otherShop = await createVendorAccount(app);
    const otherRider = await createRiderAccount(app);
    const fields = { reason: 'missing_item', amount: '300' };
    const path = `/api/threads/order/${o.order.id}/disputes`;
    for (const p of [path, ...spellings(path)])
      for (const who of [
        undefined,
        otherCustomer.cookie,
        otherShop.cookie,
        otherRider.cookie,
        o.shop.cookie,
        o.rider.cookie,
      ]) {
        const res = await report(p, who, fields);
        expect(res.statusCode, `${p} ${who ? 'signed in' : 'guest'}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      }
    expect(await stored(o.order.id)).toHaveLength(0);
    expect((await report(path, o.customer.cookie, { reason: 'missing_item', amount: '3800.01' })).statusCode).toBe(400);
    const late = await deliveredOrder(31);
    expect(
      (await report(`/api/threads/order/${late.order.id}/disputes`, late.customer.cookie, fields)).statusCode,
    ).toBe(409);
    expect(await stored(o.order.id)).toHaveLength(0);
    expect(await stored(late.order.id)).toHaveLength(0);
  });

  it('are settled by support or an admin only — not the shop or rider of the order, under any spelling', async () => {
    const o = await deliveredOrder();
    const dispute = json<DisputeAnswer>(
      await report(`/api/threads/order/${o.order.id}/disputes`, o.customer.cookie, {
        reason: 'damaged',
        amount: '500',
      }),
    ).dispute;
    const path = `/api/support/disputes/${dispute._id}/settle`;
    const refund = { outcome: 'refund', amount: 500, bearer: 'platform' };
    for (const p of [path, ...spellings(path)])
      for (const who of [undefined, o.customer.cookie, o.shop.cookie, o.rider.cookie]) {
        const res = await settle(p, who, refund);
        expect(res.statusCode, `${p} ${who ? 'signed in' : 'guest'}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      }
    expect((await stored(o.order.id))[0]!.state).toBe('open');
    expect(await app.ctx.db.select().from(refunds).where(eq(refunds.paymentId, o.payment.id))).toHaveLength(0);
    // Two agents settling at the same moment: one refund.
    const [a, b] = [await createUser(app, { role: 'support' }), await createUser(app, { role: 'admin' })];
    const answers = await Promise.all([settle(path, a.cookie, refund), settle(path, b.cookie, refund)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await app.ctx.db.select().from(refunds).where(eq(refunds.paymentId, o.payment.id))).toHaveLength(1);
  });
});
