import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  RiderArrivedEvent,
  SupportAlertEvent,
  type AbsentAnswer,
  type ArrivedAnswer,
  type EarningsAnswer,
  type ErrorAnswer,
  type IsAuthAnswer,
  type JobListAnswer,
  type LiveDeliveryAnswer,
  type OrderListAnswer,
  type MyRatingsAnswer,
  type PayoutAnswer,
  type RiderAnswer,
  type RiderApplyAnswer,
  type RiderMeAnswer,
} from '@jara/shared';
import { buildTestApp, createUser, json, type TestApp } from '../../../test/helpers.js';
import {
  createPaidDispatch,
  createPaidOrder,
  createRiderAccount,
  createVendorAccount,
} from '../../../test/factories-portals.js';
import { chatMessages, chats } from '../chat/chat.tables.js';
import { dispatches } from '../dispatch/dispatch.tables.js';
import { jobs, mailOutbox } from '../../infra/db/tables.js';
import { orderItems, orders } from '../orders/orders.tables.js';
import { riders } from './rider.tables.js';
import { statusEvents } from '../order-events/order-events.tables.js';
import { users } from '../auth/auth.tables.js';
import { dropOffWaits } from './rider.tables.js';
import { etaRecords } from '../routing/routing.tables.js';
import { planRoute } from './deliveries.js';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.closeAll());

const post = (url: string, cookie: string, payload?: object) =>
  app.inject({ method: 'POST', url, headers: { cookie }, payload: payload ?? {} });
const get = (url: string, cookie: string) => app.inject({ url, headers: { cookie } });

/** A paid two-vendor order with every item confirmed: on the board. */
async function readyOrder() {
  const a = await createVendorAccount(app);
  const b = await createVendorAccount(app, { latitude: 6.395, longitude: 5.605 });
  const customer = await createUser(app);
  const made = await createPaidOrder(app, customer.user.id, [{ vendorId: a.vendor.id }, { vendorId: b.vendor.id }], {
    status: 'Order Confirmed',
  });
  return { ...made, customer, a, b };
}

describe('rider application', () => {
  it('applies (pending, no role change), refuses under-15s and missing terms, and cannot see the board until approved', async () => {
    const { user, cookie } = await createUser(app);
    const base = {
      name: 'Tunde',
      phone: '08031234567',
      dateOfBirth: '2001-02-03',
      vehicle: 'bicycle',
      acceptTerms: true,
    };
    const young = new Date();
    young.setUTCFullYear(young.getUTCFullYear() - 14);
    expect(
      json<ErrorAnswer>(
        await post('/api/rider/apply', cookie, { ...base, dateOfBirth: young.toISOString().slice(0, 10) }),
      ).message,
    ).toBe('Riders must be at least 15 years old');
    expect(json<ErrorAnswer>(await post('/api/rider/apply', cookie, { ...base, acceptTerms: false })).message).toBe(
      'Please accept the rider terms.',
    );
    expect((await post('/api/rider/apply', cookie, { ...base, vehicle: 'car' })).statusCode).toBe(400);
    expect((await post('/api/rider/apply', cookie, { ...base, dateOfBirth: '2001-02-30' })).statusCode).toBe(400);
    const res = await post('/api/rider/apply', cookie, base);
    expect(res.statusCode).toBe(200);
    expect(json<RiderApplyAnswer>(res).rider).toMatchObject({ status: 'pending', vehicle: 'bicycle', isOnline: false });
    const [u] = await app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(u!.roles).toEqual(['customer']);
    expect((await get('/api/rider/jobs', cookie)).statusCode).toBe(403);
  });

  it('switches online and offline; offline riders cannot accept', async () => {
    const r = await createRiderAccount(app, { isOnline: false });
    const { order } = await readyOrder();
    expect(json<ErrorAnswer>(await post(`/api/rider/jobs/order/${order.id}/accept`, r.cookie)).code).toBe('offline');
    expect(json<RiderAnswer>(await post('/api/rider/online', r.cookie, { isOnline: true })).rider.isOnline).toBe(true);
    expect((await post(`/api/rider/jobs/order/${order.id}/accept`, r.cookie)).statusCode).toBe(200);
  });
});

