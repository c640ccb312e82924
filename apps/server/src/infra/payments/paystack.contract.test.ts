/**
 * Contract test: the Paystack client against a local server that behaves like Paystack (same paths,
 * answers and webhook signing) and checks every request body against Paystack's own OpenAPI description.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ErrorAnswer, OrderListAnswer, PaymentVerifyAnswer } from '@jara/shared';
import { buildTestApp, json, type TestApp } from '../../../test/helpers.js';
import {
  checkout,
  checkoutOk,
  createCustomer,
  createShop,
  origin,
  paymentByReference,
  verify,
  webhook,
} from '../../../test/factories-checkout.js';
import { startLocalPaystack, type LocalPaystack } from '../../../test/local-paystack.js';
import { orders } from '../../modules/orders/orders.tables.js';
import { payments, refunds, webhookEvents } from '../../modules/payments/payments.tables.js';

let app: TestApp;
let paystack: LocalPaystack;

beforeAll(async () => {
  paystack = await startLocalPaystack();
  app = await buildTestApp({
    PAYMENT_PROVIDER: 'paystack',
    PAYSTACK_SECRET_KEY: paystack.secret,
    PAYSTACK_BASE_URL: paystack.baseUrl,
  });
  paystack.app = app;
});
afterAll(async () => {
  await app.closeAll();
  await paystack.close();
});

async function newOrder() {
  const shop = await createShop(app, [150_000]);
  const customer = await createCustomer(app);
  const { url, reference } = await checkoutOk(app, customer.cookie, {
    items: [{ product: shop.products[0]!.product.id, quantity: 1 }],
    address: customer.address.id,
  });
  return { shop, customer, url, reference };
}

describe('Paystack contract', () => {
  it('initialize: the request matches TransactionInitialize, kobo integer, our channels and callback; the customer goes to Paystack', async () => {
    const { url, reference } = await newOrder();
    expect(url).toMatch(/^https:\/\/checkout\.paystack\.com\/[0-9a-f]+$/);
    const init = paystack.calls('initialize').find((s) => (s.body as { reference: string }).reference === reference)!;
    expect(init.errors).toEqual([]);
    expect(init.body).toMatchObject({
      amount: 203_000,
      currency: 'NGN',
      channels: ['card', 'bank_transfer', 'ussd'],
      callback_url: 'http://localhost:3000/loader?next=my-orders',
      reference,
    });
    // Cancelling on Paystack's page brings the customer back through the loader to the cart.
    expect((init.body as { metadata: Record<string, unknown> }).metadata.cancel_action).toBe(
      `http://localhost:3000/loader?next=my-orders&reference=${reference}&cancelled=1`,
    );
    expect(reference).toMatch(/^[A-Za-z0-9.=-]+$/);
  });

  it('a signed charge.success webhook fulfils after verify; one signed with another secret changes nothing', async () => {
    const { reference, customer } = await newOrder();
    const forged = await webhook(app, {
      event: 'charge.success',
      data: { reference, amount: 203_000, currency: 'NGN' },
    }); // sandbox secret
    expect(forged.statusCode).toBe(401);
    paystack.pay(reference);
    const res = await paystack.webhook('charge.success', {
      reference,
      amount: 203_000,
      currency: 'NGN',
      status: 'success',
    });
    expect(res.statusCode).toBe(200);
    await app.ctx.jobs.drain();
    expect((await paymentByReference(app, reference)).state).toBe('paid');
    expect(json<PaymentVerifyAnswer>(await verify(app, customer.cookie, reference)).state).toBe('paid');
    expect(paystack.seen.some((s) => s.method === 'GET' && s.path === `/transaction/verify/${reference}`)).toBe(true);
  });

  it('verify reporting another amount or currency does not fulfil', async () => {
    const a = await newOrder();
    Object.assign(paystack.txns.get(a.reference)!, { status: 'success', amount: 100 });
    expect(json<PaymentVerifyAnswer>(await verify(app, a.customer.cookie, a.reference)).state).toBe('awaiting');
    const b = await newOrder();
    Object.assign(paystack.txns.get(b.reference)!, { status: 'success', currency: 'GHS' });
    expect(json<PaymentVerifyAnswer>(await verify(app, b.customer.cookie, b.reference)).state).toBe('awaiting');
    const c = await newOrder();
    Object.assign(paystack.txns.get(c.reference)!, { status: 'failed' });
    expect(json<PaymentVerifyAnswer>(await verify(app, c.customer.cookie, c.reference)).state).toBe('failed');
  });

  it('refund: the request matches RefundCreate; the refund.processed webhook completes it', async () => {
    const { reference, customer } = await newOrder();
    paystack.pay(reference);
    await verify(app, customer.cookie, reference);
    const payment = await paymentByReference(app, reference);
    const res = await app.inject({
      method: 'POST',
      url: `/api/order/cancel/${payment.subjectId}`,
      headers: { cookie: customer.cookie, ...origin },
    });
    expect(res.statusCode).toBe(200);
    await app.ctx.jobs.drain();
    await paystack.webhooksDelivered();
    await app.ctx.jobs.drain();
    const call = paystack.calls('refund').find((s) => (s.body as { transaction: string }).transaction === reference)!;
    expect(call.errors).toEqual([]);
    expect(call.body).toMatchObject({ transaction: reference, amount: 203_000, currency: 'NGN' });
    // Our refund's reference leads the merchant note: a retry after a lost answer can find it.
    expect((call.body as { merchant_note: string }).merchant_note).toMatch(
      /^jara-refund:[0-9a-f-]{36} Order .* cancelled by the customer$/,
    );
    const [refund] = await app.ctx.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
    expect(refund).toMatchObject({ state: 'processed', amountKobo: 203_000 });
    const [ev] = await app.ctx.db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.reference, reference), eq(webhookEvents.event, 'refund.processed')));
    expect(ev!.outcome).toBe('refund_processed');
  });

  it('transfer recipient and transfer requests match TransferRecipientCreate and TransferInitiate', async () => {
    const provider = app.services.payments.provider;
    const { recipientCode } = await provider.createTransferRecipient({
      name: 'Vera Vendor',
      accountNumber: '0123456789',
      bankCode: '058',
    });
    expect(recipientCode).toMatch(/^RCP_\w+$/);
    const t = await provider.transfer({
      amountKobo: 50_000,
      recipientCode,
      reference: 'payout-0000000000000001',
      reason: 'Jara payout',
    });
    expect(t).toEqual({ transferCode: expect.stringMatching(/^TRF_\w+$/), status: 'pending' });
    for (const op of ['recipient', 'transfer'] as const) {
      const call = paystack.calls(op)[0]!;
      expect(call.errors).toEqual([]);
    }
    // Verify by our reference (what a retried payout asks before sending again).
    expect(await provider.verifyTransfer('payout-0000000000000001')).toEqual({
      transferCode: t.transferCode,
      status: 'success',
    });
    expect(await provider.verifyTransfer('payout-0000000000000404')).toBeNull();
  });

  it('Paystack down at initialize: a clear 502, the attempt marked failed, no order shown', async () => {
    const shop = await createShop(app);
    const customer = await createCustomer(app);
    paystack.behave('initialize', { failWith: 500, times: 1 });
    const res = await checkout(app, customer.cookie, {
      items: [{ product: shop.products[0]!.product.id, quantity: 1 }],
      address: customer.address.id,
    });
    expect(res.statusCode).toBe(502);
    expect(json<ErrorAnswer>(res).message).toBe('We could not reach the payment provider. Please try again.');
    const [order] = await app.ctx.db.select().from(orders).where(eq(orders.userId, customer.user.id));
    expect(order!.paymentState).toBe('failed');
    const [payment] = await app.ctx.db.select().from(payments).where(eq(payments.subjectId, order!.id));
    expect(payment!.state).toBe('failed');
    expect(
      json<OrderListAnswer>(await app.inject({ url: '/api/order/user', headers: { cookie: customer.cookie } })).orders,
    ).toEqual([]);
  });

  it('every request the client sent validated against the Paystack OpenAPI excerpt', () => {
    expect(paystack.seen.length).toBeGreaterThan(5);
    expect(paystack.seen.filter((s) => s.errors.length)).toEqual([]);
    // …and the validator does refuse what Paystack would: a naira float and a missing email.
    expect(paystack.validators.initialize!({ email: 'a@b.co', amount: '2030.00' })).toBe(false);
    expect(paystack.validators.initialize!({ amount: 203_000 })).toBe(false);
    expect(paystack.validators.refund!({ amount: 100 })).toBe(false);
  });
});
