/**
 * The catalogue answered from memory (decision 0011): the same bytes as built from the database,
 * every write path shows on the next request, "open now" follows the clock, a matching
 * revalidation needs no database, and (PostgreSQL + Redis) another instance follows in a second.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import {
  buildTestApp,
  catalogueWritten,
  createProduct,
  createUser,
  createVendor,
  ensureCategory,
  freshDatabase,
  json,
  unique,
  type TestApp,
} from '../../../test/helpers.js';
import sharp from 'sharp';
import type {
  BannerAnswer,
  BannersAnswer,
  CategoryListAnswer,
  GeocodingListAnswer,
  HomeContentAnswer,
  ImageUploadAnswer,
  ProductListAnswer,
  SellerProductSavedAnswer,
  SuggestionsAnswer,
  VendorAnswer,
  VendorListAnswer,
} from '@jara/shared';
import { adminAccount, createVendorAccount, multipartImage } from '../../../test/factories-portals.js';
import { openPostgres, queryRows, type Database } from '../../infra/db/client.js';
import { places } from '../geocoding/geocoding.tables.js';
import { productOptions, products, vendors } from './catalogue.tables.js';
import { banners } from './catalogue.tables.js';
import { listProducts, listVendors, toVendorDto } from './catalogue.repo.js';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.closeAll());

let png: Buffer;
beforeAll(async () => {
  png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#cc3300' } })
    .png()
    .toBuffer();
});
async function upload(url: string, cookie: string): Promise<string> {
  const m = multipartImage(png);
  return json<ImageUploadAnswer>(
    await app.inject({ method: 'POST', url, headers: { cookie, ...m.headers }, payload: m.payload }),
  ).url;
}

const post = (url: string, cookie: string, payload: object = {}) =>
  app.inject({ method: 'POST', url, headers: { cookie }, payload });
const list = async (a: TestApp = app) => json<ProductListAnswer>(await a.inject({ url: '/api/product/list' })).products;
const shops = async () => json<VendorListAnswer>(await app.inject({ url: '/api/seller/list' })).vendors;

/**
 * The factories write straight to the database, as another process would: the embedded
 * database's NOTIFY tells the app at once, PostgreSQL's instance learns at its next revision
 * check (every second, or after its own writes), done here at once.
 */
const factoriesWrote = (a: TestApp = app) => catalogueWritten(a);

async function revisions(a: TestApp = app) {
  const rows = await queryRows<{ section: string; rev: string }>(
    a.ctx.db,
    sql`SELECT section, rev::text AS rev FROM catalogue_revisions`,
  );
  return Object.fromEntries(rows.map((r) => [r.section, Number(r.rev)]));
}

