/**
 * The dashboards' figures against a known fixture (issue 33): orders over several Lagos days, two
 * either side of a Lagos midnight (23:30 on the 10th, 00:30 on the 11th), a refund, a dispute, two
 * cancellations, ratings, payouts, rider shifts and releases. Every expected figure is worked out
 * by hand from the fixture below and written as a literal.
 *
 * The clock says Wednesday 11 March 2026, 14:00 Lagos. `7d` is 5–11 March, `today` the 11th.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { AdminInsightsAnswer, RiderInsightsAnswer, VendorInsightsAnswer } from '@jara/shared';
import { buildTestApp, createProduct, createUser, json, type TestApp } from '../../../test/helpers.js';
import { createPaidDispatch, createRiderAccount, createVendorAccount } from '../../../test/factories-portals.js';
import { fixedClock } from '../../context.js';
import { cartDays } from '../auth/auth.tables.js';
import { dispatches } from '../dispatch/dispatch.tables.js';
import { disputes } from '../disputes/disputes.tables.js';
import { ledgerEntries, ledgerTransactions } from '../ledger/ledger.tables.js';
import { statusEvents } from '../order-events/order-events.tables.js';
import { orderItems, orders } from '../orders/orders.tables.js';
import { payments, refunds } from '../payments/payments.tables.js';
import { payouts } from '../payouts/payouts.tables.js';
import { ratings, riderShifts, riders } from '../rider/rider.tables.js';

/** An instant given as Lagos wall time ('2026-03-09 10:00'). */
const lagos = (wall: string) => new Date(`${wall.replace(' ', 'T')}:00+01:00`);
const NOW = lagos('2026-03-11 14:00');

let app: TestApp;
type Account = Awaited<ReturnType<typeof createUser>>;
let admin: Account;
let c1: Account, c2: Account, c3: Account, c4: Account;
let shopA: Awaited<ReturnType<typeof createVendorAccount>>;
let shopB: Awaited<ReturnType<typeof createVendorAccount>>;
let rider: Awaited<ReturnType<typeof createRiderAccount>>;
let rider2: Awaited<ReturnType<typeof createRiderAccount>>;
const product: Record<'P1' | 'P2' | 'P3', { id: string; optionId: string }> = {} as never;
const order: Record<string, { id: string; items: { id: string; vendorId: string }[] }> = {};

interface Line {
  shop: 'A' | 'B';
  p: keyof typeof product;
  name: string;
  unit: number;
  qty: number;
  shopFunded?: number;
  status?: string;
}

/** A paid order placed at `placed` (paid a minute later) with its payment, as checkout leaves it. */
async function place(
  key: string,
  customer: Account,
  placed: Date,
  lines: Line[],
  fees: { delivery: number; deliveryDiscount?: number; service: number },
  opts: { paid?: boolean; riderId?: string } = {},
) {
  const vendorOf = (s: 'A' | 'B') => (s === 'A' ? shopA.vendor.id : shopB.vendor.id);
  const itemsKobo = lines.reduce((s, l) => s + l.unit * l.qty, 0);
  const itemsDiscount = lines.reduce((s, l) => s + (l.shopFunded ?? 0), 0);
  const amountKobo = itemsKobo - itemsDiscount + fees.delivery - (fees.deliveryDiscount ?? 0) + fees.service;
  const paid = opts.paid ?? true;
  const paidAt = paid ? new Date(placed.getTime() + 60_000) : null;
  const [o] = await app.ctx.db
    .insert(orders)
    .values({
      userId: customer.user.id,
      address: { address: 'Hall 2' },
      itemsKobo,
      deliveryFeeKobo: fees.delivery,
      serviceFeeKobo: fees.service,
      amountKobo,
      itemsDiscountKobo: itemsDiscount,
      deliveryDiscountKobo: fees.deliveryDiscount ?? 0,
      paymentState: paid ? 'paid' : 'failed',
      paidAt,
      riderId: opts.riderId ?? null,
      createdAt: placed,
    })
    .returning();
  const items = await app.ctx.db
    .insert(orderItems)
    .values(
      lines.map((l) => ({
        orderId: o!.id,
        productId: product[l.p].id,
        optionId: product[l.p].optionId,
        vendorId: vendorOf(l.shop),
        productName: l.name,
        optionName: 'Regular',
        unitPriceKobo: l.unit,
        quantity: l.qty,
        status: l.status ?? 'Order Placed',
        discountKobo: l.shopFunded ?? 0,
        shopFundedKobo: l.shopFunded ?? 0,
      })),
    )
    .returning();
  const [pay] = await app.ctx.db
    .insert(payments)
    .values({
      reference: `t_${randomBytes(6).toString('hex')}`,
      userId: customer.user.id,
      purpose: 'order',
      subjectId: o!.id,
      amountKobo,
      provider: 'sandbox',
      state: paid ? 'paid' : 'failed',
      createdAt: placed,
      paidAt,
    })
    .returning();
  order[key] = { id: o!.id, items: items.map((i) => ({ id: i.id, vendorId: i.vendorId })) };
  return { order: o!, items, payment: pay! };
}

