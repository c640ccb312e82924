/**
 * The race of issue 32: a thousand verified accounts check out at once with one code. Exactly as
 * many as the code allows get it (by uses, then by naira budget), every other is refused with a
 * message before paying, and those who pay keep their discount. Runs on the embedded database
 * (unit stage) and on PostgreSQL (`test:services`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ErrorAnswer, PromotionAnswer, PromotionInput } from '@jara/shared';
import { buildTestApp, json, unique, type TestApp } from '../../../test/helpers.js';
import { checkout, createShop, origin, paymentByReference, sandboxAction } from '../../../test/factories-checkout.js';
import { adminAccount } from '../../../test/factories-portals.js';
import { makeCustomers } from '../../../test/crowd.js';
import { queryRows } from '../../infra/db/client.js';

const PEOPLE = 1_000;

let app: TestApp;
let shop: Awaited<ReturnType<typeof createShop>>;
let admin: { cookie: string };
beforeAll(async () => {
  app = await buildTestApp();
  admin = await adminAccount(app);
  // ₦1,550: 10 % off is ₦155.
  shop = await createShop(app, [155_000]);
});
afterAll(() => app.closeAll());

const countOrders = async () =>
  (await queryRows<{ n: number }>(app.ctx.db, sql`SELECT count(*)::int AS n FROM orders`))[0]!.n;

/** Everyone checks out at once with the code and the discounted total their cart showed. */
async function race(input: PromotionInput) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/promotions',
    headers: { cookie: admin.cookie, ...origin },
    payload: input,
  });
  const promo = json<PromotionAnswer>(res).promotion;
  const people = await makeCustomers(app.ctx.database, PEOPLE, { emailVerifiedAt: new Date() });
  const before = await countOrders();
  const items = [{ product: shop.products[0]!.product.id, quantity: 1, vendorId: shop.vendor.id }];
  const quoted = await app.inject({
    method: 'POST',
    url: '/api/order/quote',
    headers: { cookie: people[0]!.cookie, ...origin },
    payload: { items, address: people[0]!.address, code: promo.code },
  });
  const amount = json<{ total: number }>(quoted).total;
  const answers = await Promise.all(
    people.map((p) => checkout(app, p.cookie, { items, address: p.address, code: promo.code!.toLowerCase(), amount })),
  );
  const accepted = answers.filter((r) => r.statusCode === 200).map((r) => json<{ reference: string }>(r).reference);
  const refused = answers.filter((r) => r.statusCode !== 200).map((r) => json<ErrorAnswer>(r));
  // All who were let through pay.
  await Promise.all(accepted.map((reference) => sandboxAction(app, reference, 'pay')));
  await app.ctx.jobs.drain();
  const paid = await Promise.all(accepted.map((reference) => paymentByReference(app, reference)));
  const [orders] = await queryRows<{ n: number; off: number }>(
    app.ctx.db,
    sql`SELECT count(*)::int AS n, coalesce(sum(o.items_discount_kobo), 0)::int AS off FROM orders o
        JOIN promotion_uses u ON u.order_id = o.id AND u.promotion_id = ${promo._id} AND u.state = 'used'
        WHERE o.payment_state = 'paid' AND o.items_discount_kobo = 15500`,
  );
  return { promo, accepted, refused, paid, orders: orders!, created: (await countOrders()) - before };
}

describe('a thousand checkouts at once with one code', () => {
  it('a code for 100 uses: exactly 100 discounted paid orders, 900 refused with a message before paying', async () => {
    const { accepted, refused, paid, orders, created } = await race({
      title: 'First hundred',
      code: `HUNDRED-${unique().slice(-6).toUpperCase()}`,
      kind: 'percent',
      percent: 10,
      maxUses: 100,
    });
    expect(accepted).toHaveLength(100);
    expect(refused).toHaveLength(PEOPLE - 100);
    for (const r of refused)
      expect(r).toMatchObject({ code: 'promo_exhausted', message: expect.stringContaining('used up') });
    expect(paid.every((p) => p.state === 'paid')).toBe(true);
    expect(orders).toEqual({ n: 100, off: 100 * 15_500 });
    // Nobody refused has an order or a payment: they were told before paying.
    expect(created).toBe(100);
  });

  it('a ₦50,000 budget: as many ₦155 discounts as fit (322, ₦49,910), never a kobo over', async () => {
    const { promo, accepted, refused, orders, created } = await race({
      title: 'Fifty thousand',
      code: `BUDGET-${unique().slice(-6).toUpperCase()}`,
      kind: 'percent',
      percent: 10,
      budget: 50_000,
    });
    expect(accepted).toHaveLength(322);
    expect(refused.every((r) => r.code === 'promo_exhausted')).toBe(true);
    expect(orders).toEqual({ n: 322, off: 322 * 15_500 });
    expect(created).toBe(322);
    const [spent] = await queryRows<{ kobo: number }>(
      app.ctx.db,
      sql`SELECT sum(discount_kobo)::int AS kobo FROM promotion_uses WHERE promotion_id = ${promo._id} AND state <> 'released'`,
    );
    expect(spent!.kobo).toBe(4_991_000);
    expect(spent!.kobo).toBeLessThanOrEqual(5_000_000);
  });
}, 300_000);
