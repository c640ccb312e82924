import { eq } from 'drizzle-orm';
import { signWebhook } from '../src/infra/payments/signature.js';
import { payments } from '../src/modules/payments/payments.tables.js';
import { createAddress, createProduct, createUser, createVendor, json, type TestApp } from './helpers.js';

/** A customer with a session cookie and one address on campus. */
export async function createCustomer(app: TestApp) {
  const { user, cookie } = await createUser(app);
  const address = await createAddress(app, user.id);
  return { user, cookie, address };
}

/** An open vendor (owned by a vendor user) with one product per given price in kobo. */
export async function createShop(
  app: TestApp,
  prices: number[] = [150_000],
  vendorOverrides: Parameters<typeof createVendor>[1] = {},
) {
  const owner = await createUser(app, { role: 'vendor' });
  const vendor = await createVendor(app, { userId: owner.user.id, ...vendorOverrides });
  const products = [];
  for (const priceKobo of prices)
    products.push(await createProduct(app, vendor.id, { options: [{ name: 'Default Option', priceKobo }] }));
  return { owner, vendor, products };
}

export const origin = { origin: 'http://localhost:3000' };

export interface CheckoutBody {
  items: { product: string; quantity: number; vendorId?: string; optionId?: string; price?: number }[];
  address: string;
  amount?: number;
  userId?: string;
  email?: string;
}

export function checkout(app: TestApp, cookie: string, body: CheckoutBody | Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/payment/paystack',
    headers: { cookie, ...origin },
    payload: body as object,
  });
}

/** Checks out and returns the reference (throws on a refusal). */
export async function checkoutOk(
  app: TestApp,
  cookie: string,
  body: CheckoutBody,
): Promise<{ reference: string; url: string }> {
  const res = await checkout(app, cookie, body);
  if (res.statusCode !== 200) throw new Error(`checkout failed: ${res.statusCode} ${res.body}`);
  return json(res);
}

/** Presses a button on the sandbox checkout page. */
export function sandboxAction(app: TestApp, reference: string, action: 'pay' | 'decline' | 'cancel', channel = 'card') {
  return app.inject({
    method: 'POST',
    url: `/sandbox/checkout/${reference}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...origin },
    payload: new URLSearchParams({ action, channel }).toString(),
  });
}

export function verify(app: TestApp, cookie: string, reference: string) {
  return app.inject({
    method: 'GET',
    url: `/api/payment/verify?reference=${encodeURIComponent(reference)}`,
    headers: { cookie },
  });
}

/** Sends a webhook signed with `secret` (the sandbox secret by default), exactly as Paystack would. */
export function webhook(
  app: TestApp,
  body: unknown,
  opts: { secret?: string; signature?: string | null; path?: string } = {},
) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const secret = opts.secret ?? app.ctx.config.payments.sandboxSecret;
  const signature = opts.signature === undefined ? signWebhook(raw, secret) : opts.signature;
  return app.inject({
    method: 'POST',
    url: opts.path ?? '/api/payment/webhook',
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { 'x-paystack-signature': signature }),
    },
    payload: raw,
  });
}

export async function paymentByReference(app: TestApp, reference: string) {
  const [row] = await app.ctx.db.select().from(payments).where(eq(payments.reference, reference));
  return row!;
}

export function chargeSuccess(reference: string, amountKobo: number, currency = 'NGN') {
  return {
    event: 'charge.success',
    data: { reference, amount: amountKobo, currency, status: 'success', channel: 'card' },
  };
}
