/**
 * Provider failure modes with the local Paystack: what the person is told (the API answer the
 * web app shows) and the state once webhooks, the job worker and reconciliation have run; the
 * invariant checker closes every case. Timeouts and 500s on initialize and refunds, and lost
 * refund and transfer answers, are in src/modules/payments/provider-outside-transactions.test.ts.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type {
  CheckoutAnswer,
  DispatchListAnswer,
  DispatchPaymentAnswer,
  EarningsAnswer,
  ErrorAnswer,
  OrderListAnswer,
  PaymentVerifyAnswer,
  PayoutAnswer,
} from '@jara/shared';
import { queryRows } from '../../src/infra/db/client.js';
import { payments } from '../../src/modules/payments/payments.tables.js';
import { signWebhook } from '../../src/infra/payments/signature.js';
import { checkout, createCustomer, createShop, origin, verify } from '../factories-checkout.js';
import { DROPOFF } from '../factories-dispatch.js';
import { createRiderAccount } from '../factories-portals.js';
import { buildTestApp, createAddress, createUser, json, type TestApp } from '../helpers.js';
import { startLocalPaystack, type LocalPaystack } from '../local-paystack.js';
import { checkInvariants } from './invariants.js';

let app: TestApp;
let paystack: LocalPaystack;

beforeAll(async () => {
  paystack = await startLocalPaystack();
  app = await buildTestApp({
    PAYMENT_PROVIDER: 'paystack',
    PAYSTACK_SECRET_KEY: paystack.secret,
    PAYSTACK_BASE_URL: paystack.baseUrl,
    PAYSTACK_TIMEOUT_MS: '1000',
  });
  paystack.app = app;
});
afterEach(() => {
  paystack.clear();
  paystack.transferFate = 'success';
});
afterAll(async () => {
  await app.closeAll();
  await paystack.close();
});

/** Runs jobs and webhooks until nothing is left to do. */
async function settle() {
  for (let i = 0; i < 20; i++) {
    await paystack.webhooksDelivered();
    const ran = await app.ctx.jobs.drain();
    if (!ran && !paystack.pendingWebhooks()) return;
  }
}

async function books() {
  await settle();
  return checkInvariants(app.ctx.db, paystack.ledger(), { settled: true });
}

async function ordered() {
  const shop = await createShop(app, [150_000]);
  const customer = await createCustomer(app);
  const res = await checkout(app, customer.cookie, {
    items: [{ product: shop.products[0]!.product.id, quantity: 1 }],
    address: customer.address.id,
  });
  expect(res.statusCode).toBe(200);
  const { reference } = json<CheckoutAnswer>(res);
  return { shop, customer, reference };
}

const attempt = async (reference: string) =>
  (await app.ctx.db.select().from(payments).where(eq(payments.reference, reference)))[0]!;
const age = (reference: string) =>
  app.ctx.db
    .update(payments)
    .set({ createdAt: new Date(Date.now() - app.ctx.config.reconcile.afterMs - 60_000) })
    .where(eq(payments.reference, reference));
const myOrders = async (cookie: string) =>
  json<OrderListAnswer>(await app.inject({ url: '/api/order/user', headers: { cookie } })).orders;

