/**
 * Contract test: the Paystack client against a local server that behaves like Paystack (same paths,
 * answers and webhook signing) and checks every request body against Paystack's own OpenAPI description.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Ajv } from 'ajv';
import { paystackFeeKobo, type ErrorAnswer, type OrderListAnswer, type PaymentVerifyAnswer } from '@jara/shared';
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
import { PAYSTACK_SPEC, startLocalPaystack, type LocalPaystack } from '../../../test/local-paystack.js';
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

  it('lists: the transactions, refunds and transfers made in a window, every page followed, with their fees', async () => {
    const provider = app.services.payments.provider;
    const from = new Date();
    // Two records a page, whatever is asked: the client must follow `meta` to the last page.
    paystack.maxPerPage = 2;
    try {
      paystack.charge('list-before-the-window', 7_000, { at: new Date(from.getTime() - 60_000) });
      paystack.charge('list-small', 100_000); // ₦1,000: 1.5 %, no ₦100 under ₦2,500
      paystack.charge('list-medium', 250_000); // ₦2,500: 1.5 % + ₦100
      paystack.charge('list-large', 20_000_000); // ₦200,000: capped at ₦2,000
      paystack.charge('list-abandoned', 5_000, { status: 'abandoned' });
      const refund = await provider.refund({
        reference: 'list-small',
        amountKobo: 40_000,
        note: 'jara-refund:00000000-0000-4000-8000-000000000042 Item out of stock',
      });
      const { recipientCode } = await provider.createTransferRecipient({
        name: 'Vera Vendor',
        accountNumber: '0123456789',
        bankCode: '058',
      });
      for (const n of [1, 2, 3])
        await provider.transfer({
          amountKobo: n * 10_000,
          recipientCode,
          reference: `jara_payout_list${n}`,
          reason: 'Jara payout',
        });
      const window = { from, to: new Date(Date.now() + 1000) };

      const txns = await provider.listTransactions(window);
      expect(txns.map((t) => t.reference).sort()).toEqual([
        'list-abandoned',
        'list-large',
        'list-medium',
        'list-small',
      ]);
      const fee = (reference: string) => txns.find((t) => t.reference === reference)!.feesKobo;
      expect([fee('list-small'), fee('list-medium'), fee('list-large'), fee('list-abandoned')]).toEqual([
        1_500,
        13_750,
        200_000,
        null,
      ]);
      expect(paystackFeeKobo(250_000)).toBe(13_750);
      expect(txns.find((t) => t.reference === 'list-small')).toMatchObject({
        amountKobo: 100_000,
        currency: 'NGN',
        status: 'success',
        at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      });
      expect(await provider.listRefunds(window)).toEqual([
        {
          providerRef: refund.providerRef,
          reference: 'list-small',
          amountKobo: 40_000,
          status: 'processed',
          note: 'jara-refund:00000000-0000-4000-8000-000000000042 Item out of stock',
          at: expect.any(String),
        },
      ]);
      const transfers = await provider.listTransfers(window);
      expect(transfers.map((t) => [t.reference, t.amountKobo, t.status]).sort()).toEqual([
        ['jara_payout_list1', 10_000, 'success'],
        ['jara_payout_list2', 20_000, 'success'],
        ['jara_payout_list3', 30_000, 'success'],
      ]);
      expect(transfers[0]!.transferCode).toMatch(/^TRF_\w+$/);

      // Four transactions and three transfers at two a page: two pages each, asked one after the other.
      expect(paystack.calls('listTransactions').map((c) => c.query.page)).toEqual(['1', '2']);
      expect(paystack.calls('listTransfers').map((c) => c.query.page)).toEqual(['1', '2']);
      // The parameters as Paystack's file spells them for each list.
      expect(paystack.calls('listTransactions')[0]!.query).toEqual({
        from: from.toISOString(),
        to: window.to.toISOString(),
        per_page: '100',
        page: '1',
      });
      expect(paystack.calls('listRefunds').at(-1)!.query).toMatchObject({ perPage: '100', page: '1' });
      expect(paystack.calls('listTransfers')[0]!.query).toMatchObject({ per_page: '100', page: '1' });
    } finally {
      paystack.maxPerPage = 100;
    }
  });

  it('a list Paystack cannot answer fails the call: nothing partial comes back', async () => {
    paystack.behave('listTransfers', { failWith: 500, times: 1 });
    await expect(app.services.payments.provider.listTransfers({ from: new Date(0), to: new Date() })).rejects.toThrow(
      /Paystack \/transfer failed \(500\)/,
    );
    paystack.behave('listTransactions', { malformed: true, times: 1 });
    await expect(
      app.services.payments.provider.listTransactions({ from: new Date(0), to: new Date() }),
    ).rejects.toThrow(/not JSON/);
  });

  it("the lists' answers carry what the client reads, as Paystack's file describes it", async () => {
    const schemas = PAYSTACK_SPEC.components.schemas as Record<
      string,
      { properties: Record<string, { properties?: object; items?: { $ref: string } }> }
    >;
    const ajv = new Ajv({ strict: false });
    const lists = [
      [
        '/transaction',
        'TransactionListResponse',
        ['reference', 'amount', 'currency', 'status', 'fees', 'paid_at', 'created_at'],
      ],
      [
        '/refund',
        'RefundListResponse',
        ['id', 'status', 'transaction_reference', 'merchant_note', 'amount', 'createdAt'],
      ],
      ['/transfer', 'TransferListResponse', ['reference', 'transfer_code', 'amount', 'status', 'createdAt']],
    ] as const;
    for (const [path, name, fields] of lists) {
      // Every field the client reads is one Paystack declares for the list's items…
      const item = schemas[schemas[name]!.properties.data!.items!.$ref.split('/').at(-1)!]!;
      expect(
        fields.filter((f) => !(f in item.properties)),
        name,
      ).toEqual([]);
      // …and the local server's `meta`, which the client pages by, is Paystack's.
      const res = await fetch(`${paystack.baseUrl}${path}?page=1`, {
        headers: { authorization: `Bearer ${paystack.secret}` },
      });
      const body = (await res.json()) as { meta: unknown };
      const meta = ajv.compile(schemas[name]!.properties.meta!);
      expect(meta(body.meta), `${path} ${JSON.stringify(meta.errors)}`).toBe(true);
    }
  });

  it('every request the client sent validated against the Paystack OpenAPI excerpt', () => {
    expect(paystack.seen.length).toBeGreaterThan(5);
    expect(paystack.seen.filter((s) => s.errors.length)).toEqual([]);
    // …and the validator does refuse what Paystack would: a naira float and a missing email.
    expect(paystack.validators.initialize!({ email: 'a@b.co', amount: '2030.00' })).toBe(false);
    expect(paystack.validators.initialize!({ amount: 203_000 })).toBe(false);
    expect(paystack.validators.refund!({ amount: 100 })).toBe(false);
    // A list's query: only the parameters the operation declares, each of its type.
    const list = paystack.validators.listTransactions!;
    expect(
      list({ from: '2026-03-01T00:00:00.000Z', to: '2026-03-02T00:00:00+01:00', per_page: '100', page: '2' }),
    ).toBe(true);
    expect(list({ perPage: '100' })).toBe(false); // the refunds' spelling, not the transactions'
    expect(list({ per_page: 'many' })).toBe(false);
    expect(list({ from: 'yesterday' })).toBe(false);
    expect(paystack.validators.listRefunds!({ perPage: '100', from: '2026-03-01T00:00:00.000Z' })).toBe(true);
  });
});
