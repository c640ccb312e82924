import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, isNull } from 'drizzle-orm';
import type {
  AdminOrdersAnswer,
  SellerOrdersAnswer,
  DeliveryFeeAnswer,
  EarningsAnswer,
  ErrorAnswer,
  JobListAnswer,
  OrderListAnswer,
} from '@jara/shared';
import { buildTestApp, json, runScheduledJobs, type TestApp } from '../../../test/helpers.js';
import { checkLedger } from '../../../test/books.js';
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
import { orders } from './orders.tables.js';

// Wednesday 25 November 2026 in Lagos, lunch time.
const lagos = (hhmm: string) => new Date(`2026-11-25T${hhmm}:00+01:00`);
const at = (hhmm: string) => (app.ctx.clock = fixedClock(lagos(hhmm)));

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ DELIVERY_HOURS: '08:00-21:00' });
});
afterAll(() => app.closeAll());

const get = (url: string, cookie: string) => app.inject({ url, headers: { cookie } });
const post = (url: string, cookie: string, payload: object = {}) =>
  app.inject({ method: 'POST', url, headers: { cookie }, payload });

type Shop = Awaited<ReturnType<typeof createShop>>;

/** Each test's shops stand apart (about 450 m) from the others', so that tests do not batch together. */
let place = 0;
const apart = () => ({ latitude: 6.39 - 0.004 * place++, longitude: 5.61 });

/** A paid order of one item from `shop`, "Batch & save" or not, to the customer's campus address. */
async function paidOrder(shop: Shop, batch: boolean) {
  const customer = await createCustomer(app);
  const res = await checkout(app, customer.cookie, {
    items: [{ product: shop.products[0]!.product.id, quantity: 1 }],
    address: customer.address.id,
    batch,
  });
  expect(res.statusCode).toBe(200);
  const { reference } = json<{ reference: string }>(res);
  await sandboxAction(app, reference, 'pay');
  await verify(app, customer.cookie, reference);
  const orderId = (await paymentByReference(app, reference)).subjectId;
  const [row] = await app.ctx.db.select().from(orders).where(eq(orders.id, orderId));
  return { customer, orderId, row: row! };
}

const confirm = async (shop: Shop, orderId: string) =>
  expect((await post(`/api/seller/orders/${orderId}/confirm`, shop.owner.cookie)).statusCode).toBe(200);
const board = async (cookie: string) => json<JobListAnswer>(await get('/api/rider/jobs', cookie)).jobs;
/** Another shop's order on the board: the riders have work, so a "Batch & save" order waits for a partner. */
async function busyBoard() {
  const elsewhere = await createShop(app, [150_000], apart());
  const plain = await paidOrder(elsewhere, false);
  await confirm(elsewhere, plain.orderId);
}

