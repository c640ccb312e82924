/**
 * Contract test: the Paystack client against a local server that behaves like Paystack (same paths,
 * answers and webhook signing) and checks every request body against Paystack's own OpenAPI file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { parse } from 'yaml';
import { Ajv, type ValidateFunction } from 'ajv';
import { and, eq } from 'drizzle-orm';
import { buildTestApp, json, type TestApp } from '../../../test/helpers.js';
import { checkout, checkoutOk, createCustomer, createShop, origin, paymentByReference, verify, webhook } from '../../../test/factories-checkout.js';
import { orders, refunds, webhookEvents } from '../db/schema.js';
import { signWebhook } from './signature.js';

const SPEC_PATH = new URL('../../../../../../shared/reference/paystack-openapi/paystack.yaml', import.meta.url);
const SECRET = `sk_test_${randomBytes(20).toString('hex')}`;

interface Txn { reference: string; email: string; amount: number; currency: string; status: string; channels: string[]; callback_url: string }
interface Seen { method: string; path: string; body: unknown; errors: string[] }

let app: TestApp;
let server: Server;
let baseUrl = '';
const seen: Seen[] = [];
const txns = new Map<string, Txn>();
let failInitialize = false;
let refundSeq = 1000;
let validators: Record<string, ValidateFunction>;

function loadValidators() {
  const doc = parse(readFileSync(SPEC_PATH, 'utf8')) as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>> };
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addSchema(doc as object, 'paystack');
  const op = (path: string, method: string) => {
    const schema = doc.paths[path]?.[method]?.requestBody?.content['application/json']?.schema as { $ref: string };
    if (!schema?.$ref) throw new Error(`no request schema for ${method} ${path}`);
    return ajv.getSchema(`paystack${schema.$ref}`)!;
  };
  return {
    'POST /transaction/initialize': op('/transaction/initialize', 'post'),
    'POST /refund': op('/refund', 'post'),
    'POST /transferrecipient': op('/transferrecipient', 'post'),
    'POST /transfer': op('/transfer', 'post'),
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Sends a webhook the way Paystack does: JSON body, HMAC-SHA512 with the secret key. */
async function paystackWebhook(event: string, data: Record<string, unknown>) {
  const raw = JSON.stringify({ event, data });
  return app.inject({ method: 'POST', url: '/api/payment/paystack/webhook', headers: { 'content-type': 'application/json', 'x-paystack-signature': signWebhook(raw, SECRET) }, payload: raw });
}

