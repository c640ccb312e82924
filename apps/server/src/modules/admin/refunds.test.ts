import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDisputesAnswer, AdminRefundsAnswer, ErrorAnswer, RefundSource } from '@jara/shared';
import { buildTestApp, createUser, json, runScheduledJobs, type TestApp } from '../../../test/helpers.js';
import { createPaidDispatch } from '../../../test/factories-dispatch.js';
import { adminAccount, createPaidOrder, createVendorAccount } from '../../../test/factories-portals.js';
import { disputes } from '../disputes/disputes.tables.js';
import { refunds } from '../payments/payments.tables.js';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.closeAll());

const get = (url: string, cookie: string) => app.inject({ url, headers: { cookie } });
const post = (url: string, cookie: string, payload: object = {}) =>
  app.inject({ method: 'POST', url, headers: { cookie }, payload });
const refundsOf = async (query: string, cookie: string) => {
  const res = await get(`/api/admin/refunds?${query}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return json<AdminRefundsAnswer>(res);
};

describe('the refund queue', () => {
  it('tells where each refund came from, as the app words each reason', async () => {
    const admin = await adminAccount(app);
    const shop = await createVendorAccount(app, { businessName: 'Mama Put' });
    const customer = await createUser(app, { name: 'Ada Obi' });
    const order = () => createPaidOrder(app, customer.user.id, [{ vendorId: shop.vendor.id }]);

    const byAdmin = await order();
    await post(`/api/admin/orders/${byAdmin.order.id}/refund`, admin.cookie, { reason: 'Cold food' });
    const cancelled = await order();
    expect((await post(`/api/order/cancel/${cancelled.order.id}`, customer.cookie)).statusCode).toBe(200);
    const { dispatch } = await createPaidDispatch(app, customer.user.id);
    expect((await post(`/api/dispatch/cancel/${dispatch.id}`, customer.cookie)).statusCode).toBe(200);
    const declined = await order();
    expect(
      (await post(`/api/seller/orders/${declined.order.id}/decline`, shop.cookie, { reason: 'No plantain' }))
        .statusCode,
    ).toBe(200);
    // No vendor confirmed it within VENDOR_CONFIRM_MINUTES: the minute's sweep cancels and refunds it.
    const late = await createPaidOrder(app, customer.user.id, [{ vendorId: shop.vendor.id }], {
      paidAt: new Date(Date.now() - 2 * 60 * 60_000),
    });
    await runScheduledJobs(app);
    const disputed = await order();
    const [dispute] = await app.ctx.db
      .insert(disputes)
      .values({ orderId: disputed.order.id, customerId: customer.user.id, reason: 'missing_item', amountKobo: 30_000 })
      .returning();
    expect(
      (
        await post(`/api/support/disputes/${dispute!.id}/settle`, admin.cookie, {
          outcome: 'refund',
          amount: 300,
          bearer: 'platform',
        })
      ).statusCode,
    ).toBe(200);

    const all = await refundsOf(`q=${encodeURIComponent(customer.user.email)}`, admin.cookie);
    const bySubject = new Map(all.refunds.map((r) => [r.subject._id, r]));
    expect(all.refunds).toHaveLength(6);
    expect(bySubject.get(byAdmin.order.id)).toMatchObject({
      source: 'admin',
      reason: 'Admin refund: Cold food',
      subject: { kind: 'order', reference: byAdmin.order.id.slice(0, 8) },
      customer: { _id: customer.user.id, name: 'Ada Obi', email: customer.user.email },
      disputeId: null,
    });
    expect(bySubject.get(cancelled.order.id)?.source).toBe('cancelled');
    expect(bySubject.get(dispatch.id)).toMatchObject({ source: 'cancelled', subject: { kind: 'dispatch' } });
    expect(bySubject.get(declined.order.id)).toMatchObject({
      source: 'declined',
      reason: 'Declined by Mama Put: No plantain',
    });
    expect(bySubject.get(late.order.id)?.source).toBe('unconfirmed');
    expect(bySubject.get(disputed.order.id)).toMatchObject({ source: 'dispute', amount: 300, disputeId: dispute!.id });

    // The filter in SQL agrees with the rows' source.
    const expected: [RefundSource, string[]][] = [
      ['admin', [byAdmin.order.id]],
      ['cancelled', [cancelled.order.id, dispatch.id]],
      ['declined', [declined.order.id]],
      ['dispute', [disputed.order.id]],
      ['unconfirmed', [late.order.id]],
      ['other', []],
    ];
    for (const [source, subjects] of expected) {
      const some = await refundsOf(`q=${encodeURIComponent(customer.user.email)}&source=${source}`, admin.cookie);
      expect(some.refunds.map((r) => r.subject._id).sort(), source).toEqual([...subjects].sort());
      expect(some.totals.all.count, source).toBe(subjects.length);
    }
  });

  it('filters by state and by Lagos days, totals per state, and pages newest first', async () => {
    const admin = await adminAccount(app);
    const shop = await createVendorAccount(app);
    const customer = await createUser(app, { name: 'Bola Ade' });
    const { order, payment } = await createPaidOrder(app, customer.user.id, [{ vendorId: shop.vendor.id }]);
    const at = (createdAt: string, state: 'pending' | 'processed' | 'failed', naira: number) => ({
      paymentId: payment.id,
      amountKobo: naira * 100,
      reason: 'Admin refund: Test',
      state,
      createdAt: new Date(createdAt),
      processedAt: state === 'processed' ? new Date(createdAt) : null,
    });
    const made = await app.ctx.db
      .insert(refunds)
      .values([
        at('2026-03-09T22:30:00Z', 'pending', 100), // 23:30 on 9 March in Lagos
        at('2026-03-09T23:30:00Z', 'processed', 200), // 00:30 on 10 March
        at('2026-03-10T12:00:00Z', 'failed', 300),
        at('2026-03-10T22:59:00Z', 'processed', 400), // 23:59 on 10 March
        at('2026-03-10T23:00:00Z', 'pending', 500), // midnight, 11 March
      ])
      .returning();
    const [r1, r2, r3, r4, r5] = made.map((r) => r.id);
    const mine = `q=${encodeURIComponent(customer.user.email)}`;
    const ids = (a: AdminRefundsAnswer) => a.refunds.map((r) => r._id);

    const all = await refundsOf(mine, admin.cookie);
    expect(ids(all)).toEqual([r5, r4, r3, r2, r1]);
    expect(all.totals).toEqual({
      all: { count: 5, amount: 1500 },
      pending: { count: 2, amount: 600 },
      processed: { count: 2, amount: 600 },
      failed: { count: 1, amount: 300 },
    });
    expect(all.refunds[1]).toMatchObject({
      amount: 400,
      state: 'processed',
      source: 'admin',
      createdAt: '2026-03-10T22:59:00.000Z',
      processedAt: '2026-03-10T22:59:00.000Z',
    });

    const tenth = await refundsOf(`${mine}&from=2026-03-10&to=2026-03-10`, admin.cookie);
    expect(ids(tenth)).toEqual([r4, r3, r2]);
    expect(tenth.totals.all).toEqual({ count: 3, amount: 900 });
    expect(ids(await refundsOf(`${mine}&from=2026-03-11`, admin.cookie))).toEqual([r5]);
    expect(ids(await refundsOf(`${mine}&to=2026-03-09`, admin.cookie))).toEqual([r1]);

    const processed = await refundsOf(`${mine}&state=processed&from=2026-03-10&to=2026-03-10`, admin.cookie);
    expect(ids(processed)).toEqual([r4, r2]);
    expect(processed.totals).toMatchObject({
      all: { count: 2, amount: 600 },
      pending: { count: 0, amount: 0 },
      failed: { count: 0, amount: 0 },
    });

    // Pages of two: the totals are the whole set's on every page.
    const first = await refundsOf(`${mine}&limit=2`, admin.cookie);
    expect([ids(first), first.nextCursor]).toEqual([[r5, r4], r4]);
    const second = await refundsOf(`${mine}&limit=2&before=${first.nextCursor}`, admin.cookie);
    expect([ids(second), second.nextCursor]).toEqual([[r3, r2], r2]);
    const last = await refundsOf(`${mine}&limit=2&before=${second.nextCursor}`, admin.cookie);
    expect([ids(last), last.nextCursor]).toEqual([[r1], null]);
    expect(last.totals.all.count).toBe(5);

    // Found by the order's short reference (as the admin pages show it) and by the payment's.
    expect(ids(await refundsOf(`q=${encodeURIComponent(`#${order.id.slice(0, 8)}`)}`, admin.cookie))).toEqual(ids(all));
    expect(ids(await refundsOf(`q=${payment.reference}`, admin.cookie))).toEqual(ids(all));
    expect((await refundsOf(`q=nobody-${Date.now()}@example.com`, admin.cookie)).refunds).toEqual([]);
  });

  it('is for admins only, and refuses a query it does not understand', async () => {
    const customer = await createUser(app);
    const support = await createUser(app, { role: 'support' });
    const vendor = await createVendorAccount(app);
    for (const cookie of [customer.cookie, support.cookie, vendor.cookie]) {
      expect((await get('/api/admin/refunds', cookie)).statusCode).toBe(403);
      expect((await get('/api/admin/disputes', cookie)).statusCode).toBe(403);
    }
    expect((await app.inject({ url: '/api/admin/refunds' })).statusCode).toBe(401);
    const admin = await adminAccount(app);
    for (const query of [
      'state=refunded',
      'source=vendor',
      'from=2026-03-11&to=2026-03-10',
      'from=10/03/2026',
      'limit=0',
      'limit=101',
      'before=not-a-cursor',
      'page=2',
    ]) {
      const res = await get(`/api/admin/refunds?${query}`, admin.cookie);
      expect(res.statusCode, query).toBe(400);
      expect(json<ErrorAnswer>(res).code, query).toBe('validation_failed');
    }
    expect((await get('/api/admin/disputes?state=closed', admin.cookie)).statusCode).toBe(400);
  });
});

describe('the dispute queue', () => {
  it('lists the open disputes oldest first with the order and the customer, and the settled ones by state', async () => {
    const admin = await adminAccount(app);
    const shop = await createVendorAccount(app);
    const customer = await createUser(app, { name: 'Chidi Eze' });
    const line = [{ vendorId: shop.vendor.id }];
    const [a, b, c] = [
      await createPaidOrder(app, customer.user.id, line),
      await createPaidOrder(app, customer.user.id, line),
      await createPaidOrder(app, customer.user.id, line),
    ];
    const hour = 60 * 60_000;
    const rows = await app.ctx.db
      .insert(disputes)
      .values([
        {
          orderId: a.order.id,
          customerId: customer.user.id,
          reason: 'damaged' as const,
          amountKobo: 50_000,
          note: 'Crushed',
          createdAt: new Date(Date.now() - hour),
        },
        {
          orderId: b.order.id,
          customerId: customer.user.id,
          reason: 'never_arrived' as const,
          amountKobo: 150_050,
          createdAt: new Date(Date.now() - 3 * hour),
        },
        {
          orderId: c.order.id,
          customerId: customer.user.id,
          reason: 'wrong_item' as const,
          amountKobo: 10_000,
          state: 'rejected' as const,
          resolution: 'Photo shows the right item',
          settledAt: new Date(),
        },
      ])
      .returning();
    const list = async (query: string) => {
      const res = await get(`/api/admin/disputes${query}`, admin.cookie);
      expect(res.statusCode, res.body).toBe(200);
      return json<AdminDisputesAnswer>(res).disputes.filter((d) => d.customer?._id === customer.user.id);
    };
    const open = await list('');
    expect(open.map((d) => d._id)).toEqual([rows[1]!.id, rows[0]!.id]);
    expect(open[0]).toMatchObject({
      order: { kind: 'order', _id: b.order.id, reference: b.order.id.slice(0, 8) },
      customer: { name: 'Chidi Eze', email: customer.user.email },
      reason: 'never_arrived',
      amount: 1500.5,
      state: 'open',
      refund: null,
      settledAt: null,
    });
    expect((await list('?state=open')).map((d) => d._id)).toEqual(open.map((d) => d._id));
    expect((await list('?state=rejected')).map((d) => d._id)).toEqual([rows[2]!.id]);
    expect(await list('?state=refunded')).toEqual([]);
  });
});
