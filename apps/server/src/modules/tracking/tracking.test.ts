import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type {
  DispatchAnswer,
  DispatchCancelAnswer,
  DispatchListAnswer,
  OrderAnswer,
  OrderCancelAnswer,
  OrderListAnswer,
  TrackingStepDto,
} from '@jara/shared';
import { buildTestApp, createUser, json, type TestApp } from '../../../test/helpers.js';
import {
  createPaidDispatch,
  createPaidOrder,
  createRiderAccount,
  createVendorAccount,
} from '../../../test/factories-portals.js';
import { jobs } from '../../infra/db/tables.js';
import { payments } from '../payments/payments.tables.js';
import { riders } from '../rider/rider.tables.js';
import { sandboxTransactions } from '../../infra/payments/sandbox.tables.js';
import { ratings } from '../rider/rider.tables.js';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.closeAll());

const post = (url: string, cookie: string, payload?: object) =>
  app.inject({ method: 'POST', url, headers: { cookie }, payload: payload ?? {} });
const get = (url: string, cookie: string) => app.inject({ url, headers: { cookie } });

/** The sandbox provider's record of a successful charge, so it can refund it like Paystack would. */
async function providerCharged(reference: string, amountKobo: number) {
  await app.ctx.db.insert(sandboxTransactions).values({
    reference,
    email: 'buyer@example.com',
    amountKobo,
    callbackUrl: 'http://localhost:3000/loader',
    status: 'success',
    paidAt: new Date(),
  });
}

interface Step {
  key: string;
  label: string;
  at: string | null;
  note: string | null;
}

function expectInTimeOrder(steps: Step[]) {
  const done = steps.filter((s) => s.at !== null);
  const times = done.map((s) => Date.parse(s.at!));
  expect(times).toEqual([...times].sort((a, b) => a - b));
  // Steps still to come are all after the done ones.
  const firstPending = steps.findIndex((s) => s.at === null);
  if (firstPending >= 0) expect(steps.slice(firstPending).every((s) => s.at === null)).toBe(true);
}

/** The timeline an order or a dispatch carries (these answers always load it). */
function timelineOf(subject: { timeline?: TrackingStepDto[] }): TrackingStepDto[] {
  assert.isDefined(subject.timeline, 'the answer carries the timeline');
  return subject.timeline;
}

