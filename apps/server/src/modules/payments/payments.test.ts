import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { OrderListAnswer, PaymentVerifyAnswer } from '@jara/shared';
import { buildTestApp, json, type TestApp } from '../../../test/helpers.js';
import {
  chargeSuccess,
  checkoutOk,
  createCustomer,
  createShop,
  paymentByReference,
  sandboxAction,
  verify,
  webhook,
} from '../../../test/factories-checkout.js';
import { cartItems } from '../auth/auth.tables.js';
import { jobs, mailOutbox } from '../../infra/db/tables.js';
import { orders } from '../orders/orders.tables.js';
import { payments, refunds, webhookEvents } from './payments.tables.js';
import { statusEvents } from '../order-events/order-events.tables.js';
import { queryRows } from '../../infra/db/client.js';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.closeAll();
});

/** A customer with one ₦1,500 item in an order awaiting payment (total ₦2,030). */
async function pendingOrder() {
  const shop = await createShop(app, [150_000]);
  const customer = await createCustomer(app);
  const product = shop.products[0]!.product;
  await app.ctx.db.insert(cartItems).values({
    userId: customer.user.id,
    productId: product.id,
    optionId: shop.products[0]!.options[0]!.id,
    quantity: 1,
  });
  const { reference, url } = await checkoutOk(app, customer.cookie, {
    items: [{ product: product.id, quantity: 1 }],
    address: customer.address.id,
  });
  const payment = await paymentByReference(app, reference);
  return { shop, customer, reference, url, payment };
}

async function fulfilmentCount(orderId: string) {
  const [paid] = await queryRows<{ n: number }>(
    app.ctx.db,
    sql`SELECT count(*)::int AS n FROM status_events WHERE subject_id = ${orderId} AND status = 'paid'`,
  );
  const [notices] = await queryRows<{ n: number }>(
    app.ctx.db,
    sql`SELECT count(*)::int AS n FROM jobs WHERE kind = 'orders.notify' AND payload->>'orderId' = ${orderId} AND payload->>'kind' = 'paid'`,
  );
  return { paid: Number(paid!.n), notices: Number(notices!.n) };
}

