/**
 * Production's first start (issue 33): NODE_ENV=production on an empty database, started as
 * `npm start` starts it (startUp: reference data, no demo seed). No demo account exists and the
 * admin's checklist lists what is missing; then the first admin, made the production way (`npm
 * run admin:create`), approves a shop and makes a category, the shop adds a product and a
 * customer orders and pays (at a local server that answers like Paystack: production refuses
 * the sandbox).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import type { ChecklistAnswer, SuggestionsAnswer } from '@jara/shared';
import { fixedClock } from '../src/context.js';
import { queryRows } from '../src/infra/db/client.js';
import { createOrPromoteAdmin } from '../src/modules/admin/admin-create.js';
import { DEMO_ACCOUNTS } from '../src/seed/seed.js';
import { startUp } from '../src/startup.js';
import { multipartImage } from './factories-portals.js';
import { buildTestApp, json, type TestApp } from './helpers.js';
import { startLocalPaystack, type LocalPaystack } from './local-paystack.js';

let app: TestApp;
let paystack: LocalPaystack;
beforeAll(async () => {
  paystack = await startLocalPaystack();
  app = await buildTestApp({
    NODE_ENV: 'production',
    PAYMENT_PROVIDER: 'paystack',
    PAYSTACK_SECRET_KEY: paystack.secret,
    PAYSTACK_BASE_URL: paystack.baseUrl,
    PUBLIC_URL: 'https://jara.example.ng',
    // Not given, as on a first start: the default hours hold, and the checklist asks for them.
    DELIVERY_HOURS: undefined as unknown as string,
  });
  // Noon in Lagos, inside the default delivery hours, whatever the hour the test runs at.
  app.ctx.clock = fixedClock(new Date(`${new Date().toISOString().slice(0, 10)}T11:00:00Z`));
  await startUp(app.ctx);
}, 120_000);
afterAll(async () => {
  await app?.closeAll();
  await paystack?.close();
});

/** Someone using the app through its routes, keeping the cookies it sets. */
class Person {
  private cookies = new Map<string, string>();
  async call(method: 'GET' | 'POST', url: string, body?: object, headers: Record<string, string> = {}) {
    const res = await app.inject({
      method,
      url,
      headers: { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '), ...headers },
      ...(body === undefined ? {} : body instanceof Buffer ? { payload: body } : { payload: body }),
    });
    for (const c of res.cookies as { name: string; value: string }[]) this.cookies.set(c.name, c.value);
    return res;
  }
  async ok<T = Record<string, unknown>>(method: 'GET' | 'POST', url: string, body?: object): Promise<T> {
    const res = await this.call(method, url, body);
    expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 300)}`).toBe(200);
    return json<T>(res);
  }
  async upload(url: string): Promise<string> {
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#0e7490' } })
      .png()
      .toBuffer();
    const m = multipartImage(png);
    const res = await this.call('POST', url, m.payload, m.headers);
    expect(res.statusCode, res.body).toBe(200);
    return json<{ url: string }>(res).url;
  }
}

const count = async (q: ReturnType<typeof sql>) => Number((await queryRows<{ n: number }>(app.ctx.db, q))[0]!.n);
const EVERY_DAY = Object.fromEntries(
  ['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, { open: '00:00', close: '23:59' }]),
);

describe('production, first start on an empty database', () => {
  const admin = new Person();
  const vendor = new Person();
  const customer = new Person();

  it('has no demo account; the checklist shows what is missing; once an admin approves a shop and makes a category, a customer orders and pays', async () => {
    // No demo account, no account at all, no product: the seed did not run.
    expect(await count(sql`SELECT count(*)::int AS n FROM users`)).toBe(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM products`)).toBe(0);
    const demo = DEMO_ACCOUNTS.map((a) => a.email);
    for (const email of demo)
      expect((await admin.call('POST', '/api/user/login', { email, password: 'whatever#1A' })).statusCode).not.toBe(
        200,
      );

    // The first admin, as `npm run admin:create` makes it, logs in with the printed password.
    const made = await createOrPromoteAdmin(app.ctx.db, 'ops@jara.example.ng', 'Ops');
    expect(made.created).toBe(true);
    await admin.ok('POST', '/api/user/login', { email: made.email, password: made.password });
    const checklist = async () =>
      Object.fromEntries(
        (await admin.ok<ChecklistAnswer>('GET', '/api/admin/checklist')).items.map((i) => [i.key, i.done]),
      );
    // A Paystack test key takes no real money; no SMTP; the default delivery hours; no shop yet.
    // The categories are reference data, loaded at every start.
    expect(await checklist()).toEqual({
      admin: true,
      payments: false,
      smtp: false,
      categories: true,
      delivery_hours: false,
      first_vendor: false,
    });

    // A shop applies; the admin approves it and makes a category for it.
    const vendorEmail = 'mama.put@jara.example.ng';
    await vendor.ok('POST', '/api/user/register', { name: 'Mama Put', email: vendorEmail, password: 'MamaPut#2026' });
    const places = await vendor.ok<SuggestionsAnswer>('GET', '/api/geocoding/search?q=gate');
    const photo = await vendor.upload('/api/seller/upload?kind=profile');
    const applied = await vendor.ok<{ vendor: { _id: string } }>('POST', '/api/seller/apply', {
      businessName: 'Mama Put',
      kind: 'food',
      phone: '08031234567',
      placeId: places.data[0]!.place_id,
      openingHours: EVERY_DAY,
      profilePhoto: photo,
    });
    const approved = await admin.ok<{ results: { ok: boolean }[] }>('POST', '/api/admin/applications/approve', {
      items: [{ kind: 'vendor', id: applied.vendor._id }],
    });
    expect(approved.results).toEqual([{ kind: 'vendor', id: applied.vendor._id, ok: true }]);
    const image = await admin.upload('/api/admin/upload?kind=category');
    await admin.ok('POST', '/api/admin/categories', { path: 'swallow', text: 'Swallow', image, bgColor: '#fef3c7' });
    expect((await checklist()).first_vendor).toBe(true);

    // The shop adds a product in that category.
    const productImage = await vendor.upload('/api/seller/upload?kind=product');
    const product = await vendor.ok<{ product: { _id: string; options: { _id: string }[] } }>(
      'POST',
      '/api/seller/products',
      {
        name: 'Pounded yam and egusi',
        category: 'swallow',
        images: [productImage],
        options: [{ name: '', price: 1500 }],
      },
    );

    // A customer registers, saves an address, checks out and pays at Paystack.
    const email = 'ada.first@jara.example.ng';
    await customer.ok('POST', '/api/user/register', { name: 'Ada First', email, password: 'AdaFirst#2026' });
    const address = await customer.ok<{ address: { _id: string } }>('POST', '/api/address/add', {
      firstName: 'Ada',
      lastName: 'First',
      email,
      address: 'Hall 2, University of Benin',
      city: 'Benin City',
      state: 'Edo',
      zipcode: '300283',
      country: 'Nigeria',
      phone: '08031234567',
      latitude: 6.39795,
      longitude: 5.6196,
    });
    const { reference } = await customer.ok<{ reference: string }>('POST', '/api/payment/paystack', {
      items: [{ product: product.product._id, optionId: product.product.options[0]!._id, quantity: 2 }],
      address: address.address._id,
      email,
    });
    paystack.pay(reference);
    await customer.ok('GET', `/api/payment/verify?reference=${reference}`);
    const [paid] = await queryRows<{ state: string; n: number }>(
      app.ctx.db,
      sql`SELECT p.state, (SELECT count(*)::int FROM orders o WHERE o.id = p.subject_id) AS n
        FROM payments p WHERE p.reference = ${reference}`,
    );
    expect(paid).toEqual({ state: 'paid', n: 1 });
    // Still no demo account.
    expect(await count(sql`SELECT count(*)::int AS n FROM users WHERE email IN ${demo}`)).toBe(0);
  }, 120_000);
});
