/**
 * No slow call inside a transaction (decision 0009): the payment provider is called between short
 * transactions, and every window a crash or a failing provider can leave is settled: a failed
 * attempt, or an open one that reconciliation heals by reference. Runs against a local server
 * that answers like Paystack and can be slow, fail with 500 or never answer.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { CheckoutAnswer, DispatchListAnswer, ErrorAnswer, OrderListAnswer, PayoutAnswer } from '@jara/shared';
import { buildTestApp, createAddress, json, unique, type TestApp } from '../../../test/helpers.js';
import { checkout, createCustomer, createShop, origin } from '../../../test/factories-checkout.js';
import { DROPOFF } from '../../../test/factories-dispatch.js';
import { createPaidOrder, createVendorAccount } from '../../../test/factories-portals.js';
import { startLocalPaystack, type Behaviour, type LocalPaystack } from '../../../test/local-paystack.js';
import { cartItems, users } from '../auth/auth.tables.js';
import { dispatches } from '../dispatch/dispatch.tables.js';
import { jobs } from '../../infra/db/tables.js';
import { orderItems, orders } from '../orders/orders.tables.js';
import { payments, refunds } from './payments.tables.js';
import { statusEvents } from '../order-events/order-events.tables.js';
import { payouts } from '../payouts/payouts.tables.js';
import { queryRows } from '../../infra/db/client.js';
import { SESSION_COOKIE } from '../../infra/sessions.js';

/** The client's patience in the "never answers" cases (the default, 15 s, everywhere else). */
const TIMEOUT_MS = 1000;
let app: TestApp;
let paystack: LocalPaystack;

/**
 * A fresh app on its own database and local Paystack for the enclosing describe. The default
 * timeout is kept where nothing should time out: with the embedded database running in the same
 * event loop, a burst of checkouts can delay any answer on a busy machine.
 */
function environment(timeoutMs?: number) {
  beforeAll(async () => {
    paystack = await startLocalPaystack();
    app = await buildTestApp({
      PAYMENT_PROVIDER: 'paystack',
      PAYSTACK_SECRET_KEY: paystack.secret,
      PAYSTACK_BASE_URL: paystack.baseUrl,
      ...(timeoutMs ? { PAYSTACK_TIMEOUT_MS: String(timeoutMs) } : {}),
    });
    paystack.app = app;
  });
  afterEach(() => {
    paystack.clear();
    paystack.autoWebhooks = true;
    paystack.onAnswer = null;
  });
  afterAll(async () => {
    await app.closeAll();
    await paystack.close();
  });
}

/** A customer with one ₦1,500 item in the cart (total ₦2,030 with delivery and service fee). */
async function customerWithCart() {
  const shop = await createShop(app, [150_000]);
  const customer = await createCustomer(app);
  const { product, options } = shop.products[0]!;
  await app.ctx.db
    .insert(cartItems)
    .values({ userId: customer.user.id, productId: product.id, optionId: options[0]!.id, quantity: 1 });
  const body = { items: [{ product: product.id, quantity: 1 }], address: customer.address.id };
  return { shop, customer, body };
}

const myOrders = async (cookie: string) =>
  json<OrderListAnswer>(await app.inject({ url: '/api/order/user', headers: { cookie } })).orders;
const cartOf = (userId: string) => app.ctx.db.select().from(cartItems).where(eq(cartItems.userId, userId));
const attemptsOf = (userId: string) => app.ctx.db.select().from(payments).where(eq(payments.userId, userId));

/** Moves an attempt back in time past the reconciliation threshold. */
async function age(reference: string, ms = app.ctx.config.reconcile.afterMs + 60_000) {
  await app.ctx.db
    .update(payments)
    .set({ createdAt: new Date(Date.now() - ms) })
    .where(eq(payments.reference, reference));
}

/** What one order's fulfilment left behind: `paid` status events and paid-notice jobs. */
async function fulfilments(orderId: string) {
  const [row] = await queryRows<{ paid: number; notices: number }>(
    app.ctx.db,
    sql`
    SELECT (SELECT count(*)::int FROM status_events WHERE subject_id = ${orderId} AND status = 'paid') AS paid,
           (SELECT count(*)::int FROM jobs WHERE kind = 'orders.notify' AND payload->>'orderId' = ${orderId} AND payload->>'kind' = 'paid') AS notices`,
  );
  return { paid: Number(row!.paid), notices: Number(row!.notices) };
}