describe('sandbox checkout', () => {
  it('creates the order awaiting payment with a fresh reference and a hosted page showing amount, email and channels', async () => {
    const { url, reference, payment, customer } = await pendingOrder();
    expect(url).toBe(`http://localhost:3000/sandbox/checkout/${reference}`);
    expect(payment).toMatchObject({
      state: 'awaiting',
      amountKobo: 203_000,
      currency: 'NGN',
      provider: 'sandbox',
      purpose: 'order',
    });
    const page = await app.inject({ url: `/sandbox/checkout/${reference}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('₦2,030');
    expect(page.body).toContain(customer.user.email);
    for (const text of ['Card', 'Bank Transfer', 'USSD', '>Pay ₦2,030<', '>Decline<', '>Cancel<'])
      expect(page.body).toContain(text);
    // Not in My Orders while awaiting payment.
    const list = json<OrderListAnswer>(
      await app.inject({ url: '/api/order/user', headers: { cookie: customer.cookie } }),
    );
    expect(list.orders).toEqual([]);
  });

  it('pay: signed webhook, redirect to the callback with the reference, verify fulfils once', async () => {
    const { reference, payment, customer } = await pendingOrder();
    const res = await sandboxAction(app, reference, 'pay');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/loader?next=my-orders&trxref=${reference}&reference=${reference}`);
    const [ev] = await app.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.reference, reference));
    expect(ev).toMatchObject({ event: 'charge.success', outcome: 'queued' });

    const v = await verify(app, customer.cookie, reference);
    expect(json<PaymentVerifyAnswer>(v)).toMatchObject({ success: true, state: 'paid', paid: true });
    await app.ctx.jobs.drain();
    const [evAfter] = await app.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.reference, reference));
    expect(evAfter!.outcome).toBe('already_paid');

    const list = json<OrderListAnswer>(
      await app.inject({ url: '/api/order/user', headers: { cookie: customer.cookie } }),
    );
    expect(list.orders).toHaveLength(1);
    expect(list.orders[0]).toMatchObject({
      _id: payment.subjectId,
      amount: 2030,
      status: 'Order Placed',
      canCancel: true,
      deliveryCode: null,
    });
    expect(await app.ctx.db.select().from(cartItems).where(eq(cartItems.userId, customer.user.id))).toHaveLength(0);
    const mails = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, customer.user.email));
    expect(mails.map((m) => m.subject)).toEqual(['Your Jara order is placed (₦2,030)']);
    expect(await fulfilmentCount(payment.subjectId)).toEqual({ paid: 1, notices: 1 });
    const itemEvents = await app.ctx.db
      .select()
      .from(statusEvents)
      .where(and(eq(statusEvents.subjectType, 'order_item'), eq(statusEvents.status, 'Order Placed')));
    expect(itemEvents.length).toBeGreaterThanOrEqual(1);
  });

  it('decline: the payment fails, no order is shown, the cart is kept', async () => {
    const { reference, payment, customer } = await pendingOrder();
    const res = await sandboxAction(app, reference, 'decline');
    expect(res.statusCode).toBe(303);
    expect(json<PaymentVerifyAnswer>(await verify(app, customer.cookie, reference)).state).toBe('failed');
    const [order] = await app.ctx.db.select().from(orders).where(eq(orders.id, payment.subjectId));
    expect(order!.paymentState).toBe('failed');
    expect(
      json<OrderListAnswer>(await app.inject({ url: '/api/order/user', headers: { cookie: customer.cookie } })).orders,
    ).toEqual([]);
    expect(await app.ctx.db.select().from(cartItems).where(eq(cartItems.userId, customer.user.id))).toHaveLength(1);
    // A late webhook replay cannot bring it back.
    await webhook(app, chargeSuccess(reference, 203_000));
    await app.ctx.jobs.drain();
    expect((await paymentByReference(app, reference)).state).toBe('failed');
  });

  it('cancel (abandon) goes to the cancel action (callback marked cancelled) and leaves the payment awaiting and the cart kept', async () => {
    const { reference, customer } = await pendingOrder();
    const res = await sandboxAction(app, reference, 'cancel');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/loader?next=my-orders&reference=${reference}&cancelled=1`);
    expect(await app.ctx.db.select().from(cartItems).where(eq(cartItems.userId, customer.user.id))).toHaveLength(1);
    expect(json<PaymentVerifyAnswer>(await verify(app, customer.cookie, reference)).state).toBe('awaiting');
  });

  it('verify is only for the caller’s own payment', async () => {
    const { reference } = await pendingOrder();
    const stranger = await createCustomer(app);
    const res = await verify(app, stranger.cookie, reference);
    expect(res.statusCode).toBe(404);
    expect((await app.inject({ url: `/api/payment/verify?reference=${reference}` })).statusCode).toBe(401);
  });
});

describe('exactly once', () => {
  for (const order of ['webhooks first', 'verify first'] as const) {
    it(`10 webhook replays and 10 verify calls, concurrently (${order}): one fulfilment`, async () => {
      const { reference, payment, customer } = await pendingOrder();
      // The customer pays on the provider's side (sandbox ledger) without the sandbox's own webhook.
      const { sandboxTransactions } = await import('../../infra/payments/sandbox.tables.js');
      await app.ctx.db
        .update(sandboxTransactions)
        .set({ status: 'success', paidAt: new Date() })
        .where(eq(sandboxTransactions.reference, reference));
      const hooks = () =>
        Array.from({ length: 10 }, () =>
          webhook(app, chargeSuccess(reference, 203_000)).then(async (r) => {
            expect(r.statusCode).toBe(200);
            await app.ctx.jobs.runOne();
          }),
        );
      const verifies = () =>
        Array.from({ length: 10 }, () =>
          verify(app, customer.cookie, reference).then((r) => expect(json<PaymentVerifyAnswer>(r).state).toBe('paid')),
        );
      const all = order === 'webhooks first' ? [...hooks(), ...verifies()] : [...verifies(), ...hooks()];
      await Promise.all(all);
      await app.ctx.jobs.drain();
      expect(await fulfilmentCount(payment.subjectId)).toEqual({ paid: 1, notices: 1 });
      const events = await app.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.reference, reference));
      expect(events).toHaveLength(10);
      expect(events.filter((e) => e.outcome === 'fulfilled').length).toBeLessThanOrEqual(1);
      expect(events.every((e) => e.outcome === 'fulfilled' || e.outcome === 'already_paid')).toBe(true);
      const mails = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, customer.user.email));
      expect(mails).toHaveLength(1);
    });
  }
});

describe('webhooks that change nothing', () => {
  async function paidAtProvider() {
    const p = await pendingOrder();
    const { sandboxTransactions } = await import('../../infra/payments/sandbox.tables.js');
    await app.ctx.db
      .update(sandboxTransactions)
      .set({ status: 'success', paidAt: new Date() })
      .where(eq(sandboxTransactions.reference, p.reference));
    return p;
  }
  const cases: [string, (ref: string) => Promise<{ statusCode: number }>, string][] = [
    [
      'a bad signature',
      (ref) => webhook(app, chargeSuccess(ref, 203_000), { secret: 'not-the-secret-key-at-all' }),
      'bad_signature',
    ],
    [
      'a missing signature',
      (ref) => webhook(app, chargeSuccess(ref, 203_000), { signature: null }),
      'missing_signature',
    ],
    ['a garbage signature', (ref) => webhook(app, chargeSuccess(ref, 203_000), { signature: 'zz' }), 'bad_signature'],
    ['a changed amount', (ref) => webhook(app, chargeSuccess(ref, 100)), 'amount_mismatch'],
    ['another currency', (ref) => webhook(app, chargeSuccess(ref, 203_000, 'USD')), 'currency_mismatch'],
    ['an unknown reference', () => webhook(app, chargeSuccess('jara-o-unknown-0000', 203_000)), 'unknown_reference'],
  ];
  for (const [name, send, outcome] of cases) {
    it(`${name}: nothing changes, the event is logged as ${outcome}`, async () => {
      const { reference, payment } = await paidAtProvider();
      const before = await app.ctx.db.select({ id: webhookEvents.id }).from(webhookEvents);
      const res = await send(reference);
      expect(res.statusCode).toBe(outcome.endsWith('signature') ? 401 : 200);
      await app.ctx.jobs.drain();
      const after = await app.ctx.db.select().from(webhookEvents);
      const fresh = after.filter((e) => !before.some((b) => b.id === e.id));
      expect(fresh.map((e) => e.outcome)).toEqual([outcome]);
      expect((await paymentByReference(app, reference)).state).toBe('awaiting');
      expect(await fulfilmentCount(payment.subjectId)).toEqual({ paid: 0, notices: 0 });
    });
  }

  it('the signature is checked over the raw bytes (re-serialised JSON fails)', async () => {
    const { reference } = await paidAtProvider();
    const body = chargeSuccess(reference, 203_000);
    const { signWebhook } = await import('../../infra/payments/signature.js');
    const sig = signWebhook(JSON.stringify(body), app.ctx.config.payments.sandboxSecret);
    const res = await webhook(app, JSON.stringify(body, null, 2), { signature: sig });
    expect(res.statusCode).toBe(401);
    const ok = await webhook(app, body, { path: '/api/payment/paystack/webhook' });
    expect(ok.statusCode).toBe(200);
    await app.ctx.jobs.drain();
    expect((await paymentByReference(app, reference)).state).toBe('paid');
  });
});

describe('reconciliation', () => {
  it('verifies payments awaiting over 10 minutes and abandons them after 24 hours', async () => {
    const paidLate = await pendingOrder();
    const { sandboxTransactions } = await import('../../infra/payments/sandbox.tables.js');
    await app.ctx.db
      .update(sandboxTransactions)
      .set({ status: 'success', paidAt: new Date() })
      .where(eq(sandboxTransactions.reference, paidLate.reference));
    const fresh = await pendingOrder();
    await app.ctx.db
      .update(sandboxTransactions)
      .set({ status: 'success', paidAt: new Date() })
      .where(eq(sandboxTransactions.reference, fresh.reference));
    const stale = await pendingOrder();
    await app.ctx.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(payments.reference, paidLate.reference));
    await app.ctx.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(payments.reference, stale.reference));

    await app.services.payments.reconcile();
    expect((await paymentByReference(app, paidLate.reference)).state).toBe('paid');
    expect((await paymentByReference(app, fresh.reference)).state).toBe('awaiting');
    expect((await paymentByReference(app, stale.reference)).state).toBe('abandoned');
    const [order] = await app.ctx.db.select().from(orders).where(eq(orders.id, stale.payment.subjectId));
    expect(order!.paymentState).toBe('abandoned');
    const next = await app.ctx.db.select().from(jobs).where(eq(jobs.kind, 'payments.reconcile'));
    expect(next.some((j) => j.runAt.getTime() > Date.now())).toBe(true);
  });
});

describe('refunds', () => {
  it('refuses more than what is left and processes a refund through the provider and its webhook', async () => {
    const { reference, payment, customer } = await pendingOrder();
    await sandboxAction(app, reference, 'pay');
    await verify(app, customer.cookie, reference);
    await expect(
      app.ctx.db.transaction((tx) => app.services.payments.refund(tx, payment.id, 203_001, 'too much')),
    ).rejects.toMatchObject({ code: 'refund_exceeds_payment' });
    await app.ctx.db.transaction((tx) => app.services.payments.refund(tx, payment.id, 3_000, 'partial'));
    await app.ctx.jobs.drain();
    const [r] = await app.ctx.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
    expect(r).toMatchObject({ amountKobo: 3_000, state: 'processed' });
    expect(r!.providerRef).toMatch(/^sbx_rf_/);
    expect((await paymentByReference(app, reference)).refundedKobo).toBe(3_000);
    const events = await app.ctx.db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.reference, reference), eq(webhookEvents.event, 'refund.processed')));
    expect(events.map((e) => e.outcome)).toEqual(['refund_processed']);
  });
});