/** The order's column a line's move to a status keeps (orders.repo.ts moveItemStatuses). */
const MILESTONE: Record<string, string> = {
  'Order Confirmed': 'confirmed_at',
  'Order Picked': 'picked_at',
  'Order Delivered': 'delivered_at',
};

/** A status change as the status log records it, and for a line, its order's milestone as the move keeps it. */
async function event(subjectId: string, status: string, wall: string, actorId: string | null, type = 'order_item') {
  await app.ctx.db.insert(statusEvents).values({
    subjectType: type as 'order_item',
    subjectId,
    status,
    actorId,
    createdAt: lagos(wall),
  });
  const column = MILESTONE[status];
  if (type === 'order_item' && column)
    await app.ctx.db.execute(
      sql`UPDATE orders SET ${sql.identifier(column)} = ${lagos(wall).toISOString()}::timestamptz
          WHERE id = (SELECT order_id FROM order_items WHERE id = ${subjectId})`,
    );
}

async function release(key: string, riderUserId: string, kobo: number, wall: string) {
  const [t] = await app.ctx.db
    .insert(ledgerTransactions)
    .values({ key: `release:order:${key}:${randomBytes(4).toString('hex')}`, kind: 'release', createdAt: lagos(wall) })
    .returning();
  await app.ctx.db.insert(ledgerEntries).values([
    { transactionId: t!.id, account: `held:order:${key}`, amountKobo: kobo },
    { transactionId: t!.id, account: `rider:${riderUserId}`, amountKobo: -kobo },
  ]);
}

