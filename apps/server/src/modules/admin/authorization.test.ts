/**
 * The authorisation matrix of the portals: every vendor, rider and admin route refuses a
 * guest, a customer and the wrong role; a vendor cannot touch another vendor's products or
 * items; a rider cannot act on another rider's job; nobody promotes themself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, createProduct, createUser, json, type TestApp } from '../../../test/helpers.js';
import {
  adminAccount,
  createPaidDispatch,
  createPaidOrder,
  createRiderAccount,
  createVendorAccount,
  EVERY_DAY,
} from '../../../test/factories-portals.js';
import { orderItems, orders } from '../orders/orders.tables.js';
import { productOptions, products } from '../catalogue/catalogue.tables.js';
import { users } from '../auth/auth.tables.js';
import type { ErrorAnswer, SellerOrdersAnswer, SellerProductsAnswer } from '@jara/shared';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.closeAll());

const ID = '00000000-0000-4000-8000-000000000001';
type Route = { method: 'GET' | 'POST'; url: string; body?: object };

const productBody = {
  name: 'X',
  category: 'food',
  images: ['/media/products/x/y.webp'],
  options: [{ name: 'A', price: 100 }],
};
const VENDOR_ROUTES: Route[] = [
  { method: 'POST', url: '/api/seller/open', body: { isOpen: false } },
  { method: 'POST', url: '/api/seller/preparation', body: { preparationMinutes: 20 } },
  { method: 'GET', url: '/api/seller/products' },
  { method: 'POST', url: '/api/seller/products', body: productBody },
  { method: 'POST', url: `/api/seller/products/${ID}`, body: productBody },
  { method: 'POST', url: `/api/seller/products/${ID}/stock`, body: { inStock: false } },
  { method: 'POST', url: `/api/seller/products/${ID}/delete` },
  { method: 'GET', url: '/api/seller/orders?scope=active' },
  { method: 'POST', url: `/api/seller/orders/${ID}/confirm` },
  { method: 'POST', url: `/api/seller/orders/${ID}/decline`, body: { reason: 'Out of stock' } },
  { method: 'GET', url: '/api/seller/earnings' },
  { method: 'POST', url: '/api/seller/payouts' },
];
const RIDER_ROUTES: Route[] = [
  { method: 'POST', url: '/api/rider/online', body: { isOnline: true } },
  { method: 'GET', url: '/api/rider/jobs' },
  { method: 'GET', url: '/api/rider/active' },
  { method: 'GET', url: '/api/rider/history' },
  ...(['accept', 'picked', 'arrived', 'absent'] as const).flatMap((a) => [
    { method: 'POST' as const, url: `/api/rider/jobs/order/${ID}/${a}` },
    { method: 'POST' as const, url: `/api/rider/jobs/dispatch/${ID}/${a}` },
  ]),
  { method: 'POST', url: `/api/rider/jobs/order/${ID}/deliver`, body: { code: '1234' } },
  { method: 'POST', url: `/api/rider/jobs/dispatch/${ID}/deliver`, body: { code: '1234' } },
  { method: 'GET', url: '/api/rider/earnings' },
  { method: 'POST', url: '/api/rider/payouts' },
];
const ADMIN_ROUTES: Route[] = [
  { method: 'GET', url: '/api/admin/applications' },
  { method: 'POST', url: `/api/admin/applications/vendor/${ID}/approve` },
  { method: 'POST', url: `/api/admin/applications/rider/${ID}/reject`, body: { reason: 'No thanks' } },
  { method: 'GET', url: '/api/admin/users' },
  { method: 'GET', url: `/api/admin/users/${ID}` },
  { method: 'POST', url: `/api/admin/users/${ID}/role`, body: { role: 'admin' } },
  { method: 'GET', url: '/api/admin/orders' },
  { method: 'GET', url: `/api/admin/orders/${ID}` },
  { method: 'POST', url: `/api/admin/orders/${ID}/refund`, body: { reason: 'Refund me' } },
  { method: 'GET', url: '/api/admin/refunds' },
  { method: 'GET', url: '/api/admin/refunds?state=pending&source=dispute&from=2026-03-01&to=2026-03-31' },
  { method: 'GET', url: '/api/admin/disputes' },
  { method: 'GET', url: '/api/admin/disputes?state=refunded' },
  { method: 'GET', url: '/api/admin/dispatches' },
  { method: 'GET', url: `/api/admin/dispatches/${ID}` },
  { method: 'GET', url: '/api/admin/riders/low-rated' },
  { method: 'GET', url: '/api/admin/eta-accuracy' },
  { method: 'GET', url: '/api/admin/categories' },
  {
    method: 'POST',
    url: '/api/admin/categories',
    body: { path: 'x', text: 'X', image: '/media/categories/x.webp', bgColor: '#ffffff' },
  },
  { method: 'POST', url: '/api/admin/categories/food/delete' },
  { method: 'GET', url: '/api/admin/banners' },
  { method: 'POST', url: '/api/admin/banners', body: { image: '/media/seed/banner-0.webp', headline: 'X' } },
  { method: 'POST', url: `/api/admin/banners/${ID}`, body: { image: '/media/seed/banner-0.webp', headline: 'X' } },
  { method: 'POST', url: `/api/admin/banners/${ID}/delete` },
  { method: 'POST', url: '/api/admin/upload?kind=banner' },
  { method: 'GET', url: '/api/admin/outbox' },
  { method: 'GET', url: '/api/admin/reconciliation' },
  { method: 'GET', url: `/api/admin/reconciliation/${ID}` },
  { method: 'POST', url: '/api/admin/reconciliation', body: { day: '2026-03-02' } },
];

const call = (r: Route, cookie?: string) =>
  app.inject({
    method: r.method,
    url: r.url,
    headers: cookie ? { cookie } : {},
    ...(r.method === 'POST' ? { payload: r.body ?? {} } : {}),
  });

async function expectRefused(routes: Route[], cookie: string | undefined, status: number) {
  for (const r of routes) {
    const res = await call(r, cookie);
    expect(res.statusCode, `${r.method} ${r.url}`).toBe(status);
    expect(json<ErrorAnswer>(res).success).toBe(false);
  }
}

describe('role matrix', () => {
  it('a guest gets 401 everywhere', async () => {
    await expectRefused([...VENDOR_ROUTES, ...RIDER_ROUTES, ...ADMIN_ROUTES], undefined, 401);
  });

  it('a customer gets 403 on every vendor, rider and admin route', async () => {
    const { cookie } = await createUser(app);
    await expectRefused([...VENDOR_ROUTES, ...RIDER_ROUTES, ...ADMIN_ROUTES], cookie, 403);
  });

  it('a vendor is refused rider and admin routes; a rider vendor and admin routes; support all three', async () => {
    const v = await createVendorAccount(app);
    await expectRefused([...RIDER_ROUTES, ...ADMIN_ROUTES], v.cookie, 403);
    const r = await createRiderAccount(app);
    await expectRefused([...VENDOR_ROUTES, ...ADMIN_ROUTES], r.cookie, 403);
    const s = await createUser(app, { role: 'support' });
    await expectRefused([...VENDOR_ROUTES, ...RIDER_ROUTES, ...ADMIN_ROUTES], s.cookie, 403);
  });

  it('a user with the vendor role but no approved shop, or a rider not approved, is refused', async () => {
    const v = await createUser(app, { role: 'vendor' });
    expect((await call({ method: 'GET', url: '/api/seller/products' }, v.cookie)).statusCode).toBe(403);
    const r = await createRiderAccount(app, { status: 'pending' });
    await app.ctx.db
      .update(users)
      .set({ roles: ['customer', 'rider'] })
      .where(eq(users.id, r.user.id));
    expect((await call({ method: 'GET', url: '/api/rider/jobs' }, r.cookie)).statusCode).toBe(403);
  });
});

describe('ownership', () => {
  it("a vendor cannot read or change another vendor's products or order items", async () => {
    const a = await createVendorAccount(app);
    const b = await createVendorAccount(app);
    const { product } = await createProduct(app, a.vendor.id);
    const customer = await createUser(app);
    const { order } = await createPaidOrder(app, customer.user.id, [{ vendorId: a.vendor.id }]);
    const body = { name: 'Stolen', category: 'food', images: product.images, options: [{ name: 'A', price: 1 }] };
    for (const r of [
      { method: 'POST' as const, url: `/api/seller/products/${product.id}`, body },
      { method: 'POST' as const, url: `/api/seller/products/${product.id}/stock`, body: { inStock: false } },
      { method: 'POST' as const, url: `/api/seller/products/${product.id}/delete` },
      { method: 'POST' as const, url: `/api/seller/orders/${order.id}/confirm` },
      { method: 'POST' as const, url: `/api/seller/orders/${order.id}/decline`, body: { reason: 'Sabotage' } },
    ]) {
      expect((await call(r, b.cookie)).statusCode, r.url).toBe(404);
    }
    expect(
      json<SellerProductsAnswer>(await call({ method: 'GET', url: '/api/seller/products' }, b.cookie)).products,
    ).toHaveLength(0);
    expect(
      json<SellerOrdersAnswer>(await call({ method: 'GET', url: '/api/seller/orders?scope=today' }, b.cookie)).orders,
    ).toHaveLength(0);
    const [p] = await app.ctx.db.select().from(products).where(eq(products.id, product.id));
    expect(p).toMatchObject({ name: product.name, inStock: true, deletedAt: null });
    const [opt] = await app.ctx.db.select().from(productOptions).where(eq(productOptions.productId, product.id));
    expect(opt!.priceKobo).toBe(150_000);
    const items = await app.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(items.every((i) => i.status === 'Order Placed')).toBe(true);
    // Confirming only a given item of another vendor does nothing either.
    expect(
      (
        await call(
          { method: 'POST', url: `/api/seller/orders/${order.id}/confirm`, body: { itemIds: [items[0]!.id] } },
          b.cookie,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('a rider cannot act on a job that is not theirs, and cannot use its code', async () => {
    const v = await createVendorAccount(app);
    const customer = await createUser(app);
    const { order } = await createPaidOrder(app, customer.user.id, [{ vendorId: v.vendor.id }], {
      status: 'Order Confirmed',
    });
    const d = await createPaidDispatch(app, customer.user.id);
    const owner = await createRiderAccount(app);
    const other = await createRiderAccount(app);
    expect(
      (await call({ method: 'POST', url: `/api/rider/jobs/order/${order.id}/accept` }, owner.cookie)).statusCode,
    ).toBe(200);
    // The other rider may not hold a job to be refused for these reasons.
    for (const a of ['picked', 'arrived', 'absent']) {
      expect(
        (await call({ method: 'POST', url: `/api/rider/jobs/order/${order.id}/${a}` }, other.cookie)).statusCode,
        a,
      ).toBe(404);
    }
    await call({ method: 'POST', url: `/api/rider/jobs/order/${order.id}/picked` }, owner.cookie);
    for (let i = 0; i < 6; i++) {
      expect(
        (
          await call(
            { method: 'POST', url: `/api/rider/jobs/order/${order.id}/deliver`, body: { code: '1234' } },
            other.cookie,
          )
        ).statusCode,
      ).toBe(404);
    }
    const [o] = await app.ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(o).toMatchObject({ codeAttempts: 0, lockedAt: null, riderId: owner.user.id });
    // Dispatch: the same.
    const third = await createRiderAccount(app);
    await call({ method: 'POST', url: `/api/rider/jobs/dispatch/${d.id}/accept` }, third.cookie);
    expect(
      (await call({ method: 'POST', url: `/api/rider/jobs/dispatch/${d.id}/picked` }, other.cookie)).statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          { method: 'POST', url: `/api/rider/jobs/dispatch/${d.id}/deliver`, body: { code: '4321' } },
          other.cookie,
        )
      ).statusCode,
    ).toBe(404);
    // The customer (who knows the code) cannot use a rider route to deliver.
    expect(
      (
        await call(
          { method: 'POST', url: `/api/rider/jobs/order/${order.id}/deliver`, body: { code: '1234' } },
          customer.cookie,
        )
      ).statusCode,
    ).toBe(403);
    // A rider cannot take their own order (they would know the code).
    const riderCustomer = await createRiderAccount(app);
    const own = await createPaidOrder(app, riderCustomer.user.id, [{ vendorId: v.vendor.id }], {
      status: 'Order Confirmed',
    });
    expect(
      (await call({ method: 'POST', url: `/api/rider/jobs/order/${own.order.id}/accept` }, riderCustomer.cookie))
        .statusCode,
    ).toBe(409);
  });
});

describe('nobody promotes themself', () => {
  it('applying never changes a role; only an admin changes roles and never their own', async () => {
    const c = await createUser(app);
    await call(
      {
        method: 'POST',
        url: '/api/rider/apply',
        body: { name: 'Me', phone: '08031234567', dateOfBirth: '2000-01-01', vehicle: 'bicycle', acceptTerms: true },
      },
      c.cookie,
    );
    expect(
      (
        await call(
          { method: 'POST', url: `/api/admin/users/${c.user.id}/role`, body: { role: 'admin', grant: true } },
          c.cookie,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await call({ method: 'POST', url: `/api/admin/applications/rider/${ID}/approve` }, c.cookie)).statusCode,
    ).toBe(403);
    const [u] = await app.ctx.db.select().from(users).where(eq(users.id, c.user.id));
    expect(u!.roles).toEqual(['customer']);
    // A role in the application body is refused outright.
    expect(
      (
        await call(
          {
            method: 'POST',
            url: '/api/seller/apply',
            body: {
              businessName: 'X',
              kind: 'food',
              phone: '08031234567',
              placeId: 'p',
              openingHours: EVERY_DAY,
              profilePhoto: '/media/vendors/x/y.webp',
              role: 'vendor',
            },
          },
          c.cookie,
        )
      ).statusCode,
    ).toBe(400);
    const admin = await adminAccount(app);
    expect(
      (
        await call(
          { method: 'POST', url: `/api/admin/users/${admin.user.id}/role`, body: { role: 'customer', grant: true } },
          admin.cookie,
        )
      ).statusCode,
    ).toBe(403);
    const vendor = await createVendorAccount(app);
    expect(
      (
        await call(
          { method: 'POST', url: `/api/admin/users/${vendor.user.id}/role`, body: { role: 'admin', grant: true } },
          vendor.cookie,
        )
      ).statusCode,
    ).toBe(403);
  });
});
