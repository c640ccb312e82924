import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import {
  buildTestApp,
  catalogueWritten,
  createProduct,
  createUser,
  createVendor,
  ensureCategory,
  json,
  type TestApp,
} from '../../../test/helpers.js';
import { createPaidOrder } from '../../../test/factories-portals.js';
import { unitsSold } from '../orders/index.js';
import { orderItems, orders } from '../orders/orders.tables.js';
import { productOptions, products } from './catalogue.tables.js';
import { PRODUCT_SORTS, type ErrorAnswer, type ProductListAnswer, type ProductListQuery } from '@jara/shared';
import { searchProducts } from './product-search.js';

let app: TestApp;
let ids: Record<string, string>;
beforeAll(async () => {
  app = await buildTestApp();
  // Monday 12:00 Lagos
  app.ctx.clock = { now: () => new Date('2026-11-23T11:00:00Z') };
  await ensureCategory(app, 'phone-accessories', 'Phone Accessories');
  const kitchen = await createVendor(app, { businessName: 'Mama Osas Kitchen' });
  const night = await createVendor(app, {
    businessName: 'Night Suya',
    openingHours: Object.fromEntries([...'0123456'].map((d) => [d, { open: '18:00', close: '02:00' }])),
  });
  const gadgets = await createVendor(app, { businessName: 'GadgetHub', kind: 'goods' });
  const make = async (
    vendorId: string,
    name: string,
    priceKobo: number,
    opts: { category?: string; inStock?: boolean; offerPriceKobo?: number } = {},
  ) => {
    const { product } = await createProduct(app, vendorId, {
      category: opts.category,
      inStock: opts.inStock,
      options: [{ name: 'Default Option', priceKobo, offerPriceKobo: opts.offerPriceKobo }],
    });
    await app.ctx.db.update(products).set({ name }).where(eq(products.id, product.id));
    return product.id;
  };
  ids = {
    jollof: await make(kitchen.id, 'Jollof Rice and Chicken', 280_000),
    fried: await make(kitchen.id, 'Fried Rice', 250_000, { offerPriceKobo: 200_000 }),
    suya: await make(night.id, 'Beef Suya', 150_000),
    charger: await make(gadgets.id, 'Fast Charger 20W', 650_000, { category: 'phone-accessories' }),
    case: await make(gadgets.id, 'Phone Case', 300_000, { category: 'phone-accessories', inStock: false }),
  };
});
afterAll(() => app.closeAll());

const list = async (qs: string) => {
  const res = await app.inject({ url: `/api/product/list?${qs}` });
  expect(res.statusCode).toBe(200);
  return json<ProductListAnswer>(res)
    .products.map((p) => p.name)
    .filter((n) => !n.startsWith('Product '));
};