/** A customer with a session and an address, without the cost of hashing a password. */
async function quickCustomer() {
  const [user] = await app.ctx.db
    .insert(users)
    .values({ name: 'Quick Customer', email: `${unique()}@example.com`, roles: ['customer'] })
    .returning();
  const { token } = await app.ctx.sessions.create(user!.id);
  const address = await createAddress(app, user!.id);
  return { user: user!, cookie: `${SESSION_COOKIE}=${token}`, address };
}

/**
 * Makes every update of an attempt matching `when` fail while `fn` runs: what a crash or a lost
 * database connection at that step leaves behind (the database is real; the step simply never
 * commits).
 */
async function withStepLost<T>(when: string, fn: () => Promise<T>): Promise<T> {
  await app.ctx.db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION test_lose_step() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'connection lost'; END $$`),
  );
  await app.ctx.db.execute(
    sql.raw(
      `CREATE TRIGGER test_lose_step BEFORE UPDATE ON payments FOR EACH ROW WHEN (${when}) EXECUTE FUNCTION test_lose_step()`,
    ),
  );
  try {
    return await fn();
  } finally {
    await app.ctx.db.execute(sql.raw('DROP TRIGGER test_lose_step ON payments'));
    await app.ctx.db.execute(sql.raw('DROP FUNCTION test_lose_step()'));
  }
}

/** The step that stores the provider's answer (`initializing → awaiting`) never commits. */
const withStoreStepFailing = <T>(fn: () => Promise<T>) =>
  withStepLost("OLD.state = 'initializing' AND NEW.state = 'awaiting'", fn);

/** A paid order through the provider, then cancelled by the customer: one refund recorded. */
async function cancelledOrder() {
  const { customer, body } = await customerWithCart();
  const res = await checkout(app, customer.cookie, body);
  expect(res.statusCode).toBe(200);
  const { reference } = json<CheckoutAnswer>(res);
  paystack.pay(reference);
  await app.inject({ url: `/api/payment/verify?reference=${reference}`, headers: { cookie: customer.cookie } });
  const [payment] = await attemptsOf(customer.user.id);
  expect(payment!.state).toBe('paid');
  const cancel = await app.inject({
    method: 'POST',
    url: `/api/order/cancel/${payment!.subjectId}`,
    headers: { cookie: customer.cookie, ...origin },
  });
  expect(cancel.statusCode).toBe(200);
  const [refund] = await app.ctx.db.select().from(refunds).where(eq(refunds.paymentId, payment!.id));
  expect(refund).toMatchObject({ state: 'pending', providerRef: null, amountKobo: 203_000 });
  return { reference, payment: payment!, refund: refund! };
}
const refundJobsDue = () =>
  app.ctx.db
    .update(jobs)
    .set({ runAt: new Date(0) })
    .where(and(eq(jobs.kind, 'payments.refund'), sql`${jobs.doneAt} IS NULL`));
const reload = async (id: string) => (await app.ctx.db.select().from(refunds).where(eq(refunds.id, id)))[0]!;
const sentFor = (reference: string) =>
  paystack.calls('refund').filter((c) => (c.body as { transaction: string }).transaction === reference);
const settleWebhooks = async () => {
  await paystack.webhooksDelivered();
  await app.ctx.jobs.drain();
};

/** Checkout while the provider fails in the given way. */
const providerFails = (name: string, behaviour: Behaviour) =>
  it(`${name}: 502 with a clear message, the attempt failed, the cart intact, nothing in My Orders`, async () => {
    const { customer, body } = await customerWithCart();
    paystack.behave('initialize', { ...behaviour, times: 1 });
    const res = await checkout(app, customer.cookie, body);
    expect(res.statusCode).toBe(502);
    expect(json<ErrorAnswer>(res)).toMatchObject({
      success: false,
      code: 'payment_unavailable',
      message: 'We could not reach the payment provider. Please try again.',
    });
    const [attempt] = await attemptsOf(customer.user.id);
    expect(attempt!.state).toBe('failed');
    const [order] = await app.ctx.db.select().from(orders).where(eq(orders.id, attempt!.subjectId));
    expect(order!.paymentState).toBe('failed');
    expect(await cartOf(customer.user.id)).toHaveLength(1);
    expect(await myOrders(customer.cookie)).toEqual([]);
    // Reconciliation leaves a failed attempt alone; the customer simply pays again.
    await age(attempt!.reference);
    await app.services.payments.reconcile();
    expect((await attemptsOf(customer.user.id))[0]!.state).toBe('failed');
    const again = await checkout(app, customer.cookie, body);
    expect(again.statusCode).toBe(200);
  });

describe('with a provider that answers, slowly or with an error', () => {
  environment();

  describe('a slow provider holds up nobody', () => {
    it('while initialize takes 500 ms, the product list is answered before the provider returns', async () => {
      const { customer, body } = await customerWithCart();
      const events: string[] = [];
      paystack.behave('initialize', { delayMs: 500 });
      paystack.onAnswer = (op) => events.push(`provider answered ${op}`);
      const arrived = paystack.arrived('initialize');
      const paying = checkout(app, customer.cookie, body).then((res) => {
        events.push('checkout answered');
        return res;
      });
      await arrived;
      const list = await app.inject({ url: '/api/product/list' });
      events.push('product list answered');
      expect(list.statusCode).toBe(200);
      expect((await paying).statusCode).toBe(200);
      expect(events).toEqual(['product list answered', 'provider answered initialize', 'checkout answered']);
    });

    it('50 customers checking out at once with a slow provider all get their payment page', async () => {
      const shop = await createShop(app, [150_000]);
      const product = shop.products[0]!.product;
      const customers = await Promise.all(Array.from({ length: 50 }, () => quickCustomer()));
      paystack.behave('initialize', { delayMs: 300 });
      const answers = await Promise.all(
        customers.map((c) =>
          checkout(app, c.cookie, { items: [{ product: product.id, quantity: 1 }], address: c.address.id }),
        ),
      );
      expect(answers.filter((a) => a.statusCode !== 200).map((a) => a.body)).toEqual([]);
      const refs = new Set(answers.map((a) => json<CheckoutAnswer>(a).reference));
      expect(refs.size).toBe(50);
      const rows = await app.ctx.db
        .select({ state: payments.state })
        .from(payments)
        .where(sql`${payments.reference} IN ${[...refs]}`);
      expect(rows.map((r) => r.state)).toEqual(customers.map(() => 'awaiting'));
    });

    it('checkouts arriving together are recorded in one transaction; one refused by its quote changes nothing for the others', async () => {
      const shop = await createShop(app, [150_000]);
      const product = shop.products[0]!.product;
      const customers = await Promise.all(Array.from({ length: 6 }, () => quickCustomer()));
      const stranger = await quickCustomer();
      paystack.behave('initialize', { delayMs: 100 });
      const answers = await Promise.all(
        customers.map((c, i) =>
          checkout(app, c.cookie, {
            items: [{ product: product.id, quantity: 1 }],
            // The fourth asks for delivery to someone else's address.
            address: i === 3 ? stranger.address.id : c.address.id,
          }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 404, 200, 200]);
      expect(json<ErrorAnswer>(answers[3]!).message).toMatch(/Address not found/);
      expect(await attemptsOf(customers[3]!.user.id)).toEqual([]);
      const made = await app.ctx.db
        .select({ createdAt: orders.createdAt, amountKobo: orders.amountKobo })
        .from(orders)
        .where(sql`${orders.userId} IN ${customers.map((c) => c.user.id)}`);
      expect(made).toHaveLength(5);
      expect(made.every((o) => o.amountKobo === 203_000)).toBe(true);
      // now() is the transaction's start: the orders recorded together share it.
      expect(new Set(made.map((o) => o.createdAt.getTime())).size).toBeLessThan(5);
    });

    it('a batch the database refuses is recorded checkout by checkout: only the refused one fails', async () => {
      const shop = await createShop(app, [150_000]);
      const product = shop.products[0]!.product;
      const customers = await Promise.all(Array.from({ length: 4 }, () => quickCustomer()));
      await app.ctx.db.execute(
        sql.raw(`CREATE OR REPLACE FUNCTION test_refuse_note() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'disk full'; END $$`),
      );
      await app.ctx.db.execute(
        sql.raw(
          `CREATE TRIGGER test_refuse_note BEFORE INSERT ON orders FOR EACH ROW WHEN (NEW.delivery_note = 'refuse me') EXECUTE FUNCTION test_refuse_note()`,
        ),
      );
      try {
        const answers = await Promise.all(
          customers.map((c, i) =>
            checkout(app, c.cookie, {
              items: [{ product: product.id, quantity: 1 }],
              address: c.address.id,
              deliveryNote: i === 1 ? 'refuse me' : 'by the gate',
            }),
          ),
        );
        expect(answers.map((a) => a.statusCode)).toEqual([200, 500, 200, 200]);
      } finally {
        await app.ctx.db.execute(sql.raw('DROP TRIGGER test_refuse_note ON orders'));
        await app.ctx.db.execute(sql.raw('DROP FUNCTION test_refuse_note()'));
      }
      expect(await attemptsOf(customers[1]!.user.id)).toEqual([]);
      for (const i of [0, 2, 3])
        expect((await attemptsOf(customers[i]!.user.id)).map((p) => p.state)).toEqual(['awaiting']);
    });

    it('calling the provider inside a transaction is refused (the rule is enforced, not only followed)', async () => {
      await expect(app.ctx.db.transaction(() => app.services.payments.provider.verify('jara-o-x'))).rejects.toThrow(
        /must not run inside a database transaction/,
      );
    });
  });

  describe('checkout: the provider fails', () => {
    providerFails('answers 500', { failWith: 500 });
  });

  describe('checkout: the provider answered but its answer was never stored', () => {
    async function lostAnswer() {
      const c = await customerWithCart();
      const res = await withStoreStepFailing(() => checkout(app, c.customer.cookie, c.body));
      expect(res.statusCode).toBe(503);
      expect(json<ErrorAnswer>(res)).toMatchObject({
        success: false,
        code: 'payment_not_started',
        message: 'We could not start your payment. Please try again.',
      });
      const [attempt] = await attemptsOf(c.customer.user.id);
      expect(attempt!.state).toBe('initializing');
      expect(paystack.txns.has(attempt!.reference)).toBe(true);
      expect(await myOrders(c.customer.cookie)).toEqual([]);
      expect(await cartOf(c.customer.user.id)).toHaveLength(1);
      return { ...c, attempt: attempt! };
    }

    it('paid at the provider: reconciliation makes exactly one paid order, however often it and the webhook run', async () => {
      const { customer, attempt } = await lostAnswer();
      paystack.pay(attempt.reference);
      await age(attempt.reference);
      expect(await app.services.payments.reconcile()).toBeGreaterThanOrEqual(1);
      await app.services.payments.reconcile();
      const hook = await paystack.webhook('charge.success', {
        reference: attempt.reference,
        amount: attempt.amountKobo,
        currency: 'NGN',
        status: 'success',
      });
      expect(hook.statusCode).toBe(200);
      await app.ctx.jobs.drain();
      const [payment] = await attemptsOf(customer.user.id);
      expect(payment!.state).toBe('paid');
      expect((await myOrders(customer.cookie)).map((o) => o._id)).toEqual([attempt.subjectId]);
      expect(await fulfilments(attempt.subjectId)).toEqual({ paid: 1, notices: 1 });
      expect(await cartOf(customer.user.id)).toHaveLength(0);
    });

    it('a charge.success webhook for it (before reconciliation) fulfils it once too', async () => {
      const { customer, attempt } = await lostAnswer();
      paystack.pay(attempt.reference);
      for (let i = 0; i < 3; i++)
        await paystack.webhook('charge.success', {
          reference: attempt.reference,
          amount: attempt.amountKobo,
          currency: 'NGN',
          status: 'success',
        });
      await app.ctx.jobs.drain();
      expect((await attemptsOf(customer.user.id))[0]!.state).toBe('paid');
      expect(await fulfilments(attempt.subjectId)).toEqual({ paid: 1, notices: 1 });
    });

    it('not paid: left alone while young, abandoned once past the reconciliation age (the page was never shown)', async () => {
      const { customer, attempt } = await lostAnswer();
      await app.services.payments.reconcile();
      expect((await attemptsOf(customer.user.id))[0]!.state).toBe('initializing');
      await age(attempt.reference);
      await app.services.payments.reconcile();
      expect((await attemptsOf(customer.user.id))[0]!.state).toBe('abandoned');
      const [order] = await app.ctx.db.select().from(orders).where(eq(orders.id, attempt.subjectId));
      expect(order!.paymentState).toBe('abandoned');
      expect(await myOrders(customer.cookie)).toEqual([]);
      expect(await cartOf(customer.user.id)).toHaveLength(1);
    });

    it('the provider never saw it (the process died before calling it): abandoned by reconciliation too', async () => {
      const { customer, body } = await customerWithCart();
      // Nothing after the first transaction commits: the provider call fails and marking it failed is lost.
      paystack.behave('initialize', { failWith: 500, times: 1 });
      const res = await withStepLost("OLD.state = 'initializing'", () => checkout(app, customer.cookie, body));
      expect(res.statusCode).toBe(502);
      const [attempt] = await attemptsOf(customer.user.id);
      expect(attempt!.state).toBe('initializing');
      expect(paystack.txns.has(attempt!.reference)).toBe(false);
      await age(attempt!.reference);
      await app.services.payments.reconcile();
      expect((await attemptsOf(customer.user.id))[0]!.state).toBe('abandoned');
      expect(await myOrders(customer.cookie)).toEqual([]);
      expect(await cartOf(customer.user.id)).toHaveLength(1);
    });
  });

  describe('dispatch payments', () => {
    const requestBody = (pickupAddress: string) => ({
      pickupAddress,
      dropoff: { ...DROPOFF },
      deliveryNote: 'Two textbooks in a bag',
      isExpress: false,
      email: 'ada@example.com',
    });
    const request = (cookie: string, body: object) =>
      app.inject({
        method: 'POST',
        url: '/api/payment/paystack-dispatch',
        payload: body,
        headers: { cookie, ...origin },
      });
    const senderList = async (cookie: string) =>
      json<DispatchListAnswer>(await app.inject({ url: '/api/dispatch/user', headers: { cookie } })).orders;

    it('the provider fails: 502, the dispatch never shows, its attempt failed', async () => {
      const customer = await createCustomer(app);
      paystack.behave('initialize', { failWith: 500, times: 1 });
      const res = await request(customer.cookie, requestBody(customer.address.id));
      expect(res.statusCode).toBe(502);
      expect(json<ErrorAnswer>(res).message).toBe('We could not reach the payment provider. Please try again.');
      const [attempt] = await attemptsOf(customer.user.id);
      expect(attempt).toMatchObject({ purpose: 'dispatch', state: 'failed' });
      const [row] = await app.ctx.db.select().from(dispatches).where(eq(dispatches.id, attempt!.subjectId));
      expect(row!.paymentState).toBe('failed');
      expect(await senderList(customer.cookie)).toEqual([]);
    });

    it('the answer was never stored and the sender paid: reconciliation makes exactly one paid dispatch', async () => {
      const customer = await createCustomer(app);
      const res = await withStoreStepFailing(() => request(customer.cookie, requestBody(customer.address.id)));
      expect(res.statusCode).toBe(503);
      const [attempt] = await attemptsOf(customer.user.id);
      expect(attempt!.state).toBe('initializing');
      paystack.pay(attempt!.reference);
      await age(attempt!.reference);
      await app.services.payments.reconcile();
      await app.services.payments.reconcile();
      await app.ctx.jobs.drain();
      expect((await senderList(customer.cookie)).map((d) => d._id)).toEqual([attempt!.subjectId]);
      const placed = await app.ctx.db
        .select()
        .from(statusEvents)
        .where(and(eq(statusEvents.subjectId, attempt!.subjectId), eq(statusEvents.status, 'Order Placed')));
      expect(placed).toHaveLength(1);
    });
  });

  describe('refunds', () => {
    it('the provider answers 500: the job retries and the refund is sent once and processed', async () => {
      const { reference, refund } = await cancelledOrder();
      paystack.behave('refund', { failWith: 500, times: 1 });
      await app.ctx.jobs.drain();
      expect(await reload(refund.id)).toMatchObject({ state: 'pending', providerRef: null });
      expect(paystack.refunds.filter((r) => r.reference === reference)).toHaveLength(0);
      await refundJobsDue();
      await app.ctx.jobs.drain();
      await settleWebhooks();
      expect(paystack.refunds.filter((r) => r.reference === reference)).toHaveLength(1);
      expect(await reload(refund.id)).toMatchObject({
        state: 'processed',
        providerRef: String(paystack.refunds.find((r) => r.reference === reference)!.id),
      });
    });
  });
});

describe(`with a provider that never answers (client timeout ${TIMEOUT_MS} ms)`, () => {
  environment(TIMEOUT_MS);

  providerFails('checkout: the provider never answers (timeout)', { hang: true });

  it('the provider takes the refund but its answer never comes: the retry finds it and does not send it again', async () => {
    const { reference, refund, payment } = await cancelledOrder();
    paystack.autoWebhooks = false;
    paystack.behave('refund', { hang: true, times: 1 });
    await app.ctx.jobs.drain();
    expect(paystack.refunds.filter((r) => r.reference === reference)).toHaveLength(1);
    expect((await reload(refund.id)).providerRef).toBeNull();
    await refundJobsDue();
    await app.ctx.jobs.drain();
    expect(sentFor(reference)).toHaveLength(1);
    expect(paystack.calls('listRefunds').length).toBeGreaterThanOrEqual(1);
    const atProvider = paystack.refunds.filter((r) => r.reference === reference);
    expect(atProvider).toHaveLength(1);
    const stored = await reload(refund.id);
    expect(stored.providerRef).toBe(String(atProvider[0]!.id));
    // Paystack's refund.processed closes it; the payment was refunded exactly once.
    await paystack.webhook('refund.processed', {
      id: atProvider[0]!.id,
      status: 'processed',
      transaction_reference: reference,
      amount: 203_000,
      currency: 'NGN',
    });
    await app.ctx.jobs.drain();
    expect(await reload(refund.id)).toMatchObject({ state: 'processed' });
    expect((await attemptsOf(payment.userId))[0]!.refundedKobo).toBe(203_000);
  });

  it('the transfer goes out but its answer never comes: the retry verifies it by reference, sends nothing twice, the webhook settles it', async () => {
    const v = await createVendorAccount(app);
    const [buyer] = await app.ctx.db
      .insert(users)
      .values({ name: 'Buyer', email: `buyer-${Date.now()}@example.com`, roles: ['customer'] })
      .returning();
    const { order } = await createPaidOrder(app, buyer!.id, [
      { vendorId: v.vendor.id, priceKobo: 100_000, quantity: 1 },
    ]);
    // Delivered more than the dispute window ago: released for a payout.
    await app.ctx.db
      .update(orderItems)
      .set({ status: 'Order Delivered', updatedAt: new Date(Date.now() - 24 * 60 * 60_000) })
      .where(eq(orderItems.orderId, order.id));
    const res = await app.inject({
      method: 'POST',
      url: '/api/seller/payouts',
      headers: { cookie: v.cookie, ...origin },
      payload: { accountName: 'Mama Put Ventures', accountNumber: '0123456789', bankCode: '058' },
    });
    expect(res.statusCode).toBe(200);
    const payoutId = json<PayoutAnswer>(res).payout._id;
    const due = () =>
      app.ctx.db
        .update(jobs)
        .set({ runAt: new Date(0) })
        .where(and(eq(jobs.kind, 'payout.transfer'), sql`${jobs.doneAt} IS NULL`));
    paystack.autoWebhooks = false;
    paystack.behave('transfer', { hang: true, times: 1 });
    await due();
    await app.ctx.jobs.drain();
    const [p1] = await app.ctx.db.select().from(payouts).where(eq(payouts.id, payoutId));
    expect(p1).toMatchObject({ state: 'processing', transferCode: null });
    expect(paystack.transfers.has(p1!.reference!)).toBe(true);
    await due();
    await app.ctx.jobs.drain();
    expect(paystack.calls('transfer')).toHaveLength(1);
    expect(paystack.calls('verifyTransfer').length).toBeGreaterThanOrEqual(1);
    const [p2] = await app.ctx.db.select().from(payouts).where(eq(payouts.id, payoutId));
    // The local Paystack reports the transfer successful on verify: settled without waiting for the webhook.
    expect(p2).toMatchObject({ state: 'paid', transferCode: paystack.transfers.get(p1!.reference!)!.transfer_code });
    await paystack.webhook('transfer.success', {
      reference: p1!.reference,
      transfer_code: p2!.transferCode,
      amount: p2!.amountKobo,
      status: 'success',
    });
    await app.ctx.jobs.drain();
    const [p3] = await app.ctx.db.select().from(payouts).where(eq(payouts.id, payoutId));
    expect(p3).toMatchObject({ state: 'paid', paidAt: p2!.paidAt });
  });
});