describe('one account, several roles', () => {
  it('a vendor who applies to ride and is approved keeps the shop and gets the rider board and earnings', async () => {
    const v = await createVendorAccount(app);
    const admin = await createUser(app, { role: 'admin' });
    const apply = await post('/api/rider/apply', v.cookie, {
      name: 'Vera Rides',
      phone: '08031234567',
      dateOfBirth: '2000-02-03',
      vehicle: 'bicycle',
      acceptTerms: true,
    });
    expect(apply.statusCode).toBe(200);
    const riderId = json<RiderApplyAnswer>(apply).rider._id;
    expect((await post(`/api/admin/applications/rider/${riderId}/approve`, admin.cookie)).statusCode).toBe(200);
    const [u] = await app.ctx.db.select().from(users).where(eq(users.id, v.user.id));
    expect(u!.roles).toEqual(['customer', 'vendor', 'rider']);
    for (const url of [
      '/api/rider/active',
      '/api/rider/earnings',
      '/api/rider/jobs',
      '/api/seller/products',
      '/api/seller/earnings',
    ]) {
      expect((await get(url, v.cookie)).statusCode, url).toBe(200);
    }
    expect((await post('/api/rider/online', v.cookie, { isOnline: true })).statusCode).toBe(200);
    const me = json<IsAuthAnswer>(await get('/api/user/is-auth', v.cookie));
    expect(me.user).toMatchObject({ isSeller: true, isRider: true, roles: ['customer', 'vendor', 'rider'] });
  });

  it('a staff-only account cannot apply to ride or sell', async () => {
    const agent = await createUser(app, { role: 'support' });
    const res = await post('/api/rider/apply', agent.cookie, {
      name: 'Agent',
      phone: '08031234567',
      dateOfBirth: '2000-02-03',
      vehicle: 'bicycle',
      acceptTerms: true,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('job board', () => {
  it('shows fully confirmed orders and paid dispatches, express first, with distance and fee but no phones', async () => {
    const r = await createRiderAccount(app);
    const { order } = await readyOrder();
    const customer = await createUser(app);
    const pending = await createPaidOrder(app, customer.user.id, [
      { vendorId: (await createVendorAccount(app)).vendor.id },
      { vendorId: (await createVendorAccount(app)).vendor.id },
    ]);
    await app.ctx.db
      .update(orderItems)
      .set({ status: 'Order Confirmed' })
      .where(eq(orderItems.id, pending.items[0]!.id));
    const express = await createPaidDispatch(app, customer.user.id, { isExpress: true });
    const jobs = json<JobListAnswer>(await get('/api/rider/jobs', r.cookie)).jobs;
    expect(jobs[0]).toMatchObject({ kind: 'dispatch', _id: express.id, isExpress: true });
    const mine = jobs.find((j) => j._id === order.id)!;
    expect(mine.pickups).toHaveLength(2);
    expect(mine.distanceKm).toBeGreaterThan(0);
    expect(mine.riderFee).toBe(1500);
    expect(mine.dropoff.phone).toBeNull();
    expect(mine.pickups.every((p) => p.phone === null)).toBe(true);
    expect(jobs.find((j) => j._id === pending.order.id)).toBeUndefined();
  });

  it('plans pick-ups so the trip ends at the drop-off', () => {
    const drop = { latitude: 6.4, longitude: 5.6 };
    const near = { latitude: 6.401, longitude: 5.6, name: 'near' };
    const far = { latitude: 6.42, longitude: 5.6, name: 'far' };
    const { stops, km } = planRoute([near, far], drop);
    expect(stops.map((s) => s.name)).toEqual(['far', 'near']);
    expect(km).toBeCloseTo(2.2, 1);
  });
});

describe('accepting is atomic', () => {
  it('two riders accepting the same order at once: exactly one wins, the other sees it gone', async () => {
    const { order } = await readyOrder();
    const r1 = await createRiderAccount(app);
    const r2 = await createRiderAccount(app);
    const role = vi.spyOn(app.ctx.realtime, 'emitToRole');
    const results = await Promise.all([
      post(`/api/rider/jobs/order/${order.id}/accept`, r1.cookie),
      post(`/api/rider/jobs/order/${order.id}/accept`, r2.cookie),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(json<ErrorAnswer>(results.find((r) => r.statusCode === 409)!).code).toBe('job_taken');
    const [o] = await app.ctx.db.select().from(orders).where(eq(orders.id, order.id));
    const winner = results[0]!.statusCode === 200 ? r1 : r2;
    expect(o!.riderId).toBe(winner.user.id);
    const items = await app.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(items.every((i) => i.status === 'Order Assigned')).toBe(true);
    const events = await app.ctx.db
      .select()
      .from(statusEvents)
      .where(and(eq(statusEvents.subjectId, items[0]!.id), eq(statusEvents.status, 'Order Assigned')));
    expect(events).toHaveLength(1);
    expect(role).toHaveBeenCalledWith('rider', 'job.taken', { kind: 'order', _id: order.id });
    role.mockRestore();
    const loser = winner === r1 ? r2 : r1;
    expect(
      json<JobListAnswer>(await get('/api/rider/jobs', loser.cookie)).jobs.find(
        (j: { _id: string }) => j._id === order.id,
      ),
    ).toBeUndefined();
  });

  it('two riders accepting the same dispatch at once: exactly one wins', async () => {
    const customer = await createUser(app);
    const d = await createPaidDispatch(app, customer.user.id);
    const r1 = await createRiderAccount(app);
    const r2 = await createRiderAccount(app);
    const results = await Promise.all([
      post(`/api/rider/jobs/dispatch/${d.id}/accept`, r1.cookie),
      post(`/api/rider/jobs/dispatch/${d.id}/accept`, r2.cookie),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [row] = await app.ctx.db.select().from(dispatches).where(eq(dispatches.id, d.id));
    expect(row!.status).toBe('Order Assigned');
  });

  it('many riders racing for one order: one winner', async () => {
    const { order } = await readyOrder();
    const rs = await Promise.all(Array.from({ length: 6 }, () => createRiderAccount(app)));
    const results = await Promise.all(rs.map((r) => post(`/api/rider/jobs/order/${order.id}/accept`, r.cookie)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });

  it('one job at a time', async () => {
    const r = await createRiderAccount(app);
    const first = await readyOrder();
    const second = await readyOrder();
    expect((await post(`/api/rider/jobs/order/${first.order.id}/accept`, r.cookie)).statusCode).toBe(200);
    expect(json<ErrorAnswer>(await post(`/api/rider/jobs/order/${second.order.id}/accept`, r.cookie)).code).toBe(
      'busy',
    );
  });
});

describe('delivery', () => {
  it('picked, then delivered with the customer code, pushed live to the customer', async () => {
    const { order, customer } = await readyOrder();
    const r = await createRiderAccount(app);
    await post(`/api/rider/jobs/order/${order.id}/accept`, r.cookie);
    const active = json<JobListAnswer>(await get('/api/rider/active', r.cookie)).jobs;
    expect(active[0]).toMatchObject({ _id: order.id, status: 'Order Assigned' });
    expect(active[0]?.dropoff.phone).toBe('08031234567');
    // The fee of the job under way is held until the customer's code confirms it.
    expect(json<EarningsAnswer>(await get('/api/rider/earnings', r.cookie)).earnings).toMatchObject({
      held: 1500,
      inWindow: 0,
      available: 0,
    });
    expect(
      json<ErrorAnswer>(await post(`/api/rider/jobs/order/${order.id}/deliver`, r.cookie, { code: '1234' })).code,
    ).toBe('invalid_status');
    const emit = vi.spyOn(app.ctx.realtime, 'emitToUser');
    expect((await post(`/api/rider/jobs/order/${order.id}/picked`, r.cookie)).statusCode).toBe(200);
    expect(emit).toHaveBeenCalledWith(
      customer.user.id,
      'order.updated',
      expect.objectContaining({ status: 'Order Picked' }),
    );
    expect((await post(`/api/rider/jobs/order/${order.id}/deliver`, r.cookie, { code: '1234' })).statusCode).toBe(200);
    expect(emit).toHaveBeenCalledWith(
      customer.user.id,
      'order.updated',
      expect.objectContaining({ status: 'Order Delivered' }),
    );
    emit.mockRestore();
    // The arrival estimate given at pickup is kept beside the time the job really took.
    const [eta] = await app.ctx.db.select().from(etaRecords).where(eq(etaRecords.jobId, order.id));
    expect(eta).toMatchObject({ jobKind: 'order', deliveredAt: expect.any(Date) });
    expect(eta!.predictedMinutes).toBeGreaterThan(eta!.roadMinutes);
    expect(json<JobListAnswer>(await get('/api/rider/active', r.cookie)).jobs).toHaveLength(0);
    expect(json<JobListAnswer>(await get('/api/rider/history', r.cookie)).jobs[0]).toMatchObject({
      _id: order.id,
      status: 'Order Delivered',
    });
    const bank = { accountName: 'Rider One', accountNumber: '0123456789', bankCode: '999992' };
    // Delivered with the code: in the dispute window, not yet payable.
    expect(json<EarningsAnswer>(await get('/api/rider/earnings', r.cookie)).earnings).toMatchObject({
      held: 0,
      inWindow: 1500,
      available: 0,
    });
    expect(json<ErrorAnswer>(await post('/api/rider/payouts', r.cookie, bank)).code).toBe('nothing_to_pay');
    // The window (30 minutes) over.
    await app.ctx.db
      .update(orderItems)
      .set({ updatedAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(orderItems.orderId, order.id));
    const earnings = json<EarningsAnswer>(await get('/api/rider/earnings', r.cookie)).earnings;
    expect(earnings).toMatchObject({ percent: 100, totalEarned: 1500, inWindow: 0, available: 1500 });
    expect(earnings.entries).toEqual([expect.objectContaining({ what: { kind: 'order' } })]);
    const payout = json<PayoutAnswer>(await post('/api/rider/payouts', r.cookie, bank)).payout;
    expect(payout).toMatchObject({ amount: 1500, state: 'scheduled', account: 'OPay ••••6789' });
    expect(
      json<ErrorAnswer>(
        await post('/api/rider/payouts', r.cookie, {
          accountName: 'Rider One',
          accountNumber: '0123456789',
          bankCode: '999992',
        }),
      ).code,
    ).toBe('nothing_to_pay');

    // Its day comes: the transfer goes out, and the rider's open earnings page hears it was paid.
    await app.ctx.db
      .update(jobs)
      .set({ runAt: new Date() })
      .where(and(eq(jobs.kind, 'payout.transfer'), sql`payload->>'payoutId' = ${payout._id}`));
    const told = vi.spyOn(app.ctx.realtime, 'emitToUser');
    await app.ctx.jobs.drain();
    expect(told).toHaveBeenCalledWith(
      r.user.id,
      'payout.updated',
      expect.objectContaining({ _id: payout._id, state: 'paid', amount: 1500 }),
    );
    told.mockRestore();
  });

  it('a code checked by brute force is stopped after 5 tries: locked, support told, even the right code refused', async () => {
    const { order } = await readyOrder();
    const r = await createRiderAccount(app);
    await post(`/api/rider/jobs/order/${order.id}/accept`, r.cookie);
    await post(`/api/rider/jobs/order/${order.id}/picked`, r.cookie);
    const answers = [];
    for (const code of ['0000', '0001', '0002', '0003', '0004', '0005']) {
      answers.push(await post(`/api/rider/jobs/order/${order.id}/deliver`, r.cookie, { code }));
    }
    expect(answers.map((a) => a.statusCode)).toEqual([400, 400, 400, 400, 423, 423]);
    expect(json<ErrorAnswer>(answers[0]!).message).toBe('Wrong delivery code. 4 tries left.');
    const right = await post(`/api/rider/jobs/order/${order.id}/deliver`, r.cookie, { code: '1234' });
    expect(right.statusCode).toBe(423);
    const [o] = await app.ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(o!.codeAttempts).toBe(5);
    expect(o!.lockedAt).not.toBeNull();
    const items = await app.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(items.every((i) => i.status === 'Order Picked')).toBe(true);
    const mails = await app.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, app.ctx.config.mail.support));
    expect(mails.some((m) => m.subject.includes(order.id))).toBe(true);
    const alert = vi.spyOn(app.ctx.realtime, 'emitToRole');
    await app.ctx.jobs.drain();
    const sent = alert.mock.calls.filter((c) => c[1] === 'support.alert');
    alert.mockRestore();
    expect(sent).toHaveLength(1);
    expect(SupportAlertEvent.parse(sent[0]![2])).toMatchObject({
      kind: 'order_code_locked',
      orderId: order.id,
      riderId: r.user.id,
    });
  });

  it('dispatch: the same lock after 5 wrong codes', async () => {
    const customer = await createUser(app);
    const d = await createPaidDispatch(app, customer.user.id);
    const r = await createRiderAccount(app);
    await post(`/api/rider/jobs/dispatch/${d.id}/accept`, r.cookie);
    await post(`/api/rider/jobs/dispatch/${d.id}/picked`, r.cookie);
    const codes = [];
    for (let i = 0; i < 6; i++)
      codes.push((await post(`/api/rider/jobs/dispatch/${d.id}/deliver`, r.cookie, { code: '9999' })).statusCode);
    expect(codes).toEqual([400, 400, 400, 400, 423, 423]);
    expect((await post(`/api/rider/jobs/dispatch/${d.id}/deliver`, r.cookie, { code: '4321' })).statusCode).toBe(423);
  });

  it('the drop-off wait: Customer absent only after 5 minutes, then a support conversation opens (once)', async () => {
    const { order } = await readyOrder();
    const r = await createRiderAccount(app);
    await post(`/api/rider/jobs/order/${order.id}/accept`, r.cookie);
    expect(json<ErrorAnswer>(await post(`/api/rider/jobs/order/${order.id}/arrived`, r.cookie)).code).toBe(
      'invalid_status',
    );
    await post(`/api/rider/jobs/order/${order.id}/picked`, r.cookie);
    expect(json<ErrorAnswer>(await post(`/api/rider/jobs/order/${order.id}/absent`, r.cookie)).code).toBe(
      'not_arrived',
    );
    const arrived = json<ArrivedAnswer>(await post(`/api/rider/jobs/order/${order.id}/arrived`, r.cookie));
    expect(new Date(arrived.waitUntil).getTime() - new Date(arrived.arrivedAt).getTime()).toBe(300_000);
    expect(json<ErrorAnswer>(await post(`/api/rider/jobs/order/${order.id}/absent`, r.cookie)).code).toBe(
      'still_waiting',
    );
    await app.ctx.db
      .update(dropOffWaits)
      .set({ arrivedAt: new Date(Date.now() - 301_000) })
      .where(eq(dropOffWaits.subjectId, order.id));
    const res = await post(`/api/rider/jobs/order/${order.id}/absent`, r.cookie);
    expect(res.statusCode).toBe(200);
    const [chat] = await app.ctx.db.select().from(chats).where(eq(chats.customerId, r.user.id));
    expect(chat!.id).toBe(json<AbsentAnswer>(res).chatId);
    const msgs = await app.ctx.db.select().from(chatMessages).where(eq(chatMessages.chatId, chat!.id));
    expect(msgs[0]!.body).toMatch(/^Customer absent/);
    expect(json<ErrorAnswer>(await post(`/api/rider/jobs/order/${order.id}/absent`, r.cookie)).code).toBe(
      'already_reported',
    );
  });
});

describe('the rider at the door', () => {
  it('"I have arrived" reaches the customer at once: the event, a push, the live map and the timeline; a second tap does not repeat it', async () => {
    const { order, customer } = await readyOrder();
    const r = await createRiderAccount(app);
    await post(`/api/rider/jobs/order/${order.id}/accept`, r.cookie);
    await post(`/api/rider/jobs/order/${order.id}/picked`, r.cookie);
    const live = async () =>
      json<LiveDeliveryAnswer>(await get(`/api/order/${order.id}/live`, customer.cookie)).live.arrived;
    expect(await live()).toBeNull();

    const told = vi.spyOn(app.ctx.realtime, 'emitToPeople');
    const arrived = json<ArrivedAnswer>(await post(`/api/rider/jobs/order/${order.id}/arrived`, r.cookie));
    const sent = told.mock.calls.filter((c) => c[1] === 'rider.arrived');
    expect(sent).toHaveLength(1);
    expect(sent[0]![0]).toEqual({ userIds: [customer.user.id], roles: ['support', 'admin'] });
    expect(RiderArrivedEvent.parse(sent[0]![2])).toEqual({
      jobKind: 'order',
      jobId: order.id,
      at: arrived.arrivedAt,
      waitUntil: arrived.waitUntil,
    });
    expect(await live()).toEqual({ at: arrived.arrivedAt, waitUntil: arrived.waitUntil });

    const events = await app.ctx.db.select().from(statusEvents).where(eq(statusEvents.subjectId, order.id));
    expect(events.filter((e) => e.status === 'Rider Arrived')).toEqual([
      expect.objectContaining({ subjectType: 'order', actorId: r.user.id }),
    ]);
    const pushes = await app.ctx.db.select().from(jobs).where(eq(jobs.kind, 'push.status'));
    const arrivalPushes = pushes.filter(
      (j) => j.payload.status === 'Rider Arrived' && (j.payload.subjectIds as string[]).includes(order.id),
    );
    expect(arrivalPushes.map((j) => j.payload.subjectType)).toEqual(['order']);
    const mine = json<OrderListAnswer>(await get('/api/order/user', customer.cookie)).orders[0]!;
    expect(mine.timeline!.map((s) => [s.key, s.label, s.at !== null])).toContainEqual([
      'arrived',
      'Rider at the door',
      true,
    ]);
    // The order's five statuses stay as they are.
    expect(mine.status).toBe('Order Picked');

    const again = json<ArrivedAnswer>(await post(`/api/rider/jobs/order/${order.id}/arrived`, r.cookie));
    expect(again).toMatchObject({ arrivedAt: arrived.arrivedAt });
    expect(told.mock.calls.filter((c) => c[1] === 'rider.arrived')).toHaveLength(1);
    told.mockRestore();
    const after = await app.ctx.db.select().from(statusEvents).where(eq(statusEvents.subjectId, order.id));
    expect(after.filter((e) => e.status === 'Rider Arrived')).toHaveLength(1);
  });
});

describe('ratings', () => {
  it('the customer rates a delivered job 1-5 once; the rider average shows', async () => {
    const { order, customer } = await readyOrder();
    const r = await createRiderAccount(app);
    await post(`/api/rider/jobs/order/${order.id}/accept`, r.cookie);
    const body = { subjectType: 'order', subjectId: order.id, stars: 3, comment: 'Late but polite' };
    expect(json<ErrorAnswer>(await post('/api/ratings', customer.cookie, body)).code).toBe('not_delivered');
    await post(`/api/rider/jobs/order/${order.id}/picked`, r.cookie);
    await post(`/api/rider/jobs/order/${order.id}/deliver`, r.cookie, { code: '1234' });
    expect((await post('/api/ratings', customer.cookie, { ...body, stars: 6 })).statusCode).toBe(400);
    const stranger = await createUser(app);
    expect((await post('/api/ratings', stranger.cookie, body)).statusCode).toBe(404);
    expect((await post('/api/ratings', customer.cookie, body)).statusCode).toBe(200);
    expect(json<ErrorAnswer>(await post('/api/ratings', customer.cookie, body)).code).toBe('already_rated');
    expect(json<RiderMeAnswer>(await get('/api/rider/me', r.cookie)).rider).toMatchObject({
      rating: 3,
      ratingCount: 1,
    });
    expect(json<MyRatingsAnswer>(await get('/api/ratings/mine', customer.cookie)).ratings).toEqual([
      { subjectType: 'order', subjectId: order.id, stars: 3 },
    ]);
  });
});

void riders;