const get = (url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

beforeAll(async () => {
  app = await buildTestApp();
  app.ctx.clock = fixedClock(NOW);
  admin = await createUser(app, { role: 'admin', name: 'Admin' });
  [c1, c2, c3, c4] = [await createUser(app), await createUser(app), await createUser(app), await createUser(app)];
  shopA = await createVendorAccount(app, { businessName: 'Mama Put' });
  shopB = await createVendorAccount(app, { businessName: 'Campus Grill' });
  rider = await createRiderAccount(app, { isOnline: true });
  rider2 = await createRiderAccount(app, { isOnline: true });
  for (const [k, shop] of [
    ['P1', shopA],
    ['P2', shopB],
    ['P3', shopA],
  ] as const) {
    const { product: p, options } = await createProduct(app, shop.vendor.id);
    product[k] = { id: p.id, optionId: options[0]!.id };
  }
  const R = rider.user.id;

  // O1 — c1, Monday 9 March 10:00: 2 × Jollof (₦1,500) from A; delivered by R at 10:40.
  const o1 = await place(
    'O1',
    c1,
    lagos('2026-03-09 10:00'),
    [{ shop: 'A', p: 'P1', name: 'Jollof rice', unit: 150_000, qty: 2 }],
    { delivery: 75_000, service: 5_000 },
    { riderId: R },
  );
  await app.ctx.db.update(orderItems).set({ status: 'Order Delivered' }).where(eq(orderItems.orderId, o1.order.id));
  await event(o1.items[0]!.id, 'Order Confirmed', '2026-03-09 10:05', shopA.user.id);
  await event(o1.order.id, 'Ready For Pickup', '2026-03-09 10:15', shopA.user.id, 'order');
  await event(o1.items[0]!.id, 'Order Picked', '2026-03-09 10:20', R);
  await event(o1.items[0]!.id, 'Order Delivered', '2026-03-09 10:40', R);
  await release('O1', R, 75_000, '2026-03-09 10:40');

  // O2 — c2, Tuesday 10 March 23:30: 1 × Jollof from A (₦200 off, A's own promotion) and 1 × Suya
  // (₦2,000) from B; delivery ₦1,500 less ₦500 off. Delivered by R at 00:50 on the 11th.
  const o2 = await place(
    'O2',
    c2,
    lagos('2026-03-10 23:30'),
    [
      { shop: 'A', p: 'P1', name: 'Jollof rice', unit: 150_000, qty: 1, shopFunded: 20_000 },
      { shop: 'B', p: 'P2', name: 'Suya', unit: 200_000, qty: 1 },
    ],
    { delivery: 150_000, deliveryDiscount: 50_000, service: 5_000 },
    { riderId: R },
  );
  await app.ctx.db.update(orderItems).set({ status: 'Order Delivered' }).where(eq(orderItems.orderId, o2.order.id));
  const [a2, b2] = [
    o2.items.find((i) => i.vendorId === shopA.vendor.id)!,
    o2.items.find((i) => i.vendorId === shopB.vendor.id)!,
  ];
  await event(a2.id, 'Order Confirmed', '2026-03-10 23:40', shopA.user.id);
  await event(b2.id, 'Order Confirmed', '2026-03-10 23:45', shopB.user.id);
  await event(a2.id, 'Order Picked', '2026-03-11 00:00', R);
  await event(b2.id, 'Order Picked', '2026-03-11 00:00', R);
  await event(a2.id, 'Order Delivered', '2026-03-11 00:50', R);
  await event(b2.id, 'Order Delivered', '2026-03-11 00:50', R);
  await release('O2', R, 100_000, '2026-03-11 00:50');

  // O3 — c1, Wednesday 11 March 00:30: 2 × Suya from B; the customer cancels, refunded in full.
  const o3 = await place(
    'O3',
    c1,
    lagos('2026-03-11 00:30'),
    [{ shop: 'B', p: 'P2', name: 'Suya', unit: 200_000, qty: 2, status: 'Order Cancelled' }],
    { delivery: 75_000, service: 5_000 },
  );
  await event(o3.items[0]!.id, 'Order Cancelled', '2026-03-11 00:33', c1.user.id);
  await app.ctx.db.insert(refunds).values({
    paymentId: o3.payment.id,
    amountKobo: 480_000,
    reason: `Order ${o3.order.id} cancelled by the customer`,
    state: 'processed',
    createdAt: lagos('2026-03-11 00:35'),
  });

  // O4 — c3, Wednesday 11 March 09:00: 1 × Plantain (₦1,000) from A, which declines it.
  const o4 = await place(
    'O4',
    c3,
    lagos('2026-03-11 09:00'),
    [{ shop: 'A', p: 'P3', name: 'Plantain', unit: 100_000, qty: 1, status: 'Order Cancelled' }],
    { delivery: 75_000, service: 5_000 },
  );
  await event(o4.items[0]!.id, 'Order Cancelled', '2026-03-11 09:10', shopA.user.id);

  // O5 — c3's first order, 1 February (before every period): makes c3 a returning customer.
  await place(
    'O5',
    c3,
    lagos('2026-02-01 12:00'),
    [{ shop: 'A', p: 'P1', name: 'Jollof rice', unit: 150_000, qty: 1 }],
    { delivery: 75_000, service: 5_000 },
  );
  // O6 — c2, 9 March, never paid: counted only as a checkout started.
  await place(
    'O6',
    c2,
    lagos('2026-03-09 15:00'),
    [{ shop: 'B', p: 'P2', name: 'Suya', unit: 200_000, qty: 1 }],
    { delivery: 75_000, service: 5_000 },
    { paid: false },
  );

  // A dispute on O1 (₦500 asked back), ratings of R's two deliveries.
  await app.ctx.db.insert(disputes).values({
    orderId: o1.order.id,
    customerId: c1.user.id,
    reason: 'damaged',
    amountKobo: 50_000,
    createdAt: lagos('2026-03-09 12:00'),
  });
  await app.ctx.db.insert(ratings).values([
    {
      subjectType: 'order',
      subjectId: o1.order.id,
      riderId: R,
      customerId: c1.user.id,
      stars: 5,
      createdAt: lagos('2026-03-09 11:00'),
    },
    {
      subjectType: 'order',
      subjectId: o2.order.id,
      riderId: R,
      customerId: c2.user.id,
      stars: 4,
      createdAt: lagos('2026-03-11 01:00'),
    },
  ]);

  // R's shifts: 10 March 20:00 → 11 March 02:00, and one open since 12:00 today.
  await app.ctx.db.insert(riderShifts).values([
    { riderId: R, startedAt: lagos('2026-03-10 20:00'), endedAt: lagos('2026-03-11 02:00') },
    { riderId: R, startedAt: lagos('2026-03-11 12:00') },
  ]);
  // R2 is online carrying a dispatch.
  const d = await createPaidDispatch(app, c4.user.id);
  await app.ctx.db
    .update(dispatches)
    .set({ riderId: rider2.user.id, status: 'Order Assigned' })
    .where(eq(dispatches.id, d.id));

  // A's payouts: ₦2,000 paid on the 10th, ₦500 still scheduled on the 11th.
  await app.ctx.db.insert(payouts).values([
    {
      userId: shopA.user.id,
      payeeType: 'vendor',
      vendorId: shopA.vendor.id,
      amountKobo: 200_000,
      state: 'paid',
      dueAt: lagos('2026-03-10 10:00'),
      paidAt: lagos('2026-03-10 10:00'),
      createdAt: lagos('2026-03-10 08:00'),
    },
    {
      userId: shopA.user.id,
      payeeType: 'vendor',
      vendorId: shopA.vendor.id,
      amountKobo: 50_000,
      state: 'scheduled',
      dueAt: lagos('2026-03-12 10:00'),
      createdAt: lagos('2026-03-11 08:00'),
    },
  ]);

  // Carts: c1 on the 9th, c2 on the 10th, c4 on the 8th, c3 on the 4th (before 7d); c1 syncs today.
  await app.ctx.db.insert(cartDays).values([
    { userId: c1.user.id, day: '2026-03-09' },
    { userId: c2.user.id, day: '2026-03-10' },
    { userId: c4.user.id, day: '2026-03-08' },
    { userId: c3.user.id, day: '2026-03-04' },
  ]);
  const synced = await app.inject({
    method: 'POST',
    url: '/api/cart/update',
    headers: { cookie: c1.cookie, origin: 'http://localhost:3000' },
    payload: { cartItems: { [product.P1.id]: { [product.P1.optionId]: 1 } } },
  });
  expect(synced.statusCode).toBe(200);
}, 60_000);

afterAll(async () => {
  await app?.closeAll();
});

describe('admin dashboard', () => {
  it('answers the last 7 Lagos days', async () => {
    const res = await get('/api/admin/insights?period=7d', admin.cookie);
    expect(res.statusCode).toBe(200);
    const a = json<AdminInsightsAnswer>(res);
    expect(a.period).toEqual({ from: '2026-03-05', to: '2026-03-11', bucket: 'day' });
    expect(a.series).toEqual([
      { at: '2026-03-05', orders: 0, gmvKobo: 0 },
      { at: '2026-03-06', orders: 0, gmvKobo: 0 },
      { at: '2026-03-07', orders: 0, gmvKobo: 0 },
      { at: '2026-03-08', orders: 0, gmvKobo: 0 },
      { at: '2026-03-09', orders: 1, gmvKobo: 380_000 },
      // O2 at 23:30 belongs to the 10th, O3 at 00:30 to the 11th (with O4).
      { at: '2026-03-10', orders: 1, gmvKobo: 435_000 },
      { at: '2026-03-11', orders: 2, gmvKobo: 660_000 },
    ]);
    expect(a.totals).toEqual({
      orders: 4,
      gmvKobo: 1_475_000,
      averageBasketKobo: 368_750,
      deliveryFeeKobo: 325_000,
      serviceFeeKobo: 20_000,
      // 10 % of A's ₦3,000 (O1), A's ₦1,300 and B's ₦2,000 (O2); O3 and O4 were cancelled.
      commissionKobo: 63_000,
    });
    expect(a.refunds).toEqual({ count: 1, kobo: 480_000, rate: 0.25 });
    expect(a.disputes).toEqual({ count: 1, kobo: 50_000, rate: 0.25 });
    expect(a.cancellations).toEqual([
      { reason: 'customer', count: 1 },
      { reason: 'vendor_declined', count: 1 },
    ]);
    expect(a.riders).toEqual({ online: 2, busy: 1, utilisation: 0.5 });
    // O1: 40 min (5 + 15 + 20); O2: 80 min (15 + 15 + 50); medians of two are their means.
    expect(a.times).toEqual({ orders: 2, placedToDeliveredMin: 60, confirmMin: 10, waitForRiderMin: 15, rideMin: 35 });
    expect(a.funnel).toEqual({ cart: 3, checkout: 3, paid: 3 });
    expect(a.topVendors).toEqual([
      { id: shopA.vendor.id, name: 'Mama Put', orders: 2, salesKobo: 430_000 },
      { id: shopB.vendor.id, name: 'Campus Grill', orders: 1, salesKobo: 200_000 },
    ]);
    expect(a.topProducts).toEqual([
      { id: product.P1.id, name: 'Jollof rice', vendorName: 'Mama Put', quantity: 3, salesKobo: 430_000 },
      { id: product.P2.id, name: 'Suya', vendorName: 'Campus Grill', quantity: 1, salesKobo: 200_000 },
    ]);
    expect(a.customers).toEqual({ new: 2, returning: 1 });
  });

  it('answers today by Lagos hour, cut at Lagos midnight', async () => {
    const a = json<AdminInsightsAnswer>(await get('/api/admin/insights?period=today', admin.cookie));
    expect(a.period).toEqual({ from: '2026-03-11', to: '2026-03-11', bucket: 'hour' });
    expect(a.series).toHaveLength(24);
    expect(a.series[0]).toEqual({ at: '2026-03-11T00', orders: 1, gmvKobo: 480_000 });
    expect(a.series[9]).toEqual({ at: '2026-03-11T09', orders: 1, gmvKobo: 180_000 });
    expect(a.series[23]).toEqual({ at: '2026-03-11T23', orders: 0, gmvKobo: 0 });
    expect(a.series.filter((p) => p.orders > 0)).toHaveLength(2);
    expect(a.totals).toEqual({
      orders: 2,
      gmvKobo: 660_000,
      averageBasketKobo: 330_000,
      deliveryFeeKobo: 150_000,
      serviceFeeKobo: 10_000,
      commissionKobo: 0,
    });
    expect(a.refunds).toEqual({ count: 1, kobo: 480_000, rate: 0.5 });
    expect(a.disputes).toEqual({ count: 0, kobo: 0, rate: 0 });
    expect(a.cancellations).toEqual([
      { reason: 'customer', count: 1 },
      { reason: 'vendor_declined', count: 1 },
    ]);
    expect(a.times).toEqual({ orders: 1, placedToDeliveredMin: 80, confirmMin: 15, waitForRiderMin: 15, rideMin: 50 });
    expect(a.funnel).toEqual({ cart: 1, checkout: 2, paid: 2 });
    expect(a.topVendors).toEqual([]);
    expect(a.topProducts).toEqual([]);
    expect(a.customers).toEqual({ new: 0, returning: 2 });
  });

  it('answers a custom period of the 10th alone', async () => {
    const a = json<AdminInsightsAnswer>(
      await get('/api/admin/insights?period=custom&from=2026-03-10&to=2026-03-10', admin.cookie),
    );
    expect(a.period).toEqual({ from: '2026-03-10', to: '2026-03-10', bucket: 'hour' });
    expect(a.series[23]).toEqual({ at: '2026-03-10T23', orders: 1, gmvKobo: 435_000 });
    expect(a.totals.orders).toBe(1);
    expect(a.customers).toEqual({ new: 1, returning: 0 });
  });

  it('refuses a bad period with a clear message', async () => {
    const cases: [string, string][] = [
      ['period=custom', 'A custom period needs a start day and an end day (from and to).'],
      ['period=custom&from=2026-03-10', 'A custom period needs a start day and an end day (from and to).'],
      ['period=custom&from=2026-03-10&to=2026-03-01', 'The end day is before the start day.'],
      ['period=custom&from=2025-01-01&to=2026-01-02', 'A period can be at most 366 days.'],
      ['period=week', 'Choose today, 7d, 30d or custom'],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/api/admin/insights?${query}`, admin.cookie);
      expect(res.statusCode, query).toBe(400);
      const body = json<{ success: boolean; message: string; code: string }>(res);
      expect(body.success).toBe(false);
      expect(body.message, query).toContain(message);
    }
    // 366 days, both ends included, is allowed.
    expect(
      (await get('/api/admin/insights?period=custom&from=2025-01-01&to=2026-01-01', admin.cookie)).statusCode,
    ).toBe(200);
  });

  it('is for admins only', async () => {
    expect((await get('/api/admin/insights?period=7d')).statusCode).toBe(401);
    expect((await get('/api/admin/insights?period=7d', c1.cookie)).statusCode).toBe(403);
    expect((await get('/api/admin/insights?period=7d', shopA.cookie)).statusCode).toBe(403);
  });
});

describe('vendor dashboard', () => {
  it('shows the shop its own figures', async () => {
    const res = await get('/api/seller/insights?period=7d', shopA.cookie);
    expect(res.statusCode).toBe(200);
    const v = json<VendorInsightsAnswer>(res);
    expect(v.period).toEqual({ from: '2026-03-05', to: '2026-03-11', bucket: 'day' });
    expect(v.series).toEqual([
      { at: '2026-03-05', orders: 0, salesKobo: 0 },
      { at: '2026-03-06', orders: 0, salesKobo: 0 },
      { at: '2026-03-07', orders: 0, salesKobo: 0 },
      { at: '2026-03-08', orders: 0, salesKobo: 0 },
      { at: '2026-03-09', orders: 1, salesKobo: 300_000 },
      { at: '2026-03-10', orders: 1, salesKobo: 130_000 },
      { at: '2026-03-11', orders: 0, salesKobo: 0 },
    ]);
    expect(v.totals).toEqual({ orders: 2, salesKobo: 430_000, averageOrderKobo: 215_000 });
    expect(v.topItems).toEqual([{ id: product.P1.id, name: 'Jollof rice', quantity: 3, salesKobo: 430_000 }]);
    // Monday 10:00 (O1) and Tuesday 23:00 (O2).
    expect(v.busyHours).toEqual([
      { weekday: 0, hour: 10, orders: 1 },
      { weekday: 1, hour: 23, orders: 1 },
    ]);
    // O1: confirmed 10:05 → ready 10:15 (10 min); O2: confirmed 23:40 → picked up 00:00 (20 min).
    expect(v.preparation).toEqual({ orders: 2, medianMin: 15 });
    expect(v.ratings).toEqual({ average: 4.5, count: 2 });
    expect(v.cancellations).toEqual([{ reason: 'vendor_declined', count: 1 }]);
    expect(v.payouts).toEqual([
      { at: lagos('2026-03-10 08:00').toISOString(), amountKobo: 200_000, status: 'paid' },
      { at: lagos('2026-03-11 08:00').toISOString(), amountKobo: 50_000, status: 'scheduled' },
    ]);
    expect(v.paidOutKobo).toBe(200_000);
  });

  it('shows another shop only its own', async () => {
    const v = json<VendorInsightsAnswer>(await get('/api/seller/insights?period=7d', shopB.cookie));
    expect(v.totals).toEqual({ orders: 1, salesKobo: 200_000, averageOrderKobo: 200_000 });
    expect(v.topItems).toEqual([{ id: product.P2.id, name: 'Suya', quantity: 1, salesKobo: 200_000 }]);
    expect(v.busyHours).toEqual([{ weekday: 1, hour: 23, orders: 1 }]);
    // O2's items at B: confirmed 23:45 → picked up 00:00.
    expect(v.preparation).toEqual({ orders: 1, medianMin: 15 });
    expect(v.ratings).toEqual({ average: 4, count: 1 });
    expect(v.cancellations).toEqual([{ reason: 'customer', count: 1 }]);
    expect(v.payouts).toEqual([]);
    expect(v.paidOutKobo).toBe(0);
  });

  it('is for approved vendors only', async () => {
    expect((await get('/api/seller/insights?period=7d')).statusCode).toBe(401);
    expect((await get('/api/seller/insights?period=7d', c1.cookie)).statusCode).toBe(403);
    const pending = await createVendorAccount(app, { status: 'pending' });
    expect((await get('/api/seller/insights?period=7d', pending.cookie)).statusCode).toBe(403);
    expect((await get('/api/seller/insights?period=custom&from=2026-03-02', shopA.cookie)).statusCode).toBe(400);
  });
});

describe('rider dashboard', () => {
  it('shows the rider their own week', async () => {
    const res = await get('/api/rider/insights?period=7d', rider.cookie);
    expect(res.statusCode).toBe(200);
    const r = json<RiderInsightsAnswer>(res);
    expect(r.period).toEqual({ from: '2026-03-05', to: '2026-03-11', bucket: 'day' });
    expect(r.series).toEqual([
      { at: '2026-03-05', earningsKobo: 0, jobs: 0 },
      { at: '2026-03-06', earningsKobo: 0, jobs: 0 },
      { at: '2026-03-07', earningsKobo: 0, jobs: 0 },
      { at: '2026-03-08', earningsKobo: 0, jobs: 0 },
      { at: '2026-03-09', earningsKobo: 75_000, jobs: 1 },
      { at: '2026-03-10', earningsKobo: 0, jobs: 0 },
      { at: '2026-03-11', earningsKobo: 100_000, jobs: 1 },
    ]);
    // O1 delivered 39 min after payment (on time); O2 79 min after (late). Online 6 h + 2 h.
    expect(r.totals).toEqual({ earningsKobo: 175_000, jobs: 2, onTimeShare: 0.5, hoursOnline: 8 });
    expect(r.ratings).toEqual({ average: 4.5, count: 2 });
  });

  it('shows today by the hour', async () => {
    const r = json<RiderInsightsAnswer>(await get('/api/rider/insights?period=today', rider.cookie));
    expect(r.series[0]).toEqual({ at: '2026-03-11T00', earningsKobo: 100_000, jobs: 1 });
    expect(r.series.filter((p) => p.jobs > 0)).toHaveLength(1);
    // 00:00–02:00 of the night shift and 12:00–14:00 (now) of the open one.
    expect(r.totals).toEqual({ earningsKobo: 100_000, jobs: 1, onTimeShare: 0, hoursOnline: 4 });
    expect(r.ratings).toEqual({ average: 4, count: 1 });
  });

  it('shows another rider only their own', async () => {
    const r = json<RiderInsightsAnswer>(await get('/api/rider/insights?period=7d', rider2.cookie));
    expect(r.totals).toEqual({ earningsKobo: 0, jobs: 0, onTimeShare: null, hoursOnline: 0 });
    expect(r.ratings).toEqual({ average: null, count: 0 });
  });

  it('keeps the shifts of the online switch', async () => {
    const r3 = await createRiderAccount(app, { isOnline: false });
    const toggle = (isOnline: boolean) =>
      app.inject({
        method: 'POST',
        url: '/api/rider/online',
        headers: { cookie: r3.cookie, origin: 'http://localhost:3000' },
        payload: { isOnline },
      });
    try {
      app.ctx.clock = fixedClock(lagos('2026-03-11 09:00'));
      expect((await toggle(true)).statusCode).toBe(200);
      expect((await toggle(true)).statusCode).toBe(200); // still one shift
      app.ctx.clock = fixedClock(lagos('2026-03-11 10:30'));
      expect((await toggle(false)).statusCode).toBe(200);
      const shifts = await app.ctx.db.select().from(riderShifts).where(eq(riderShifts.riderId, r3.user.id));
      expect(shifts.map((s) => [s.startedAt.toISOString(), s.endedAt?.toISOString()])).toEqual([
        [lagos('2026-03-11 09:00').toISOString(), lagos('2026-03-11 10:30').toISOString()],
      ]);
      app.ctx.clock = fixedClock(NOW);
      const r = json<RiderInsightsAnswer>(await get('/api/rider/insights?period=today', r3.cookie));
      expect(r.totals.hoursOnline).toBe(1.5);
      // Rejected while online (the rejection sets a rider offline): the open shift is closed too.
      app.ctx.clock = fixedClock(lagos('2026-03-11 11:00'));
      expect((await toggle(true)).statusCode).toBe(200);
      await app.ctx.db.update(riders).set({ status: 'pending' }).where(eq(riders.id, r3.rider.id));
      const admin2 = await createUser(app, { role: 'admin' });
      const rejected = await app.inject({
        method: 'POST',
        url: `/api/admin/applications/rider/${r3.rider.id}/reject`,
        headers: { cookie: admin2.cookie, origin: 'http://localhost:3000' },
        payload: { reason: 'Not on campus any more' },
      });
      expect(rejected.statusCode).toBe(200);
      const after = await app.ctx.db.select().from(riderShifts).where(eq(riderShifts.riderId, r3.user.id));
      expect(after).toHaveLength(2);
      expect(after.filter((s) => s.endedAt === null)).toEqual([]);
      const [row] = await app.ctx.db.select().from(riders).where(eq(riders.id, r3.rider.id));
      expect(row!.isOnline).toBe(false);
    } finally {
      app.ctx.clock = fixedClock(NOW);
    }
  });

  it('is for riders only', async () => {
    expect((await get('/api/rider/insights?period=7d')).statusCode).toBe(401);
    expect((await get('/api/rider/insights?period=7d', c1.cookie)).statusCode).toBe(403);
  });
});

describe('kept answers', () => {
  it('keeps an answer per period until cleared', async () => {
    const before = json<AdminInsightsAnswer>(await get('/api/admin/insights?period=30d', admin.cookie));
    await place('O7', c4, lagos('2026-03-11 13:00'), [{ shop: 'B', p: 'P2', name: 'Suya', unit: 200_000, qty: 1 }], {
      delivery: 75_000,
      service: 5_000,
    });
    const kept = json<AdminInsightsAnswer>(await get('/api/admin/insights?period=30d', admin.cookie));
    expect(kept.totals.orders).toBe(before.totals.orders);
    app.services.insights.clearCache();
    const fresh = json<AdminInsightsAnswer>(await get('/api/admin/insights?period=30d', admin.cookie));
    expect(fresh.totals.orders).toBe(before.totals.orders + 1);
    expect(fresh.totals.gmvKobo).toBe(before.totals.gmvKobo + 280_000);
  });
});