describe('catalogue from memory', () => {
  it('answers byte for byte what the database gives, plain, gzip and brotli', async () => {
    const v = await createVendor(app);
    for (let i = 0; i < 4; i++)
      await createProduct(app, v.id, {
        options: [
          { name: 'Small', priceKobo: 150_050, offerPriceKobo: 120_000 },
          { name: 'Large', priceKobo: 250_000 },
        ],
      });
    const expected = JSON.stringify({ success: true, products: await listProducts(app.ctx.db) });
    const plain = await app.inject({ url: '/api/product/list' });
    expect(plain.body).toBe(expected);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    const gz = await app.inject({ url: '/api/product/list', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(expected);
    const br = await app.inject({ url: '/api/product/list', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(expected);
    expect(new Set([plain.headers.etag, gz.headers.etag, br.headers.etag]).size).toBe(3);
    // A revalidation with any of them is a 304; an unknown query parameter is refused, as everywhere.
    for (const tag of [plain.headers.etag, gz.headers.etag, br.headers.etag]) {
      expect(
        (await app.inject({ url: '/api/product/list', headers: { 'if-none-match': String(tag) } })).statusCode,
      ).toBe(304);
    }
    expect((await app.inject({ url: '/api/product/list?page=2&x=y' })).statusCode).toBe(400);
    const vendorsExpected = JSON.stringify({
      success: true,
      vendors: (await listVendors(app.ctx.db)).map((r) => toVendorDto(r)),
    });
    expect((await app.inject({ url: '/api/seller/list' })).body).toBe(vendorsExpected);
  });

  it('every statement writing a catalogue table moves its revision', async () => {
    const v = await createVendor(app);
    const { product, options } = await createProduct(app, v.id);
    const writes: [string, 'catalogue' | 'places', () => Promise<unknown>][] = [
      [
        'products',
        'catalogue',
        () => app.ctx.db.update(products).set({ name: 'Renamed' }).where(eq(products.id, product.id)),
      ],
      [
        'product_options',
        'catalogue',
        () => app.ctx.db.update(productOptions).set({ priceKobo: 99_900 }).where(eq(productOptions.id, options[0]!.id)),
      ],
      ['vendors', 'catalogue', () => app.ctx.db.update(vendors).set({ isOpen: false }).where(eq(vendors.id, v.id))],
      ['categories', 'catalogue', () => ensureCategory(app, `c${unique()}`.toLowerCase(), 'New')],
      [
        'banners',
        'catalogue',
        () => app.ctx.db.insert(banners).values({ image: '/media/banners/z.webp', headline: 'Z', active: false }),
      ],
      [
        'places',
        'places',
        () =>
          app.ctx.db
            .insert(places)
            .values({ placeId: `test:${unique()}`, displayName: 'Somewhere', lat: 6.4, lon: 5.6 }),
      ],
    ];
    for (const [table, section, write] of writes) {
      const before = await revisions();
      await write();
      expect((await revisions())[section], table).toBeGreaterThan(before[section]!);
    }
  });

  it("shows a vendor's new product, edit, stock change and deletion on the next request", async () => {
    const v = await createVendorAccount(app);
    const { product } = await createProduct(app, v.vendor.id);
    expect((await list()).some((p) => p._id === product.id)).toBe(true);
    const input = {
      name: 'Beef suya',
      category: 'food',
      images: product.images,
      options: [{ name: 'Large', price: 1100 }],
    };
    const image = await upload('/api/seller/upload?kind=product', v.cookie);
    const created = json<SellerProductSavedAnswer>(
      await post('/api/seller/products', v.cookie, { ...input, name: 'Fresh zobo', images: [image] }),
    );
    expect((await list()).find((p) => p._id === created.product._id)?.name).toBe('Fresh zobo');
    expect((await post(`/api/seller/products/${product.id}`, v.cookie, input)).statusCode).toBe(200);
    expect((await list()).find((p) => p._id === product.id)?.name).toBe('Beef suya');
    expect((await post(`/api/seller/products/${product.id}/stock`, v.cookie, { inStock: false })).statusCode).toBe(200);
    expect((await list()).find((p) => p._id === product.id)?.inStock).toBe(false);
    expect((await post(`/api/seller/products/${product.id}/delete`, v.cookie)).statusCode).toBe(200);
    expect((await list()).some((p) => p._id === product.id)).toBe(false);
  });

  it('asks the database once per text search and snapshot, shared by people searching at once; an edit shows next', async () => {
    const v = await createVendorAccount(app);
    await ensureCategory(app);
    await factoriesWrote();
    const image = await upload('/api/seller/upload?kind=product', v.cookie);
    const input = { name: 'Ogbono soup', category: 'food', images: [image], options: [{ name: 'Bowl', price: 1500 }] };
    const res = await post('/api/seller/products', v.cookie, input);
    expect(res.statusCode, res.body).toBe(200);
    const created = json<SellerProductSavedAnswer>(res);
    const search = async () =>
      json<ProductListAnswer>(await app.inject({ url: '/api/product/list?q=ogbono' })).products.find(
        (p) => p._id === created.product._id,
      )?.name;
    // Every text search is one database transaction (searchProducts): count them.
    const db = app.ctx.db;
    const transaction = db.transaction;
    let searches = 0;
    db.transaction = ((...args: Parameters<typeof transaction>) => {
      searches += 1;
      return transaction(...args);
    }) as typeof transaction;
    try {
      expect(await Promise.all([search(), search(), search()])).toEqual(['Ogbono soup', 'Ogbono soup', 'Ogbono soup']);
      expect(searches).toBe(1);
      expect(await search()).toBe('Ogbono soup');
      expect(searches).toBe(1);
      const edited = { ...input, name: 'Ogbono soup with pounded yam' };
      expect((await post(`/api/seller/products/${created.product._id}`, v.cookie, edited)).statusCode).toBe(200);
      const afterEdit = searches;
      expect(await search()).toBe('Ogbono soup with pounded yam');
      expect(searches).toBe(afterEdit + 1);
    } finally {
      db.transaction = transaction;
    }
  });

  it('shows a shop closed as soon as it closes, and an approved shop with its products', async () => {
    const v = await createVendorAccount(app);
    await factoriesWrote();
    expect((await shops()).find((s) => s._id === v.vendor.id)?.isOpen).toBe(true);
    expect((await post('/api/seller/open', v.cookie, { isOpen: false })).statusCode).toBe(200);
    expect((await shops()).find((s) => s._id === v.vendor.id)?.isOpen).toBe(false);
    expect(json<VendorAnswer>(await app.inject({ url: `/api/seller/vendor/${v.vendor.id}` })).vendor.isOpen).toBe(
      false,
    );

    const admin = await adminAccount(app);
    const applicant = await createUser(app);
    const pending = await createVendor(app, { userId: applicant.user.id, status: 'pending' });
    const { product } = await createProduct(app, pending.id);
    await factoriesWrote();
    expect((await shops()).some((s) => s._id === pending.id)).toBe(false);
    expect((await list()).some((p) => p._id === product.id)).toBe(false);
    expect((await app.inject({ url: `/api/seller/vendor/${pending.id}` })).statusCode).toBe(404);
    expect((await post(`/api/admin/applications/vendor/${pending.id}/approve`, admin.cookie)).statusCode).toBe(200);
    expect((await shops()).some((s) => s._id === pending.id)).toBe(true);
    expect((await list()).some((p) => p._id === product.id)).toBe(true);
    expect((await app.inject({ url: `/api/seller/vendor/${pending.id}` })).statusCode).toBe(200);
  });

  it("shows an admin's categories and banners at once", async () => {
    const admin = await adminAccount(app);
    const path = `cat${unique()}`.toLowerCase().replace(/[^a-z0-9]/g, '');
    const image = await upload('/api/admin/upload?kind=category', admin.cookie);
    expect(
      (
        await post('/api/admin/categories', admin.cookie, {
          path,
          text: 'Stationery',
          image,
          bgColor: '#e0f2fe',
          position: 9,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      json<CategoryListAnswer>(await app.inject({ url: '/api/category/list' })).categories.map((c) => c.path),
    ).toContain(path);
    expect((await post(`/api/admin/categories/${path}/delete`, admin.cookie)).statusCode).toBe(200);
    expect(
      json<CategoryListAnswer>(await app.inject({ url: '/api/category/list' })).categories.map((c) => c.path),
    ).not.toContain(path);
    const b = json<BannerAnswer>(
      await post('/api/admin/banners', admin.cookie, {
        image: '/media/seed/banner-0.webp',
        headline: 'Exam week deals',
        link: '/products/food',
      }),
    ).banner;
    expect(
      json<HomeContentAnswer>(await app.inject({ url: '/api/content/home' })).banners.map((x) => x.headline),
    ).toContain('Exam week deals');
    expect(json<BannersAnswer>(await app.inject({ url: '/api/content/banners' })).banners.map((x) => x._id)).toContain(
      b._id,
    );
    expect((await post(`/api/admin/banners/${b._id}/delete`, admin.cookie)).statusCode).toBe(200);
    expect(
      json<HomeContentAnswer>(await app.inject({ url: '/api/content/home' })).banners.map((x) => x.headline),
    ).not.toContain('Exam week deals');
  });

  it('"open now" flips when the clock passes the closing time, with no write', async () => {
    // Mondays 09:00–17:00 Lagos time (UTC+1).
    const hours = { '1': { open: '09:00', close: '17:00' } };
    const v = await createVendor(app, { openingHours: hours });
    await factoriesWrote();
    const store = app.services.catalogue;
    const real = store.now;
    try {
      store.now = () => new Date('2026-11-23T15:59:00Z'); // Monday 16:59 in Lagos
      const before = await app.inject({ url: '/api/seller/list' });
      expect(json<VendorListAnswer>(before).vendors.find((s) => s._id === v.id)?.isOpen).toBe(true);
      expect(json<VendorAnswer>(await app.inject({ url: `/api/seller/vendor/${v.id}` })).vendor.isOpen).toBe(true);
      store.now = () => new Date('2026-11-23T16:00:00Z'); // 17:00: closed
      const after = await app.inject({
        url: '/api/seller/list',
        headers: { 'if-none-match': String(before.headers.etag) },
      });
      expect(after.statusCode).toBe(200);
      expect(json<VendorListAnswer>(after).vendors.find((s) => s._id === v.id)?.isOpen).toBe(false);
      expect(json<VendorAnswer>(await app.inject({ url: `/api/seller/vendor/${v.id}` })).vendor.isOpen).toBe(false);
      store.now = () => new Date('2026-11-30T08:00:00Z'); // next Monday 09:00: open again
      expect(json<VendorAnswer>(await app.inject({ url: `/api/seller/vendor/${v.id}` })).vendor.isOpen).toBe(true);
    } finally {
      store.now = real;
    }
  });
});

describe('no database work while the snapshot is current', () => {
  it('answers the list, a shop, the gazetteer and 304s with the database closed', async () => {
    const fresh = await freshDatabase();
    const other = await buildTestApp({ CATALOGUE_CHECK_MS: '0' }, fresh.database);
    try {
      const v = await createVendor(other);
      await createProduct(other, v.id);
      const first = await other.inject({ url: '/api/product/list', headers: { 'accept-encoding': 'gzip' } });
      const shop = await other.inject({ url: `/api/seller/vendor/${v.id}` });
      const gazetteer = await other.inject({ url: '/api/geocoding/fetchAddresses' });
      await fresh.database.close();
      // Any query now fails: the answers below come from memory alone.
      await expect(queryRows(fresh.database.db, sql`select 1`)).rejects.toThrow();
      const again = await other.inject({
        url: '/api/product/list',
        headers: { 'accept-encoding': 'gzip', 'if-none-match': String(first.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
      const plain = await other.inject({ url: '/api/product/list', headers: { 'accept-encoding': 'gzip' } });
      expect(plain.statusCode).toBe(200);
      expect(plain.rawPayload.equals(first.rawPayload)).toBe(true);
      expect((await other.inject({ url: `/api/seller/vendor/${v.id}` })).body).toBe(shop.body);
      expect(
        (
          await other.inject({
            url: '/api/geocoding/fetchAddresses',
            headers: { 'if-none-match': String(gazetteer.headers.etag) },
          })
        ).statusCode,
      ).toBe(304);
    } finally {
      await other.close().catch(() => undefined);
      await fresh.drop();
    }
  }, 120_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('instances on PostgreSQL', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  const dbs: Database[] = [];
  const apps: TestApp[] = [];

  beforeAll(async () => {
    fresh = await freshDatabase();
  });
  afterAll(async () => {
    for (const a of apps) await a.close();
    for (const d of dbs) await d.close();
    await fresh.database.close();
    await fresh.drop();
  });

  async function instance(env: Record<string, string>) {
    const db = await openPostgres(fresh.url!, 5);
    dbs.push(db);
    const a = await buildTestApp(env, db);
    apps.push(a);
    return a;
  }

  /** Polls until `check` holds (fails the test after `ms`); returns how long it took. */
  async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
    const start = Date.now();
    await expect.poll(check, { timeout: ms, interval: 20 }).toBe(true);
    return Date.now() - start;
  }

  it.skipIf(!process.env.REDIS_URL)(
    "a vendor's edit on A shows on B within about a second (Redis, no periodic check)",
    async () => {
      const prefix = `test:${unique()}:`;
      const a = await instance({ REDIS_PREFIX: prefix, CATALOGUE_CHECK_MS: '0' });
      const b = await instance({ REDIS_PREFIX: prefix, CATALOGUE_CHECK_MS: '0' });
      const v = await createVendorAccount(a);
      const { product } = await createProduct(a, v.vendor.id);
      // A's revision check after the factories' writes is what tells B; both then show the product.
      await factoriesWrote(a);
      await within(2_000, async () => (await list(b)).some((p) => p._id === product.id));
      expect((await list(b)).find((p) => p._id === product.id)?.inStock).toBe(true);
      const res = await a.inject({
        method: 'POST',
        url: `/api/seller/products/${product.id}/stock`,
        headers: { cookie: v.cookie },
        payload: { inStock: false },
      });
      expect(res.statusCode).toBe(200);
      // The same instance: the very next request.
      expect((await list(a)).find((p) => p._id === product.id)?.inStock).toBe(false);
      const took = await within(
        1_500,
        async () => (await list(b)).find((p) => p._id === product.id)?.inStock === false,
      );
      expect(took).toBeLessThan(1_500);
    },
  );

  it('without Redis, a write by another process shows within the check interval', async () => {
    const a = await instance({ CATALOGUE_CHECK_MS: '500' });
    const v = await createVendor(a);
    const { product } = await createProduct(a, v.id);
    await within(2_000, async () => (await list(a)).some((p) => p._id === product.id));
    // Written through another pool, as the command-line tools or another instance would.
    await fresh.database.db.update(products).set({ name: 'Written elsewhere' }).where(eq(products.id, product.id));
    await within(1_500, async () => (await list(a)).find((p) => p._id === product.id)?.name === 'Written elsewhere');
  });
});

describe('gazetteer from memory', () => {
  it('suggestions and the full list follow a place import at once', async () => {
    const name = `Zzyzx Lodge ${unique()}`;
    const before = json<SuggestionsAnswer>(await app.inject({ url: '/api/geocoding/search?q=zzyzx' })).data;
    expect(before).toHaveLength(0);
    await app.ctx.db.insert(places).values({
      placeId: `test:${unique()}`,
      displayName: name,
      city: 'Benin City',
      country: 'Nigeria',
      lat: 6.4,
      lon: 5.6,
    });
    await factoriesWrote();
    const after = json<SuggestionsAnswer>(await app.inject({ url: '/api/geocoding/search?q=zzyzx' })).data;
    expect(after.map((p) => p.display_name)).toContain(name);
    const all = json<GeocodingListAnswer>(await app.inject({ url: '/api/geocoding/fetchAddresses' })).data;
    expect(all.map((p) => p.display_name)).toContain(name);
  });
});