describe('deliveries batched by hall', () => {
  it('"Batch & save" takes the batch discount off the tier fee, rounded up to ₦10', async () => {
    at('12:00');
    const shop = await createShop(app, [150_000], apart());
    const customer = await createCustomer(app);
    const fee = json<DeliveryFeeAnswer>(
      await app.inject({
        method: 'POST',
        url: '/api/order/delivery-fee',
        payload: {
          latitude: customer.address.latitude,
          longitude: customer.address.longitude,
          vendorIds: [shop.vendor.id],
        },
      }),
    );
    const tier = fee.totalDeliveryFee;
    expect(fee.batch).toEqual({ deliveryFee: Math.ceil((tier * 0.7) / 10) * 10, waitMinutes: 10 });
    const saver = await paidOrder(shop, true);
    expect(saver.row).toMatchObject({ batchSave: true, tierFeeKobo: tier * 100 });
    expect(saver.row.deliveryFeeKobo).toBe(fee.batch!.deliveryFee * 100);
    const mine = json<OrderListAnswer>(await get('/api/order/user', saver.customer.cookie)).orders[0]!;
    expect(mine).toMatchObject({ batchSave: true, deliveryFee: fee.batch!.deliveryFee });
    // A total computed without the discount is refused: the server prices the fee.
    const wrong = await checkout(app, saver.customer.cookie, {
      items: [{ product: shop.products[0]!.product.id, quantity: 1 }],
      address: saver.customer.address.id,
      batch: true,
      amount: 1500 + tier + 100,
    });
    expect(wrong.statusCode).toBe(409);
    expect(json<ErrorAnswer>(wrong).code).toBe('price_changed');
  });

  it('two orders to one hall become one job with two stops and two codes; one of two riders wins it', async () => {
    at('12:00');
    const shop = await createShop(app, [150_000], apart());
    const [a, b] = [await createRiderAccount(app), await createRiderAccount(app)];
    await busyBoard();
    const first = await paidOrder(shop, true);
    await confirm(shop, first.orderId);
    // Alone, a "Batch & save" order waits for a partner: not on the board yet.
    expect((await board(a.cookie)).some((j) => j._id === first.orderId)).toBe(false);
    at('12:04');
    const second = await paidOrder(shop, false);
    await confirm(shop, second.orderId);
    const jobs = (await board(a.cookie)).filter((j) => [first.orderId, second.orderId].includes(j._id));
    expect(jobs).toHaveLength(1);
    const job = jobs[0]!;
    // The customer who did not choose to wait is the first drop; the rider is paid what both paid for delivery.
    expect(job._id).toBe(second.orderId);
    expect(job.batch).toMatchObject({ stop: 1, of: 2 });
    expect(job.batch!.drops.map((d) => d.orderId)).toEqual([second.orderId, first.orderId]);
    expect(job.riderFee).toBe((first.row.deliveryFeeKobo + second.row.deliveryFeeKobo) / 100);
    // The shop and the admin see both travel together, and who chose to save.
    const sold = json<SellerOrdersAnswer>(await get('/api/seller/orders', shop.owner.cookie)).orders;
    expect(sold.find((o) => o._id === first.orderId)!.batch).toEqual({ save: true, of: 2, members: 0 });
    expect(sold.find((o) => o._id === second.orderId)!.batch).toEqual({ save: false, of: 2, members: 0 });
    const admin = await adminAccount(app);
    const listed = json<AdminOrdersAnswer>(await get('/api/admin/orders', admin.cookie)).orders;
    expect(listed.find((o) => o._id === first.orderId)!.batch).toEqual({ save: true, of: 2, members: 0 });

    const [ra, rb] = await Promise.all([
      post(`/api/rider/jobs/order/${first.orderId}/accept`, a.cookie),
      post(`/api/rider/jobs/order/${second.orderId}/accept`, b.cookie),
    ]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 409]);
    const winner = ra.statusCode === 200 ? a : b;
    const rows = await app.ctx.db
      .select()
      .from(orders)
      .where(inArray(orders.id, [first.orderId, second.orderId]));
    expect(new Set(rows.map((r) => r.riderId))).toEqual(new Set([winner.user.id]));

    const active = json<JobListAnswer>(await get('/api/rider/active', winner.cookie)).jobs;
    expect(active.map((j) => [j._id, j.batch?.stop, j.batch?.of]).sort()).toEqual(
      [
        [second.orderId, 1, 2],
        [first.orderId, 2, 2],
      ].sort(),
    );
    // Each drop its own code.
    for (const o of [first, second]) {
      expect((await post(`/api/rider/jobs/order/${o.orderId}/picked`, winner.cookie)).statusCode).toBe(200);
      const code = rows.find((r) => r.id === o.orderId)!.deliveryCode!;
      const other = rows.find((r) => r.id !== o.orderId)!.deliveryCode!;
      if (other !== code) {
        const wrong = await post(`/api/rider/jobs/order/${o.orderId}/deliver`, winner.cookie, { code: other });
        expect(wrong.statusCode).toBe(400);
      }
      const res = await post(`/api/rider/jobs/order/${o.orderId}/deliver`, winner.cookie, { code });
      expect(res.statusCode).toBe(200);
    }
    const earned = json<EarningsAnswer>(await get('/api/rider/earnings', winner.cookie));
    expect(earned.earnings.totalEarned).toBe(job.riderFee);
    expect(await checkLedger(app.ctx.db)).toEqual([]);
    // One trip carried both orders.
    const metrics = (await app.inject({ url: '/metrics' })).body;
    expect(metrics).toMatch(/^jara_rider_trips_per_order 0\.5$/m);
    expect(metrics).toMatch(/^jara_rider_minutes_per_order [1-9]/m);
  });

  it('a "Batch & save" order with no partner reaches the riders when its wait is over, its rider paid the full fee', async () => {
    at('12:00');
    const shop = await createShop(app, [150_000], apart());
    const rider = await createRiderAccount(app);
    await busyBoard();
    const lone = await paidOrder(shop, true);
    await confirm(shop, lone.orderId);
    at('12:09');
    expect((await board(rider.cookie)).some((j) => j._id === lone.orderId)).toBe(false);
    expect((await post(`/api/rider/jobs/order/${lone.orderId}/accept`, rider.cookie)).statusCode).toBe(409);
    at('12:10');
    await runScheduledJobs(app);
    const job = (await board(rider.cookie)).find((j) => j._id === lone.orderId)!;
    expect(job.batch ?? null).toBeNull();
    // Never less than one drop at its full tier fee: the platform tops the discount up.
    expect(job.riderFee).toBe(lone.row.tierFeeKobo! / 100);
    expect((await post(`/api/rider/jobs/order/${lone.orderId}/accept`, rider.cookie)).statusCode).toBe(200);
    const [row] = await app.ctx.db.select().from(orders).where(eq(orders.id, lone.orderId));
    expect(row!.riderBasisKobo).toBe(lone.row.tierFeeKobo);
  });

  it('with nothing else on the board, a free rider takes a "Batch & save" order at once', async () => {
    at('12:00');
    // Every other job taken: the board is empty.
    await app.ctx.db.update(orders).set({ lockedAt: new Date() }).where(isNull(orders.riderId));
    const shop = await createShop(app, [150_000], apart());
    const rider = await createRiderAccount(app);
    const saver = await paidOrder(shop, true);
    await confirm(shop, saver.orderId);
    expect((await board(rider.cookie)).map((j) => j._id)).toEqual([saver.orderId]);
    expect((await post(`/api/rider/jobs/order/${saver.orderId}/accept`, rider.cookie)).statusCode).toBe(200);
  });

  it('an order as soon as possible never waits for a batch, and shops far apart do not batch', async () => {
    at('12:00');
    const shop = await createShop(app, [150_000], apart());
    const far = await createShop(app, [150_000], apart());
    const rider = await createRiderAccount(app);
    const plain = await paidOrder(shop, false);
    await confirm(shop, plain.orderId);
    expect((await board(rider.cookie)).find((j) => j._id === plain.orderId)?.batch ?? null).toBeNull();
    const other = await paidOrder(far, true);
    await confirm(far, other.orderId);
    const [a, b] = await app.ctx.db
      .select()
      .from(orders)
      .where(inArray(orders.id, [plain.orderId, other.orderId]));
    expect([a!.batchId, b!.batchId]).toEqual([null, null]);
  });
});
