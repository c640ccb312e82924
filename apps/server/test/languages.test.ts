/**
 * English and Pidgin through the real app: error answers follow the request's language (cookie,
 * else Accept-Language) with the same codes; the account's language (PUT /api/user/language)
 * decides what its emails and pushes are written in, at the moment they are composed; the
 * sandbox's checkout page follows the request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import messagesPcm from '@jara/shared/locales/pcm.json' with { type: 'json' };
import errorsPcm from '@jara/shared/locales/errors/pcm.json' with { type: 'json' };

const pcm = { ...messagesPcm, ...errorsPcm };
import { MSG, type ErrorAnswer, type IsAuthAnswer, type LanguageAnswer } from '@jara/shared';
import { buildTestApp, createUser, json, type TestApp } from './helpers.js';
import { checkoutOk, createCustomer, createShop, origin, sandboxAction, verify } from './factories-checkout.js';
import { startPushEndpoint, TestSubscriber } from './push-endpoint.js';
import { mailOutbox } from '../src/infra/db/tables.js';
import { cartItems, users } from '../src/modules/auth/auth.tables.js';

let app: TestApp;
let endpoint: Awaited<ReturnType<typeof startPushEndpoint>>;
beforeAll(async () => {
  endpoint = await startPushEndpoint();
  app = await buildTestApp({ PUSH_ENDPOINT_HOSTS: '127.0.0.1' });
});
afterAll(async () => {
  await app.closeAll();
  await endpoint.close();
});

const PIDGIN = { cookie: 'jara_lang=pcm' };
const login = (headers: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { email: 'not-an-email', password: 'x' },
    headers: { ...origin, ...headers },
  });
const setLanguage = (payload: object, headers: Record<string, string>) =>
  app.inject({ method: 'PUT', url: '/api/user/language', payload, headers: { ...origin, ...headers } });

describe('error answers', () => {
  it('are in English exactly as before, without a cookie or with jara_lang=en', async () => {
    const asked: Record<string, string>[] = [{}, { cookie: 'jara_lang=en', 'accept-language': 'pcm' }];
    for (const headers of asked) {
      const res = await login(headers);
      expect(res.statusCode).toBe(400);
      expect(json<ErrorAnswer>(res)).toMatchObject({
        success: false,
        code: 'validation_failed',
        message: MSG.invalidEmail,
      });
    }
    const refused = await setLanguage({ language: 'pcm' }, {});
    expect(refused.statusCode).toBe(401);
    expect(json<ErrorAnswer>(refused)).toEqual({
      success: false,
      code: 'unauthorized',
      message: 'Please log in to continue.',
    });
  });

  it('are in Pidgin with jara_lang=pcm: the specification’s message translated, else the code’s, the code unchanged', async () => {
    const invalid = await login(PIDGIN);
    expect(invalid.statusCode).toBe(400);
    expect(json<ErrorAnswer>(invalid)).toMatchObject({
      success: false,
      code: 'validation_failed',
      message: pcm['msg.invalidEmail'],
    });
    const refused = await setLanguage({ language: 'pcm' }, PIDGIN);
    expect(refused.statusCode).toBe(401);
    expect(json<ErrorAnswer>(refused)).toEqual({
      success: false,
      code: 'unauthorized',
      message: pcm['error.unauthorized'],
    });
    // A logged-in request from another site: refused as every state-changing one is.
    const { cookie } = await createUser(app);
    const foreign = await app.inject({
      method: 'PUT',
      url: '/api/user/language',
      payload: { language: 'pcm' },
      headers: { cookie: `${cookie}; jara_lang=pcm`, origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(json<ErrorAnswer>(foreign)).toMatchObject({ code: 'bad_origin', message: pcm['error.bad_origin'] });
  });

  it('are in Pidgin when Accept-Language asks for pcm and there is no cookie', async () => {
    const res = await login({ 'accept-language': 'pcm-NG, en;q=0.5' });
    expect(json<ErrorAnswer>(res)).toMatchObject({ code: 'validation_failed', message: pcm['msg.invalidEmail'] });
  });
});

describe('PUT /api/user/language', () => {
  it('needs a login, validates the language and stores it; is-auth answers it', async () => {
    const { user, cookie } = await createUser(app);
    expect(json<IsAuthAnswer>(await app.inject({ url: '/api/user/is-auth', headers: { cookie } })).user?.language).toBe(
      'en',
    );
    for (const bad of [{ language: 'fr' }, { language: 'PCM' }, {}, { language: 'pcm', extra: 1 }]) {
      const res = await setLanguage(bad, { cookie });
      expect(res.statusCode).toBe(400);
      expect(json<ErrorAnswer>(res).code).toBe('validation_failed');
    }
    const [unchanged] = await app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(unchanged!.language).toBe('en');

    const ok = await setLanguage({ language: 'pcm' }, { cookie });
    expect(ok.statusCode).toBe(200);
    expect(json<LanguageAnswer>(ok)).toMatchObject({ success: true, language: 'pcm' });
    const [stored] = await app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(stored!.language).toBe('pcm');
    expect(json<IsAuthAnswer>(await app.inject({ url: '/api/user/is-auth', headers: { cookie } })).user?.language).toBe(
      'pcm',
    );
  });
});

describe('an account’s emails and pushes', () => {
  /** Pays for one ₦1,500 item (₦2,030 in all) through the sandbox; the vendor then confirms it. */
  async function orderPaidAndConfirmed(customer: Awaited<ReturnType<typeof createCustomer>>) {
    const shop = await createShop(app, [150_000], { businessName: 'Mama Put' });
    const product = shop.products[0]!;
    await app.ctx.db.insert(cartItems).values({
      userId: customer.user.id,
      productId: product.product.id,
      optionId: product.options[0]!.id,
      quantity: 1,
    });
    const { reference } = await checkoutOk(app, customer.cookie, {
      items: [{ product: product.product.id, quantity: 1 }],
      address: customer.address.id,
    });
    expect((await sandboxAction(app, reference, 'pay')).statusCode).toBe(303);
    expect((await verify(app, customer.cookie, reference)).statusCode).toBe(200);
    await app.ctx.jobs.drain();
    const [orderId] = (
      await app
        .inject({ url: '/api/order/user', headers: { cookie: customer.cookie } })
        .then((r) => json<{ orders: { _id: string }[] }>(r))
    ).orders.map((o) => o._id);
    const confirmed = await app.inject({
      method: 'POST',
      url: `/api/seller/orders/${orderId}/confirm`,
      headers: { cookie: shop.owner.cookie, ...origin },
      payload: {},
    });
    expect(confirmed.statusCode).toBe(200);
    await app.ctx.jobs.drain();
  }

  async function customerWithPush() {
    const customer = await createCustomer(app);
    const sub = new TestSubscriber(endpoint.url(`/ok/${customer.user.id}`));
    const res = await app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: { cookie: customer.cookie, ...origin },
      payload: sub.toJSON(),
    });
    expect(res.statusCode).toBe(201);
    const pushes = () =>
      endpoint.received
        .filter((r) => r.path === new URL(sub.endpoint).pathname)
        .map((r) => JSON.parse(sub.decrypt(r.body)) as { title: string; body: string });
    const mails = () => app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, customer.user.email));
    return { customer, pushes, mails };
  }

  it('are in Pidgin for a Pidgin account (chosen after sign-up), whatever the page says', async () => {
    const { customer, pushes, mails } = await customerWithPush();
    expect((await setLanguage({ language: 'pcm' }, { cookie: customer.cookie })).statusCode).toBe(200);
    await orderPaidAndConfirmed(customer);

    const [mail] = await mails();
    expect(mail!.subject).toBe('Your Jara order don enter (₦2,030)');
    expect(mail!.textBody).toContain('Thank you! We don receive your payment and the vendors don get your order.');
    expect(mail!.textBody).toContain('Total wey you pay: ₦2,030');
    expect(pushes()).toEqual([
      expect.objectContaining({
        title: 'Order don enter',
        body: 'We don get your order of ₦2,030. We go tell you when the vendor confirm am.',
      }),
      expect.objectContaining({ title: 'Vendor don confirm', body: 'Mama Put don confirm your order.' }),
    ]);
  });

  it('stay in English for an English account, even when its pages are in Pidgin', async () => {
    const { customer, pushes, mails } = await customerWithPush();
    await orderPaidAndConfirmed({ ...customer, cookie: `${customer.cookie}; jara_lang=pcm` });
    expect((await mails()).map((m) => m.subject)).toEqual(['Your Jara order is placed (₦2,030)']);
    expect(pushes().map((p) => p.title)).toEqual(['Order placed', 'Order confirmed']);
  });
});