beforeAll(async () => {
  validators = loadValidators();
  server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://x');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const errors: string[] = [];
    if (req.headers.authorization !== `Bearer ${SECRET}`) errors.push('missing or wrong Authorization header');
    let body: unknown = undefined;
    if (req.method === 'POST') {
      if (!String(req.headers['content-type']).startsWith('application/json')) errors.push('content-type is not JSON');
      try {
        body = JSON.parse(raw);
      } catch {
        errors.push('body is not JSON');
      }
      const validate = validators[`POST ${url.pathname}`];
      if (!validate) errors.push(`unexpected path ${url.pathname}`);
      else if (!validate(body)) errors.push(...(validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`));
    }
    seen.push({ method: req.method ?? '', path: url.pathname, body, errors });
    if (errors.length) return send(400, { status: false, message: errors.join('; ') });

    if (req.method === 'POST' && url.pathname === '/transaction/initialize') {
      if (failInitialize) return send(500, { status: false, message: 'An error occurred' });
      const b = body as { email: string; amount: number; reference: string; currency?: string; channels?: string[]; callback_url: string };
      if (txns.has(b.reference)) return send(400, { status: false, message: 'Duplicate Transaction Reference' });
      txns.set(b.reference, { reference: b.reference, email: b.email, amount: b.amount, currency: b.currency ?? 'NGN', status: 'abandoned', channels: b.channels ?? [], callback_url: b.callback_url });
      const access = randomBytes(8).toString('hex');
      return send(200, { status: true, message: 'Authorization URL created', data: { authorization_url: `https://checkout.paystack.com/${access}`, access_code: access, reference: b.reference } });
    }
    const verifyMatch = /^\/transaction\/verify\/(.+)$/.exec(url.pathname);
    if (req.method === 'GET' && verifyMatch) {
      const t = txns.get(decodeURIComponent(verifyMatch[1]!));
      if (!t) return send(400, { status: false, message: 'Transaction reference not found', code: 'transaction_not_found' });
      return send(200, {
        status: true, message: 'Verification successful',
        data: { id: 4099260516, domain: 'test', status: t.status, reference: t.reference, amount: t.amount, currency: t.currency, gateway_response: t.status === 'success' ? 'Successful' : 'The transaction was not completed', paid_at: t.status === 'success' ? new Date().toISOString() : null, created_at: new Date().toISOString(), channel: 'card', customer: { email: t.email } },
      });
    }
    if (req.method === 'POST' && url.pathname === '/refund') {
      const b = body as { transaction: string; amount: number };
      const t = txns.get(b.transaction);
      if (!t || t.status !== 'success') return send(400, { status: false, message: 'Transaction has been fully reversed' });
      const id = ++refundSeq;
      // Paystack queues the refund, answers pending, then tells us by webhook.
      setTimeout(() => void paystackWebhook('refund.processed', { id, status: 'processed', transaction_reference: t.reference, amount: b.amount, currency: 'NGN', domain: 'test' }), 0);
      return send(200, { status: true, message: 'Refund has been queued for processing', data: { id, status: 'pending', amount: b.amount, currency: 'NGN', transaction: { reference: t.reference } } });
    }
    if (req.method === 'POST' && url.pathname === '/transferrecipient') {
      return send(201, { status: true, message: 'Transfer recipient created successfully', data: { recipient_code: 'RCP_1a25w1h3n0xctjg', active: true } });
    }
    if (req.method === 'POST' && url.pathname === '/transfer') {
      return send(200, { status: true, message: 'Transfer has been queued', data: { transfer_code: 'TRF_1ptvuv321ahaa7q', status: 'pending', reference: (body as { reference: string }).reference } });
    }
    send(404, { status: false, message: 'Not found' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  app = await buildTestApp({ PAYMENT_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: SECRET, PAYSTACK_BASE_URL: baseUrl });
});
afterAll(async () => {
  await app.closeAll();
  server.close();
});

async function newOrder() {
  const shop = await createShop(app, [150_000]);
  const customer = await createCustomer(app);
  const { url, reference } = await checkoutOk(app, customer.cookie, { items: [{ product: shop.products[0]!.product.id, quantity: 1 }], address: customer.address.id });
  return { shop, customer, url, reference };
}

describe('Paystack contract', () => {
  it('initialize: the request matches TransactionInitialize, kobo integer, our channels and callback; the customer goes to Paystack', async () => {
    const { url, reference } = await newOrder();
    expect(url).toMatch(/^https:\/\/checkout\.paystack\.com\/[0-9a-f]+$/);
    const init = seen.find((s) => s.path === '/transaction/initialize' && (s.body as { reference: string }).reference === reference)!;
    expect(init.errors).toEqual([]);
    expect(init.body).toMatchObject({ amount: 203_000, currency: 'NGN', channels: ['card', 'bank_transfer', 'ussd'], callback_url: 'http://localhost:3000/loader?next=my-orders', reference });
    expect(reference).toMatch(/^[A-Za-z0-9.=-]+$/);
  });

  it('a signed charge.success webhook fulfils after verify; one signed with another secret changes nothing', async () => {
    const { reference, customer } = await newOrder();
    const forged = await webhook(app, { event: 'charge.success', data: { reference, amount: 203_000, currency: 'NGN' } }); // sandbox secret
    expect(forged.statusCode).toBe(401);
    txns.get(reference)!.status = 'success';
    const res = await paystackWebhook('charge.success', { reference, amount: 203_000, currency: 'NGN', status: 'success' });
    expect(res.statusCode).toBe(200);
    await app.ctx.jobs.drain();
    expect((await paymentByReference(app, reference)).state).toBe('paid');
    expect(json(await verify(app, customer.cookie, reference)).state).toBe('paid');
    expect(seen.some((s) => s.method === 'GET' && s.path === `/transaction/verify/${reference}`)).toBe(true);
  });

  it('verify reporting another amount or currency does not fulfil', async () => {
    const a = await newOrder();
    Object.assign(txns.get(a.reference)!, { status: 'success', amount: 100 });
    expect(json(await verify(app, a.customer.cookie, a.reference)).state).toBe('awaiting');
    const b = await newOrder();
    Object.assign(txns.get(b.reference)!, { status: 'success', currency: 'GHS' });
    expect(json(await verify(app, b.customer.cookie, b.reference)).state).toBe('awaiting');
    const c = await newOrder();
    Object.assign(txns.get(c.reference)!, { status: 'failed' });
    expect(json(await verify(app, c.customer.cookie, c.reference)).state).toBe('failed');
  });

  it('refund: the request matches RefundCreate; the refund.processed webhook completes it', async () => {
    const { reference, customer } = await newOrder();
    txns.get(reference)!.status = 'success';
    await verify(app, customer.cookie, reference);
    const payment = await paymentByReference(app, reference);
    const res = await app.inject({ method: 'POST', url: `/api/order/cancel/${payment.subjectId}`, headers: { cookie: customer.cookie, ...origin } });
    expect(res.statusCode).toBe(200);
    await app.ctx.jobs.drain();
    await new Promise((r) => setTimeout(r, 50)); // the fake Paystack's webhook
    await app.ctx.jobs.drain();
    const call = seen.find((s) => s.path === '/refund' && (s.body as { transaction: string }).transaction === reference)!;
    expect(call.errors).toEqual([]);
    expect(call.body).toMatchObject({ transaction: reference, amount: 203_000, currency: 'NGN' });
    const [refund] = await app.ctx.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
    expect(refund).toMatchObject({ state: 'processed', amountKobo: 203_000 });
    const [ev] = await app.ctx.db.select().from(webhookEvents).where(and(eq(webhookEvents.reference, reference), eq(webhookEvents.event, 'refund.processed')));
    expect(ev!.outcome).toBe('refund_processed');
  });

  it('transfer recipient and transfer requests match TransferRecipientCreate and TransferInitiate', async () => {
    const provider = app.ctx.payments.provider;
    const { recipientCode } = await provider.createTransferRecipient({ name: 'Vera Vendor', accountNumber: '0123456789', bankCode: '058' });
    expect(recipientCode).toBe('RCP_1a25w1h3n0xctjg');
    const t = await provider.transfer({ amountKobo: 50_000, recipientCode, reference: 'payout-0000000000000001', reason: 'Jara payout' });
    expect(t).toEqual({ transferCode: 'TRF_1ptvuv321ahaa7q', status: 'pending' });
    for (const path of ['/transferrecipient', '/transfer']) {
      const call = seen.find((s) => s.path === path)!;
      expect(call.errors).toEqual([]);
    }
  });

  it('Paystack down at initialize: a clear 502 and no order left behind', async () => {
    const shop = await createShop(app);
    const customer = await createCustomer(app);
    failInitialize = true;
    try {
      const res = await checkout(app, customer.cookie, { items: [{ product: shop.products[0]!.product.id, quantity: 1 }], address: customer.address.id });
      expect(res.statusCode).toBe(502);
      expect(json(res).message).toBe('We could not reach the payment provider. Please try again.');
    } finally {
      failInitialize = false;
    }
    expect(await app.ctx.db.select().from(orders).where(eq(orders.userId, customer.user.id))).toHaveLength(0);
  });

  it('every request the client sent validated against paystack.yaml', () => {
    expect(seen.length).toBeGreaterThan(5);
    expect(seen.filter((s) => s.errors.length)).toEqual([]);
    // …and the validator does refuse what Paystack would: a naira float and a missing email.
    expect(validators['POST /transaction/initialize']!({ email: 'a@b.co', amount: '2030.00' })).toBe(false);
    expect(validators['POST /transaction/initialize']!({ amount: 203_000 })).toBe(false);
    expect(validators['POST /refund']!({ amount: 100 })).toBe(false);
  });
});