describe('product search, filters and sort', () => {
  it('forgives typos: "jolof" finds Jollof Rice; vendor and category names match too', async () => {
    expect(await list('q=jolof')).toEqual(['Jollof Rice and Chicken']);
    expect(await list('q=jollof%20rice')).toEqual(['Jollof Rice and Chicken', 'Fried Rice']);
    expect(await list('q=charjer')).toEqual(['Fast Charger 20W']);
    expect(await list('q=mama%20osas')).toEqual(expect.arrayContaining(['Jollof Rice and Chicken', 'Fried Rice']));
    expect(await list('q=phone%20acessories')).toEqual(expect.arrayContaining(['Fast Charger 20W', 'Phone Case']));
    expect(await list('q=zzqxw')).toEqual([]);
  });

  it('filters by category, price (the shown price), in stock and open now', async () => {
    expect(await list('category=phone-accessories')).toEqual(['Fast Charger 20W', 'Phone Case']);
    expect(await list('category=phone-accessories&inStock=true')).toEqual(['Fast Charger 20W']);
    // Fried Rice shows its offer price, ₦2,000.
    expect(await list('minPrice=1000&maxPrice=2000&category=food')).toEqual(['Fried Rice', 'Beef Suya']);
    // At 12:00 Lagos the suya spot (18:00–02:00) is closed.
    expect(await list('open=true&category=food')).toEqual(['Jollof Rice and Chicken', 'Fried Rice']);
    app.ctx.clock = { now: () => new Date('2026-11-23T23:30:00Z') }; // 00:30 Tuesday, Monday's hours
    expect(await list('open=true&category=food')).toContain('Beef Suya');
    app.ctx.clock = { now: () => new Date('2026-11-23T11:00:00Z') };
  });

  it('sorts by price, newest and popularity from paid sales (cancelled and unpaid left out)', async () => {
    expect(await list('category=food&sort=price-asc')).toEqual(['Beef Suya', 'Fried Rice', 'Jollof Rice and Chicken']);
    expect(await list('category=food&sort=price-desc')).toEqual(['Jollof Rice and Chicken', 'Fried Rice', 'Beef Suya']);
    expect(await list('category=food&sort=newest')).toEqual(['Beef Suya', 'Fried Rice', 'Jollof Rice and Chicken']);

    const customer = await createUser(app);
    const sell = async (
      productId: string,
      quantity: number,
      opts: { state?: 'paid' | 'awaiting'; status?: string } = {},
    ) => {
      const { order, items } = await createPaidOrder(app, customer.user.id, [
        {
          vendorId: (await app.ctx.db.select().from(products).where(eq(products.id, productId)))[0]!.vendorId,
          quantity,
        },
      ]);
      // Point the item at the product being sold.
      await app.ctx.db
        .update(orderItems)
        .set({ productId, status: opts.status ?? 'Order Delivered' })
        .where(eq(orderItems.id, items[0]!.id));
      if (opts.state) await app.ctx.db.update(orders).set({ paymentState: opts.state }).where(eq(orders.id, order.id));
    };
    await sell(ids.suya!, 3);
    await sell(ids.charger!, 2);
    await sell(ids.fried!, 9, { state: 'awaiting' });
    await sell(ids.jollof!, 9, { status: 'Order Cancelled' });
    const popular = await list('sort=popular&inStock=true');
    expect(popular.slice(0, 2)).toEqual(['Beef Suya', 'Fast Charger 20W']);
    expect(popular).not.toContain('Phone Case');
    // With a limit (the home page's five best sellers)
    const res = json<ProductListAnswer>(
      await app.inject({ url: '/api/product/list?sort=popular&inStock=true&limit=2' }),
    );
    expect(res.products).toHaveLength(2);
  });

  it('keeps the spec answer without parameters and refuses bad ones', async () => {
    const plain = json<ProductListAnswer>(await app.inject({ url: '/api/product/list' }));
    expect(plain.products.length).toBeGreaterThanOrEqual(5);
    for (const qs of [
      'sort=cheapest',
      'minPrice=abc',
      'minPrice=500&maxPrice=100',
      'open=maybe',
      'category=Food%20%26%20Drinks',
      'colour=red',
    ]) {
      const res = await app.inject({ url: `/api/product/list?${qs}` });
      expect(res.statusCode, qs).toBe(400);
      expect(json<ErrorAnswer>(res).success).toBe(false);
    }
    expect(json<ErrorAnswer>(await app.inject({ url: '/api/product/list?sort=cheapest' })).message).toMatch(
      /^Sort by one of/,
    );
  });

  it('answers every list without text from memory, exactly as the database query does', async () => {
    // Ties the SQL breaks by id (equal creation times), a product without options (no price:
    // last in price sorts, never in a price range) and a shop switched off, on top of the sales above.
    const [jollof] = await app.ctx.db.select().from(products).where(eq(products.id, ids.jollof!));
    await app.ctx.db
      .update(products)
      .set({ createdAt: jollof!.createdAt })
      .where(inArray(products.id, [ids.suya!, ids.charger!]));
    await app.ctx.db.delete(productOptions).where(eq(productOptions.productId, ids.case!));
    await app.ctx.db.update(products).set({ inStock: true }).where(eq(products.id, ids.case!));
    const switchedOff = await createVendor(app, { businessName: 'Closed Today', isOpen: false });
    await createProduct(app, switchedOff.id, { options: [{ name: 'Default Option', priceKobo: 100_000 }] });
    await catalogueWritten(app);
    app.services.catalogue.salesChanged();
    const now = app.ctx.clock.now();
    const sold = await unitsSold(app.ctx.db);

    const filters: Omit<ProductListQuery, 'category' | 'sort'>[] = [
      {},
      { inStock: true },
      { open: true },
      { minPrice: 1500, maxPrice: 2800 },
      { minPrice: 2000 },
      { maxPrice: 2500, open: true, limit: 1 },
      { inStock: true, limit: 2 },
    ];
    let compared = 0;
    for (const category of [undefined, 'food', 'phone-accessories', 'no-such-category'])
      for (const sort of [undefined, ...PRODUCT_SORTS])
        for (const f of filters) {
          const q: ProductListQuery = { ...f, category, sort };
          const qs = new URLSearchParams(
            Object.entries(q).flatMap(([k, v]): [string, string][] => (v === undefined ? [] : [[k, String(v)]])),
          ).toString();
          const res = await app.inject({ url: `/api/product/list?${qs}` });
          expect(res.statusCode, qs).toBe(200);
          const fromMemory = json<ProductListAnswer>(res).products.map((p) => p._id);
          const fromDatabase = (await searchProducts(app.ctx.db, q, now, sold)).map((p) => p._id);
          expect(fromMemory, qs).toEqual(fromDatabase);
          compared++;
        }
    expect(compared).toBe(4 * 6 * 7);
  });

  it('uses the trigram indexes the migration made', async () => {
    const rows = await app.ctx.db.execute(
      sql`SELECT indexname FROM pg_indexes WHERE indexname IN ('products_name_trgm', 'vendors_name_trgm')`,
    );
    expect((rows as unknown as { rows: unknown[] }).rows ?? rows).toHaveLength(2);
  });
});
