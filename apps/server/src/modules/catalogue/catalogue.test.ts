import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type {
  ErrorAnswer,
  HealthAnswer,
  HomeContentAnswer,
  ProductListAnswer,
  VendorAnswer,
  VendorListAnswer,
} from '@jara/shared';
import {
  buildTestApp,
  catalogueWritten,
  createProduct,
  createVendor,
  json,
  type TestApp,
} from '../../../test/helpers.js';
import { products } from './catalogue.tables.js';
import { banners } from './catalogue.tables.js';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.closeAll());

describe('catalogue API', () => {
  it('lists live products of approved vendors with options as naira numbers', async () => {
    const vendor = await createVendor(app);
    const { product } = await createProduct(app, vendor.id, {
      options: [
        { name: 'Small', priceKobo: 150_050, offerPriceKobo: 120_000 },
        { name: 'Large', priceKobo: 250_000 },
      ],
    });
    const hidden = await createVendor(app, { status: 'pending' });
    const { product: pendingProduct } = await createProduct(app, hidden.id);
    const { product: deleted } = await createProduct(app, vendor.id);
    await app.ctx.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, deleted.id));
    await catalogueWritten(app);

    const res = await app.inject({ url: '/api/product/list' });
    expect(res.statusCode).toBe(200);
    const list = json<ProductListAnswer>(res).products;
    const found = list.find((p) => p._id === product.id)!;
    expect(found).toMatchObject({
      vendorId: vendor.id,
      category: 'food',
      inStock: true,
      image: ['/media/seed/products/x-0.webp'],
    });
    expect(found.options).toEqual([
      expect.objectContaining({ name: 'Small', price: 1500.5, offerPrice: 1200 }),
      expect.objectContaining({ name: 'Large', price: 2500, offerPrice: null }),
    ]);
    expect(list.some((p) => p._id === pendingProduct.id)).toBe(false);
    expect(list.some((p) => p._id === deleted.id)).toBe(false);
  });

  it('answers with an ETag and 304 when unchanged, compressed when asked', async () => {
    const vendor = await createVendor(app);
    for (let i = 0; i < 6; i++) await createProduct(app, vendor.id);
    const first = await app.inject({ url: '/api/product/list', headers: { 'accept-encoding': 'gzip' } });
    expect(first.headers['content-encoding']).toBe('gzip');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await app.inject({ url: '/api/product/list', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });

  it('shows vendors and one vendor, 404 for unknown or malformed ids', async () => {
    const vendor = await createVendor(app, { businessName: 'Mama Put Ugbowo' });
    const list = json<VendorListAnswer>(await app.inject({ url: '/api/seller/list' })).vendors;
    expect(list.some((v) => v._id === vendor.id)).toBe(true);
    const one = json<VendorAnswer>(await app.inject({ url: `/api/seller/vendor/${vendor.id}` }));
    expect(one.vendor).toMatchObject({ _id: vendor.id, businessName: 'Mama Put Ugbowo', isOpen: true });
    expect((await app.inject({ url: `/api/seller/vendor/${crypto.randomUUID()}` })).statusCode).toBe(404);
    expect((await app.inject({ url: "/api/seller/vendor/1' or '1'='1" })).statusCode).toBe(404);
  });

  it('shows the default home banners until an admin adds active ones', async () => {
    const before = json<HomeContentAnswer>(await app.inject({ url: '/api/content/home' }));
    expect(before.banners).toHaveLength(2);
    expect(before.slides).toHaveLength(4);
    await app.ctx.db.insert(banners).values([
      {
        image: '/media/banners/a.webp',
        headline: 'Exam week snacks',
        text: 'Stay up',
        link: '/products/food',
        position: 0,
      },
      { image: '/media/banners/b.webp', headline: 'Hidden', active: false },
    ]);
    await catalogueWritten(app);
    const after = json<HomeContentAnswer>(await app.inject({ url: '/api/content/home' }));
    expect(after.banners).toEqual([
      { image: '/media/banners/a.webp', headline: 'Exam week snacks', text: 'Stay up', link: '/products/food' },
    ]);
  });

  it('answers unknown API paths with the error envelope', async () => {
    const res = await app.inject({ url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(json<ErrorAnswer>(res)).toEqual({ success: false, message: 'Not found.', code: 'not_found' });
  });

  it('serves the health check and security headers', async () => {
    const res = await app.inject({ url: '/api/health' });
    expect(json<HealthAnswer>(res)).toMatchObject({ success: true });
    // An API answer is data: a policy that lets nothing run in it or frame it (lib/security-headers.ts).
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