describe('order timeline', () => {
  it('shows each step with its time, the decline reason, the refund, and the rider (phone only to the customer while active)', async () => {
    const a = await createVendorAccount(app, { businessName: 'Mama Put' });
    const b = await createVendorAccount(app, { businessName: 'Rice Hub' });
    const customer = await createUser(app);
    const stranger = await createUser(app);
    const { order, items, payment } = await createPaidOrder(app, customer.user.id, [
      { vendorId: a.vendor.id },
      { vendorId: b.vendor.id },
    ]);
    await providerCharged(payment.reference, payment.amountKobo);
    const rider = await createRiderAccount(app);
    await app.ctx.db
      .update(riders)
      .set({ name: 'Tunde Bakare', phone: '08059876543' })
      .where(eq(riders.userId, rider.user.id));
    const other = await createUser(app);
    await app.ctx.db.insert(ratings).values([
      {
        subjectType: 'order',
        subjectId: crypto.randomUUID(),
        riderId: rider.user.id,
        customerId: other.user.id,
        stars: 5,
      },
      {
        subjectType: 'order',
        subjectId: crypto.randomUUID(),
        riderId: rider.user.id,
        customerId: other.user.id,
        stars: 4,
      },
    ]);

    let mine = json<OrderAnswer>(await get(`/api/order/${order.id}`, customer.cookie)).order;
    expect(timelineOf(mine).map((s: Step) => [s.key, s.at === null])).toEqual([
      ['placed', false],
      ['confirmed', true],
      ['assigned', true],
      ['picked', true],
      ['delivered', true],
    ]);
    expect(mine.rider).toBeNull();
    expect(mine.refund).toBeNull();

    expect((await post(`/api/seller/orders/${order.id}/confirm`, a.cookie)).statusCode).toBe(200);
    expect(
      (await post(`/api/seller/orders/${order.id}/decline`, b.cookie, { reason: 'Out of rice today' })).statusCode,
    ).toBe(200);
    expect((await post(`/api/rider/jobs/order/${order.id}/accept`, rider.cookie)).statusCode).toBe(200);

    mine = json<OrderAnswer>(await get(`/api/order/${order.id}`, customer.cookie)).order;
    const keys = timelineOf(mine).map((s: Step) => s.key);
    expect(keys).toEqual(['placed', 'confirmed', 'declined', 'refund_pending', 'assigned', 'picked', 'delivered']);
    expectInTimeOrder(timelineOf(mine));
    const declined = timelineOf(mine).find((s: Step) => s.key === 'declined');
    expect(declined).toMatchObject({ label: 'Declined by Rice Hub', note: 'Out of rice today' });
    expect(timelineOf(mine).find((s: Step) => s.key === 'confirmed')?.label).toBe('Confirmed by Mama Put');
    expect(timelineOf(mine).find((s: Step) => s.key === 'assigned')?.label).toBe('Rider assigned: Tunde');
    expect(mine.items.find((i: { _id: string }) => i._id === items[1]!.id)).toMatchObject({
      status: 'Order Cancelled',
      cancelReason: 'Out of rice today',
    });
    expect(mine.refund).toEqual({ state: 'pending', amount: 1500 });
    expect(mine.rider).toEqual({ firstName: 'Tunde', rating: 4.5, ratingCount: 2, phone: '08059876543' });

    // The list shows the same tracking.
    const listed = json<OrderListAnswer>(await get('/api/order/user', customer.cookie)).orders.find(
      (o: { _id: string }) => o._id === order.id,
    );
    assert.isDefined(listed, 'the list shows the order');
    expect(listed.rider?.phone).toBe('08059876543');
    expect(listed.timeline).toEqual(mine.timeline);

    // Another customer sees neither the order nor the rider's phone.
    const res = await get(`/api/order/${order.id}`, stranger.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('08059876543');
    const theirs = await get('/api/order/user', stranger.cookie);
    expect(theirs.body).not.toContain(order.id);
    expect(theirs.body).not.toContain('08059876543');
    // Not even the rider or the vendor get the order through the customer's route.
    expect((await get(`/api/order/${order.id}`, rider.cookie)).statusCode).toBe(404);
    expect((await get(`/api/order/${order.id}`, a.cookie)).statusCode).toBe(404);

    // The refund processed by the provider shows as refunded.
    await app.ctx.jobs.drain();
    mine = json<OrderAnswer>(await get(`/api/order/${order.id}`, customer.cookie)).order;
    expect(mine.refund).toEqual({ state: 'processed', amount: 1500 });
    expect(timelineOf(mine).map((s: Step) => s.key)).toContain('refunded');

    // Picked up, delivered: the phone is no longer shown once the job is over.
    expect((await post(`/api/rider/jobs/order/${order.id}/picked`, rider.cookie)).statusCode).toBe(200);
    expect(json<OrderAnswer>(await get(`/api/order/${order.id}`, customer.cookie)).order.rider?.phone).toBe(
      '08059876543',
    );
    expect((await post(`/api/rider/jobs/order/${order.id}/deliver`, rider.cookie, { code: '1234' })).statusCode).toBe(
      200,
    );
    mine = json<OrderAnswer>(await get(`/api/order/${order.id}`, customer.cookie)).order;
    expect(mine.status).toBe('Order Delivered');
    expect(mine.rider).toMatchObject({ firstName: 'Tunde', phone: null });
    expect(timelineOf(mine).filter((s: Step) => s.at === null)).toEqual([]);
    expect(timelineOf(mine).at(-1)?.key).toBe('delivered');
    expectInTimeOrder(timelineOf(mine));
  });

  it('writes one push job per status change in the same transaction', async () => {
    const a = await createVendorAccount(app);
    const customer = await createUser(app);
    const { order } = await createPaidOrder(app, customer.user.id, [
      { vendorId: a.vendor.id },
      { vendorId: a.vendor.id },
    ]);
    const before = await app.ctx.db.select().from(jobs).where(eq(jobs.kind, 'push.status'));
    expect((await post(`/api/seller/orders/${order.id}/confirm`, a.cookie)).statusCode).toBe(200);
    const after = await app.ctx.db.select().from(jobs).where(eq(jobs.kind, 'push.status'));
    const added = after.filter((j) => !before.some((b) => b.id === j.id));
    expect(added).toHaveLength(1);
    expect(added[0]!.payload).toMatchObject({ subjectType: 'order_item', status: 'Order Confirmed' });
    expect(added[0]!.payload.subjectIds as string[]).toHaveLength(2);
    // A refused change writes no job.
    expect((await post(`/api/seller/orders/${order.id}/confirm`, a.cookie)).statusCode).toBe(409);
    expect(await app.ctx.db.select().from(jobs).where(eq(jobs.kind, 'push.status'))).toHaveLength(after.length);
  });

  it('a customer cancelling sees "Cancelled by you" and the refund', async () => {
    const a = await createVendorAccount(app);
    const customer = await createUser(app);
    const { order } = await createPaidOrder(app, customer.user.id, [{ vendorId: a.vendor.id }]);
    const res = await post(`/api/order/cancel/${order.id}`, customer.cookie);
    expect(res.statusCode).toBe(200);
    const o = json<OrderCancelAnswer>(res).order;
    expect(timelineOf(o).map((s: Step) => s.key)).toEqual(['placed', 'cancelled', 'refund_pending']);
    expect(timelineOf(o)[1]?.label).toBe('Cancelled by you');
    expect(o.refund?.state).toBe('pending');
  });
});

describe('dispatch timeline', () => {
  it('shows the rider to the sender only, with the phone while the job is active', async () => {
    const sender = await createUser(app);
    const stranger = await createUser(app);
    const d = await createPaidDispatch(app, sender.user.id);
    const rider = await createRiderAccount(app);
    await app.ctx.db
      .update(riders)
      .set({ name: 'Ngozi Eze', phone: '08161234567' })
      .where(eq(riders.userId, rider.user.id));

    let mine = json<DispatchAnswer>(await get(`/api/dispatch/${d.id}`, sender.cookie)).order;
    expect(timelineOf(mine).map((s: Step) => [s.key, s.at === null])).toEqual([
      ['placed', false],
      ['assigned', true],
      ['picked', true],
      ['delivered', true],
    ]);
    expect(mine.rider).toBeNull();

    expect((await post(`/api/rider/jobs/dispatch/${d.id}/accept`, rider.cookie)).statusCode).toBe(200);
    mine = json<DispatchAnswer>(await get(`/api/dispatch/${d.id}`, sender.cookie)).order;
    expect(mine.rider).toEqual({ firstName: 'Ngozi', rating: null, ratingCount: 0, phone: '08161234567' });
    expect(timelineOf(mine).map((s: Step) => s.key)).toEqual(['placed', 'assigned', 'picked', 'delivered']);
    const assigned = timelineOf(mine)[1];
    assert.isDefined(assigned, 'the timeline has the assigned step');
    expect(assigned.at).not.toBeNull();

    const res = await get(`/api/dispatch/${d.id}`, stranger.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('08161234567');
    expect((await get('/api/dispatch/user', stranger.cookie)).body).not.toContain('08161234567');
    // The rider's own view of the job has no tracking block with their phone for anyone else.
    const riderView = await get('/api/rider/active', rider.cookie);
    expect(riderView.body).not.toContain('"timeline"');

    expect((await post(`/api/rider/jobs/dispatch/${d.id}/picked`, rider.cookie)).statusCode).toBe(200);
    expect((await post(`/api/rider/jobs/dispatch/${d.id}/deliver`, rider.cookie, { code: '4321' })).statusCode).toBe(
      200,
    );
    const list = json<DispatchListAnswer>(await get('/api/dispatch/user', sender.cookie)).orders;
    const done = list.find((x: { _id: string }) => x._id === d.id);
    assert.isDefined(done, 'the sender lists the dispatch');
    expect(done.rider?.phone).toBeNull();
    expect(timelineOf(done).every((s: Step) => s.at !== null)).toBe(true);
    expectInTimeOrder(timelineOf(done));
  });

  it('a cancelled dispatch shows the cancellation and the refund, processed after the provider answers', async () => {
    const sender = await createUser(app);
    const d = await createPaidDispatch(app, sender.user.id);
    await providerCharged(`t_${d.id}`, d.amountKobo);
    await app.ctx.db.insert(payments).values({
      reference: `t_${d.id}`,
      userId: sender.user.id,
      purpose: 'dispatch',
      subjectId: d.id,
      amountKobo: d.amountKobo,
      provider: 'sandbox',
      state: 'paid',
      paidAt: new Date(),
    });
    const res = await post(`/api/dispatch/cancel/${d.id}`, sender.cookie);
    expect(res.statusCode).toBe(200);
    expect(timelineOf(json<DispatchCancelAnswer>(res).order).map((s: Step) => s.key)).toEqual([
      'placed',
      'cancelled',
      'refund_pending',
    ]);
    expect(json<DispatchCancelAnswer>(res).order.refund).toEqual({ state: 'pending', amount: 770 });
    await app.ctx.jobs.drain();
    const after = json<DispatchAnswer>(await get(`/api/dispatch/${d.id}`, sender.cookie)).order;
    expect(after.refund).toEqual({ state: 'processed', amount: 770 });
    expect(timelineOf(after).at(-1)).toMatchObject({ key: 'refunded', label: '₦770 refunded' });
    const pushed = await app.ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'push.status')));
    expect(
      pushed.some((j) => (j.payload.subjectIds as string[]).includes(d.id) && j.payload.status === 'refunded'),
    ).toBe(true);
  });
});