describe('provider failure modes', () => {
  it('initialize answers 200 with a page that is not Paystack’s JSON: 502 with a clear message, nothing half done', async () => {
    paystack.behave('initialize', { malformed: true, times: 1 });
    const shop = await createShop(app, [150_000]);
    const customer = await createCustomer(app);
    const res = await checkout(app, customer.cookie, {
      items: [{ product: shop.products[0]!.product.id, quantity: 1 }],
      address: customer.address.id,
    });
    expect(res.statusCode).toBe(502);
    expect(json<ErrorAnswer>(res)).toMatchObject({
      success: false,
      message: 'We could not reach the payment provider. Please try again.',
    });
    const [row] = await app.ctx.db.select().from(payments).where(eq(payments.userId, customer.user.id));
    expect(row!.state).toBe('failed');
    expect(await myOrders(customer.cookie)).toEqual([]);
    expect(await books()).toEqual([]);
  });

  for (const [name, behaviour] of [
    ['verify times out', { hang: true }],
    ['verify answers 500', { failWith: 500 }],
    ['verify answers a page that is not JSON', { malformed: true }],
  ] as const) {
    it(`${name} after the customer paid: /loader is told "not paid yet" (200), reconciliation fulfils it once`, async () => {
      const { customer, reference } = await ordered();
      paystack.pay(reference);
      paystack.behave('verify', { ...behaviour, times: 1 });
      const res = await verify(app, customer.cookie, reference);
      expect(res.statusCode).toBe(200);
      expect(json<PaymentVerifyAnswer>(res)).toEqual({ success: true, state: 'awaiting', paid: false });
      expect(await books()).toContain(`charge ${reference} confirmed by the provider, but the payment is awaiting`);
      // The provider answers again; reconciliation verifies the attempt.
      await age(reference);
      await app.services.payments.reconcile();
      expect((await attempt(reference)).state).toBe('paid');
      expect(json<PaymentVerifyAnswer>(await verify(app, customer.cookie, reference))).toEqual({
        success: true,
        state: 'paid',
        paid: true,
      });
      expect(await myOrders(customer.cookie)).toHaveLength(1);
      expect(await books()).toEqual([]);
    });
  }

  it('verify says "abandoned" before the webhook says "success": not paid yet, then paid once by the webhook', async () => {
    const { customer, reference } = await ordered();
    // The customer is back on /loader while the bank is still confirming.
    expect(json<PaymentVerifyAnswer>(await verify(app, customer.cookie, reference))).toEqual({
      success: true,
      state: 'awaiting',
      paid: false,
    });
    paystack.pay(reference);
    const hook = paystack.chargeSuccess(reference);
    await Promise.all([1, 2, 3].map(() => paystack.webhook(hook.event, hook.data)));
    await settle();
    expect((await attempt(reference)).state).toBe('paid');
    expect(json<PaymentVerifyAnswer>(await verify(app, customer.cookie, reference))).toMatchObject({
      state: 'paid',
      paid: true,
    });
    expect(await books()).toEqual([]);
  });

  it('verify reports the charge failed, then Paystack confirms it by webhook: healed to one paid order, the customer told once', async () => {
    const { customer, reference } = await ordered();
    // The bank first declines (verify: failed), then confirms the same charge.
    paystack.txns.get(reference)!.status = 'failed';
    expect(json<PaymentVerifyAnswer>(await verify(app, customer.cookie, reference))).toEqual({
      success: true,
      state: 'failed',
      paid: false,
    });
    expect((await attempt(reference)).state).toBe('failed');
    expect(await myOrders(customer.cookie)).toEqual([]);

    paystack.pay(reference);
    const hook = paystack.chargeSuccess(reference);
    // Sent more than once, as Paystack does until answered, two of them at the same moment.
    await Promise.all([1, 2].map(() => paystack.webhook(hook.event, hook.data)));
    await paystack.webhook(hook.event, hook.data);
    await settle();
    expect((await attempt(reference)).state).toBe('paid');
    expect(json<PaymentVerifyAnswer>(await verify(app, customer.cookie, reference))).toMatchObject({
      state: 'paid',
      paid: true,
    });
    const orders = await myOrders(customer.cookie);
    expect(orders).toHaveLength(1);
    const orderId = orders[0]!._id;
    const timeline = await queryRows<{ status: string }>(
      app.ctx.db,
      sql`
      SELECT status FROM status_events WHERE subject_type = 'order' AND subject_id = ${orderId} ORDER BY id`,
    );
    expect(timeline.map((e) => e.status)).toEqual(['payment failed', 'paid']);
    const mails = await queryRows<{ n: number }>(
      app.ctx.db,
      sql`
      SELECT count(*)::int AS n FROM mail_outbox WHERE to_address = ${customer.user.email} AND subject LIKE 'Your Jara order is placed%'`,
    );
    expect(mails[0]!.n).toBe(1);
    const outcomes = await queryRows<{ outcome: string }>(
      app.ctx.db,
      sql`SELECT outcome FROM webhook_events WHERE reference = ${reference} ORDER BY id`,
    );
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['already_paid', 'already_paid', 'fulfilled']);
    expect(await books()).toEqual([]);
  });

  it('reported failed, confirmed by webhook while verify is down: the webhook job retries until the provider answers, then heals it once', async () => {
    const { customer, reference } = await ordered();
    paystack.txns.get(reference)!.status = 'failed';
    expect(json<PaymentVerifyAnswer>(await verify(app, customer.cookie, reference))).toMatchObject({ state: 'failed' });
    paystack.pay(reference);
    paystack.behave('verify', { failWith: 500, times: 1 });
    const hook = paystack.chargeSuccess(reference);
    expect((await paystack.webhook(hook.event, hook.data)).statusCode).toBe(200);
    await app.ctx.jobs.drain();
    expect((await attempt(reference)).state).toBe('failed');
    const [job] = await queryRows<{ id: number; last_error: string | null; done_at: Date | null }>(
      app.ctx.db,
      sql`
      SELECT j.id, j.last_error, j.done_at FROM jobs j JOIN webhook_events e ON e.id = (j.payload->>'eventId')::bigint
      WHERE j.kind = 'payments.webhook' AND e.reference = ${reference}`,
    );
    expect(job).toMatchObject({ done_at: null });
    expect(job!.last_error).toContain(reference);
    // The retry's time comes (backoff), the provider answers: healed.
    await app.ctx.db.execute(sql`UPDATE jobs SET run_at = now() WHERE id = ${job!.id}`);
    await settle();
    expect((await attempt(reference)).state).toBe('paid');
    expect(await myOrders(customer.cookie)).toHaveLength(1);
    expect(await books()).toEqual([]);
  });

  it('the same for a dispatch: reported failed, confirmed by webhook, paid once with one delivery code', async () => {
    const { user, cookie } = await createUser(app);
    const address = await createAddress(app, user.id);
    const recipient = `late-bank-${Date.now()}@example.com`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/payment/paystack-dispatch',
      headers: { cookie, ...origin },
      payload: {
        pickupAddress: address.id,
        dropoff: { ...DROPOFF, email: recipient },
        deliveryNote: 'A bag of books',
        isExpress: false,
        email: 'ada@example.com',
      },
    });
    expect(res.statusCode).toBe(200);
    const { reference } = json<DispatchPaymentAnswer>(res);
    paystack.txns.get(reference)!.status = 'failed';
    expect(json<PaymentVerifyAnswer>(await verify(app, cookie, reference))).toMatchObject({
      state: 'failed',
      paid: false,
    });
    expect(
      json<DispatchListAnswer>(await app.inject({ url: '/api/dispatch/user', headers: { cookie } })).orders,
    ).toEqual([]);

    paystack.pay(reference);
    const hook = paystack.chargeSuccess(reference);
    await Promise.all([1, 2].map(() => paystack.webhook(hook.event, hook.data)));
    await settle();
    expect((await attempt(reference)).state).toBe('paid');
    const shown = json<DispatchListAnswer>(await app.inject({ url: '/api/dispatch/user', headers: { cookie } })).orders;
    expect(shown).toHaveLength(1);
    const codes = await queryRows<{ text_body: string }>(
      app.ctx.db,
      sql`SELECT text_body FROM mail_outbox WHERE to_address = ${recipient}`,
    );
    expect(codes).toHaveLength(1);
    expect(await books()).toEqual([]);
  });

  it('unsigned, wrongly signed and malformed webhooks are refused (401/400) and change nothing; reconciliation still heals the paid attempt', async () => {
    const { customer, reference } = await ordered();
    paystack.pay(reference);
    const raw = JSON.stringify(paystack.chargeSuccess(reference));
    const post = (headers: Record<string, string>, payload: string) =>
      app.inject({
        method: 'POST',
        url: '/api/payment/paystack/webhook',
        headers: { 'content-type': 'application/json', ...headers },
        payload,
      });
    const unsigned = await post({}, raw);
    expect(unsigned.statusCode).toBe(401);
    expect(json<ErrorAnswer>(unsigned)).toEqual({
      success: false,
      message: 'Webhook refused.',
      code: 'missing_signature',
    });
    expect((await post({ 'x-paystack-signature': signWebhook(raw, 'sk_test_someone_else') }, raw)).statusCode).toBe(
      401,
    );
    const cut = raw.slice(0, 40);
    expect((await post({ 'x-paystack-signature': signWebhook(cut, paystack.secret) }, cut)).statusCode).toBe(400);
    await settle();
    expect((await attempt(reference)).state).toBe('awaiting');
    await age(reference);
    await app.services.payments.reconcile();
    expect((await attempt(reference)).state).toBe('paid');
    expect(await myOrders(customer.cookie)).toHaveLength(1);
    expect(await books()).toEqual([]);
  });

  it('duplicate and out-of-order webhooks: refund.processed before our refund job stored its id, charge.success replayed after the refund', async () => {
    const { customer, reference } = await ordered();
    paystack.pay(reference);
    const hook = paystack.chargeSuccess(reference);
    await paystack.webhook(hook.event, hook.data);
    await settle();
    const order = (await myOrders(customer.cookie))[0]!;
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/order/cancel/${order._id}`,
      headers: { cookie: customer.cookie, ...origin },
    });
    expect(cancel.statusCode).toBe(200);
    // The refund's webhook overtakes the answer to the refund call: held answer, webhook first.
    paystack.behave('refund', { holdAnswer: true, times: 1 });
    const job = app.ctx.jobs.drain();
    await paystack.arrived('refund');
    // While the answer is held, the refund's webhook is sent and recorded.
    const early = async () =>
      (
        await queryRows<{ outcome: string }>(
          app.ctx.db,
          sql`SELECT outcome FROM webhook_events WHERE event = 'refund.processed' AND reference = ${reference}`,
        )
      ).length;
    await expect.poll(early, { timeout: 10_000 }).toBeGreaterThan(0);
    await paystack.webhooksDelivered();
    paystack.release();
    await job;
    // …and Paystack sends everything again.
    const refund = paystack.refunds.at(-1)!;
    for (let i = 0; i < 2; i++) {
      await paystack.webhook('refund.processed', {
        id: refund.id,
        status: 'processed',
        transaction_reference: reference,
        amount: refund.amount,
        currency: 'NGN',
      });
      await paystack.webhook(hook.event, hook.data);
    }
    await settle();
    const [pay] = await queryRows<{ state: string; refunded_kobo: number }>(
      app.ctx.db,
      sql`SELECT state, refunded_kobo FROM payments WHERE reference = ${reference}`,
    );
    expect(pay).toMatchObject({ state: 'paid', refunded_kobo: refund.amount });
    const refunds = await queryRows<{ state: string }>(
      app.ctx.db,
      sql`SELECT r.state FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE p.reference = ${reference}`,
    );
    expect(refunds).toEqual([{ state: 'processed' }]);
    expect(paystack.refunds.filter((r) => r.reference === reference)).toHaveLength(1);
    expect(await books()).toEqual([]);
  });

  describe('payout transfers', () => {
    /** A rider who delivered one paid order (the whole path: checkout, webhook, vendor, rider). */
    async function riderWithEarnings() {
      const { shop, customer, reference } = await ordered();
      paystack.pay(reference);
      const hook = paystack.chargeSuccess(reference);
      await paystack.webhook(hook.event, hook.data);
      await settle();
      const orderId = (await myOrders(customer.cookie))[0]!._id;
      const rider = await createRiderAccount(app);
      const post = (url: string, cookie: string, payload: object = {}) =>
        app.inject({ method: 'POST', url, headers: { cookie, ...origin }, payload });
      expect((await post(`/api/seller/orders/${orderId}/confirm`, shop.owner.cookie)).statusCode).toBe(200);
      expect((await post(`/api/rider/jobs/order/${orderId}/accept`, rider.cookie)).statusCode).toBe(200);
      expect((await post(`/api/rider/jobs/order/${orderId}/picked`, rider.cookie)).statusCode).toBe(200);
      const [o] = await queryRows<{ delivery_code: string }>(
        app.ctx.db,
        sql`SELECT delivery_code FROM orders WHERE id = ${orderId}`,
      );
      expect(
        (await post(`/api/rider/jobs/order/${orderId}/deliver`, rider.cookie, { code: o!.delivery_code })).statusCode,
      ).toBe(200);
      // The dispute window (DISPUTE_WINDOW_MINUTES) passes: the rider's share is released.
      await app.ctx.db.execute(
        sql`UPDATE order_items SET updated_at = now() - interval '1 day' WHERE order_id = ${orderId}`,
      );
      const requestPayout = async () => {
        const res = await post('/api/rider/payouts', rider.cookie, {
          accountName: 'Rider Payee',
          accountNumber: '0123456789',
          bankCode: '058',
        });
        expect(res.statusCode).toBe(200);
        await app.ctx.db.execute(
          sql`UPDATE jobs SET run_at = now() WHERE kind = 'payout.transfer' AND done_at IS NULL`,
        );
        await settle();
        return json<PayoutAnswer>(res).payout;
      };
      const earnings = async () =>
        json<EarningsAnswer>(await app.inject({ url: '/api/rider/earnings', headers: { cookie: rider.cookie } }))
          .earnings;
      return { requestPayout, earnings };
    }

    it('the transfer fails: the rider sees the payout failed with the reason, and the amount is available again', async () => {
      const r = await riderWithEarnings();
      paystack.transferFate = 'failed';
      const payout = await r.requestPayout();
      const e = await r.earnings();
      expect(e.payouts.find((p) => p._id === payout._id)).toMatchObject({
        state: 'failed',
        failureReason: 'The transfer failed.',
      });
      expect(e.available).toBe(payout.amount);
      expect(await books()).toEqual([]);
    });

    it('the transfer succeeds, then the bank reverses it: the payout ends failed ("The bank reversed the transfer."), whatever order the webhooks came in', async () => {
      const r = await riderWithEarnings();
      paystack.transferFate = 'reversed';
      const payout = await r.requestPayout();
      const e = await r.earnings();
      expect(e.payouts.find((p) => p._id === payout._id)).toMatchObject({
        state: 'failed',
        failureReason: 'The bank reversed the transfer.',
      });
      expect(e.available).toBe(payout.amount);
      // Paystack sends the success again, late: nothing changes.
      const t = [...paystack.transfers.values()].at(-1)!;
      await paystack.webhook('transfer.success', {
        transfer_code: t.transfer_code,
        reference: t.reference,
        amount: t.amount,
        currency: 'NGN',
        status: 'success',
      });
      await settle();
      expect((await r.earnings()).payouts.find((p) => p._id === payout._id)!.state).toBe('failed');
      expect(await books()).toEqual([]);
    });
  });
});