describe('the sandbox’s checkout page', () => {
  it('follows the request’s language', async () => {
    const shop = await createShop(app, [150_000]);
    const customer = await createCustomer(app);
    const { reference } = await checkoutOk(app, customer.cookie, {
      items: [{ product: shop.products[0]!.product.id, quantity: 1 }],
      address: customer.address.id,
    });
    const english = await app.inject({ url: `/sandbox/checkout/${reference}` });
    expect(english.body).toContain('<html lang="en">');
    for (const text of ['>Pay ₦2,030<', '>Decline<', 'Choose a payment method']) expect(english.body).toContain(text);
    const pidgin = await app.inject({ url: `/sandbox/checkout/${reference}`, headers: PIDGIN });
    expect(pidgin.statusCode).toBe(200);
    expect(pidgin.body).toContain('<html lang="pcm">');
    for (const text of [
      '>Pay ₦2,030 now<',
      '>Decline am<',
      'Choose how you wan pay',
      'data-testid="sandbox-amount">₦2,030<',
    ])
      expect(pidgin.body).toContain(text);
    expect(pidgin.body).not.toContain('Choose a payment method');
    const missing = await app.inject({ url: '/sandbox/checkout/nope', headers: { 'accept-language': 'pcm' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('This payment link no correct.');
  });
});
