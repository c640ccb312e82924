import { afterAll, assert, beforeAll, describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { buildTestApp, createProduct, createUser, ensureCategory, json, type TestApp } from '../../../test/helpers.js';
import { createPaidOrder, createVendorAccount, EVERY_DAY, multipartImage } from '../../../test/factories-portals.js';
import { connect, listen, nextEvent } from '../../../test/factories-chat.js';
import { jobs } from '../../infra/db/tables.js';
import { orderItems, orders } from '../orders/orders.tables.js';
import { places } from '../geocoding/geocoding.tables.js';
import { productOptions, products, vendors } from '../catalogue/catalogue.tables.js';
import { refunds } from '../payments/payments.tables.js';
import { statusEvents } from '../order-events/order-events.tables.js';
import { users } from '../auth/auth.tables.js';
import { payouts } from '../payouts/payouts.tables.js';
import { OrderReadyEvent } from '@jara/shared';
import type {
  EarningsAnswer,
  ErrorAnswer,
  ImageUploadAnswer,
  PayoutAnswer,
  ProductListAnswer,
  SellerApplyAnswer,
  SellerMeAnswer,
  SellerOpenAnswer,
  SellerOrdersAnswer,
  SellerProductAnswer,
  SellerProductSavedAnswer,
  SellerProductsAnswer,
  VendorListAnswer,
} from '@jara/shared';

let app: TestApp;
let png: Buffer;
beforeAll(async () => {
  app = await buildTestApp();
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#cc3300' } })
    .png()
    .toBuffer();
  await app.ctx.db
    .insert(places)
    .values({ placeId: 'test-main-gate', displayName: 'UNIBEN Main Gate, Ugbowo', lat: 6.3989, lon: 5.6118 })
    .onConflictDoNothing();
  await app.ctx.db
    .insert(places)
    .values({ placeId: 'test-lagos', displayName: 'Far away, Lagos', lat: 6.45, lon: 3.39 })
    .onConflictDoNothing();
  await ensureCategory(app, 'food', 'Food');
});
afterAll(() => app.closeAll());

const post = (url: string, cookie: string, payload?: object) =>
  app.inject({ method: 'POST', url, headers: { cookie }, payload: payload ?? {} });
const get = (url: string, cookie: string) => app.inject({ url, headers: { cookie } });

async function upload(cookie: string, kind: 'profile' | 'product', data = png) {
  const m = multipartImage(data);
  return app.inject({
    method: 'POST',
    url: `/api/seller/upload?kind=${kind}`,
    headers: { cookie, ...m.headers },
    payload: m.payload,
  });
}

describe('vendor application', () => {
  it('uploads a re-encoded photo, applies with a gazetteer place, and stays pending without a role change', async () => {
    const { user, cookie } = await createUser(app);
    const up = await upload(cookie, 'profile');
    expect(up.statusCode).toBe(200);
    const url = json<ImageUploadAnswer>(up).url;
    expect(url).toMatch(new RegExp(`^/media/vendors/${user.id}/[0-9a-f]+\\.webp$`));
    const stored = await app.ctx.storage.get(url.slice('/media/'.length));
    expect((await sharp(stored!).metadata()).format).toBe('webp');

    const body = {
      businessName: 'Mama Put',
      kind: 'food',
      phone: '08031234567',
      placeId: 'test-main-gate',
      openingHours: EVERY_DAY,
      profilePhoto: url,
    };
    const res = await post('/api/seller/apply', cookie, body);
    expect(res.statusCode).toBe(200);
    expect(json<SellerApplyAnswer>(res).vendor).toMatchObject({
      status: 'pending',
      address: 'UNIBEN Main Gate, Ugbowo',
      latitude: 6.3989,
    });
    const [u] = await app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(u!.roles).toEqual(['customer']);
    expect(json<SellerMeAnswer>(await get('/api/seller/me', cookie)).vendor?.status).toBe('pending');
    // Pending applicants cannot manage products yet.
    expect((await get('/api/seller/products', cookie)).statusCode).toBe(403);
  });

  it('refuses a typed location, a place outside the area, a photo it did not upload, and a non-image', async () => {
    const { cookie } = await createUser(app);
    const other = await createUser(app);
    const othersPhoto = json<ImageUploadAnswer>(await upload(other.cookie, 'profile')).url;
    const base = {
      businessName: 'Shop',
      kind: 'goods',
      phone: '08031234567',
      placeId: 'test-main-gate',
      openingHours: EVERY_DAY,
      profilePhoto: othersPhoto,
    };
    expect(json<ErrorAnswer>(await post('/api/seller/apply', cookie, base)).code).toBe('invalid_photo');
    const mine = json<ImageUploadAnswer>(await upload(cookie, 'profile')).url;
    expect(
      json<ErrorAnswer>(await post('/api/seller/apply', cookie, { ...base, profilePhoto: mine, placeId: 'nowhere' }))
        .message,
    ).toBe('Please select a valid address from suggestions.');
    expect(
      json<ErrorAnswer>(await post('/api/seller/apply', cookie, { ...base, profilePhoto: mine, placeId: 'test-lagos' }))
        .code,
    ).toBe('outside_service_area');
    expect((await post('/api/seller/apply', cookie, { ...base, profilePhoto: mine, phone: '12345' })).statusCode).toBe(
      400,
    );
    expect((await upload(cookie, 'profile', Buffer.from('not an image at all'))).statusCode).toBe(400);
    expect(json<SellerMeAnswer>(await get('/api/seller/me', cookie)).vendor).toBeNull();
  });
});

describe('products', () => {
  it('creates with naira converted to kobo, names a single option Default Option, and refuses bad input', async () => {
    const v = await createVendorAccount(app);
    const img = json<ImageUploadAnswer>(await upload(v.cookie, 'product')).url;
    expect(img).toContain(`/media/products/${v.vendor.id}/`);
    const base = {
      name: 'Jollof rice',
      category: 'food',
      images: [img],
      description: ['Smoky', 'With plantain'],
      weight: '500 g',
      options: [{ name: 'Big', price: 1500.5, offerPrice: 1200 }],
    };
    const res = await post('/api/seller/products', v.cookie, base);
    expect(res.statusCode).toBe(200);
    const p = json<SellerProductSavedAnswer>(res).product;
    expect(p.options).toEqual([{ _id: expect.any(String), name: 'Default Option', price: 1500.5, offerPrice: 1200 }]);
    // The spec's Product shape, as the catalogue answers it, plus when it changed.
    expect(p).toMatchObject({ category: 'food', image: [img], vendorId: v.vendor.id, inStock: true });
    const [opt] = await app.ctx.db.select().from(productOptions).where(eq(productOptions.productId, p._id));
    expect(opt).toMatchObject({ priceKobo: 150_050, offerPriceKobo: 120_000 });

    for (const bad of [
      { ...base, options: [] },
      { ...base, images: [] },
      { ...base, images: [img, img, img, img, img] },
      { ...base, options: [{ name: 'x', price: 100, offerPrice: 150 }] },
      { ...base, options: [{ name: 'x', price: 10.001 }] },
      {
        ...base,
        options: [
          { name: 'A', price: 100 },
          { name: '', price: 200 },
        ],
      },
      { ...base, vendorId: v.vendor.id },
    ]) {
      const r = await post('/api/seller/products', v.cookie, bad);
      expect(r.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(json<ErrorAnswer>(await post('/api/seller/products', v.cookie, { ...base, category: 'nope' })).code).toBe(
      'invalid_category',
    );
    const other = await createVendorAccount(app);
    const theirs = json<ImageUploadAnswer>(await upload(other.cookie, 'product')).url;
    expect(json<ErrorAnswer>(await post('/api/seller/products', v.cookie, { ...base, images: [theirs] })).code).toBe(
      'invalid_image',
    );
    const list = json<SellerProductsAnswer>(await get('/api/seller/products', v.cookie)).products;
    expect(list).toHaveLength(1);
  });

  it('edits options, searches, toggles stock and soft-deletes (kept for past orders, gone from the catalogue)', async () => {
    const v = await createVendorAccount(app);
    const img = json<ImageUploadAnswer>(await upload(v.cookie, 'product')).url;
    const p = json<SellerProductSavedAnswer>(
      await post('/api/seller/products', v.cookie, {
        name: 'Suya',
        category: 'food',
        images: [img],
        options: [
          { name: 'Small', price: 500 },
          { name: 'Large', price: 1000 },
        ],
      }),
    ).product;
    const [small, large] = p.options;
    assert(small && large, 'the product has two options');
    const edited = json<SellerProductSavedAnswer>(
      await post(`/api/seller/products/${p._id}`, v.cookie, {
        name: 'Beef suya',
        category: 'food',
        images: [img],
        options: [
          { id: large._id, name: 'Large', price: 1100 },
          { name: 'Medium', price: 800 },
        ],
      }),
    );
    expect(edited.product.options.map((o: { name: string }) => o.name)).toEqual(['Large', 'Medium']);
    expect(edited.product.options.find((o: { _id: string }) => o._id === small._id)).toBeUndefined();
    expect(json<SellerProductsAnswer>(await get('/api/seller/products?q=beef', v.cookie)).products).toHaveLength(1);
    expect(json<SellerProductsAnswer>(await get('/api/seller/products?q=zzz', v.cookie)).products).toHaveLength(0);

    expect(
      json<SellerProductAnswer>(await post(`/api/seller/products/${p._id}/stock`, v.cookie, { inStock: false })).product
        .inStock,
    ).toBe(false);
    const catalogue = json<ProductListAnswer>(await app.inject({ url: '/api/product/list' })).products;
    expect(catalogue.find((x) => x._id === p._id)?.inStock).toBe(false);

    expect((await post(`/api/seller/products/${p._id}/delete`, v.cookie)).statusCode).toBe(200);
    expect(
      json<ProductListAnswer>(await app.inject({ url: '/api/product/list' })).products.find((x) => x._id === p._id),
    ).toBeUndefined();
    const [row] = await app.ctx.db.select().from(products).where(eq(products.id, p._id));
    expect(row!.deletedAt).not.toBeNull();
    expect((await post(`/api/seller/products/${p._id}/stock`, v.cookie, { inStock: true })).statusCode).toBe(404);
  });

  it('will not drop an option that past orders point to', async () => {
    const v = await createVendorAccount(app);
    const customer = await createUser(app);
    const {
      products: [p],
    } = await createPaidOrder(app, customer.user.id, [{ vendorId: v.vendor.id }]);
    const res = await post(`/api/seller/products/${p!.id}`, v.cookie, {
      name: 'New',
      category: 'food',
      images: p!.images,
      options: [{ name: 'Other', price: 100 }],
    });
    expect(res.statusCode).toBe(409);
    expect(json<ErrorAnswer>(res).code).toBe('option_in_orders');
  });
});

describe('orders', () => {
  it('lists incoming items, confirms (Order Confirmed, recorded with actor, pushed live) and hides the phone once done', async () => {
    const a = await createVendorAccount(app);
    const b = await createVendorAccount(app);
    const customer = await createUser(app);
    const { order, items } = await createPaidOrder(app, customer.user.id, [
      { vendorId: a.vendor.id, quantity: 2 },
      { vendorId: b.vendor.id },
    ]);
    const list = json<SellerOrdersAnswer>(await get('/api/seller/orders?scope=active', a.cookie)).orders;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      _id: order.id,
      customerPhone: '08031234567',
      doorPoint: { latitude: expect.any(Number), longitude: expect.any(Number) },
      itemsTotal: 3000,
      status: 'Order Placed',
    });
    const [kept] = await app.ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(list[0]?.doorPoint).toEqual({ latitude: kept!.address.latitude, longitude: kept!.address.longitude });
    expect(list[0]?.items).toHaveLength(1);

    const emit = vi.spyOn(app.ctx.realtime, 'emitToUser');
    const role = vi.spyOn(app.ctx.realtime, 'emitToRole');
    expect((await post(`/api/seller/orders/${order.id}/confirm`, a.cookie)).statusCode).toBe(200);
    expect(emit).toHaveBeenCalledWith(
      customer.user.id,
      'order.updated',
      expect.objectContaining({ orderId: order.id, status: 'Order Placed' }),
    );
    // Not on the board until vendor B confirms too.
    expect(role).not.toHaveBeenCalledWith('rider', 'job.available', expect.anything());
    const [ev] = await app.ctx.db
      .select()
      .from(statusEvents)
      .where(and(eq(statusEvents.subjectId, items[0]!.id), eq(statusEvents.status, 'Order Confirmed')));
    expect(ev!.actorId).toBe(a.user.id);
    expect(json<ErrorAnswer>(await post(`/api/seller/orders/${order.id}/confirm`, a.cookie)).code).toBe(
      'nothing_to_confirm',
    );

    await post(`/api/seller/orders/${order.id}/confirm`, b.cookie);
    expect(role).toHaveBeenCalledWith('rider', 'job.available', { kind: 'order', _id: order.id });
    emit.mockRestore();
    role.mockRestore();

    await app.ctx.db.update(orderItems).set({ status: 'Order Delivered' }).where(eq(orderItems.orderId, order.id));
    const today = json<SellerOrdersAnswer>(await get('/api/seller/orders?scope=today', a.cookie)).orders;
    expect(today[0]).toMatchObject({
      _id: order.id,
      active: false,
      customerPhone: null,
      doorPoint: null,
      status: 'Order Delivered',
    });
    expect(json<SellerOrdersAnswer>(await get('/api/seller/orders?scope=active', a.cookie)).orders).toHaveLength(0);
  });

  it('declines with a reason: those items Order Cancelled and refunded; the whole payment back when nothing is left', async () => {
    const a = await createVendorAccount(app);
    const b = await createVendorAccount(app);
    const customer = await createUser(app);
    const { order, payment } = await createPaidOrder(app, customer.user.id, [
      { vendorId: a.vendor.id, priceKobo: 200_000 },
      { vendorId: b.vendor.id, priceKobo: 100_000 },
    ]);
    expect((await post(`/api/seller/orders/${order.id}/decline`, a.cookie, { reason: 'x' })).statusCode).toBe(400);
    expect(
      (await post(`/api/seller/orders/${order.id}/decline`, a.cookie, { reason: 'Out of rice today' })).statusCode,
    ).toBe(200);
    const mine = await app.ctx.db
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.orderId, order.id), eq(orderItems.vendorId, a.vendor.id)));
    expect(mine[0]).toMatchObject({ status: 'Order Cancelled', cancelReason: 'Out of rice today' });
    let rs = await app.ctx.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
    expect(rs.map((r) => r.amountKobo)).toEqual([200_000]);

    await post(`/api/seller/orders/${order.id}/decline`, b.cookie, { reason: 'Closed early' });
    rs = await app.ctx.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
    expect(rs.reduce((s, r) => s + r.amountKobo, 0)).toBe(payment.amountKobo);
  });

  it('opens and closes the shop', async () => {
    const v = await createVendorAccount(app);
    expect(json<SellerOpenAnswer>(await post('/api/seller/open', v.cookie, { isOpen: false })).vendor.isOpen).toBe(
      false,
    );
    const [row] = await app.ctx.db.select().from(vendors).where(eq(vendors.id, v.vendor.id));
    expect(row!.isOpen).toBe(false);
    const shops = json<VendorListAnswer>(await app.inject({ url: '/api/seller/list' })).vendors;
    expect(shops.find((s) => s._id === v.vendor.id)?.isOpen).toBe(false);
  });
});

describe('preparation time', () => {
  const preparationOf = async (vendorId: string) =>
    (await app.ctx.db.select().from(vendors).where(eq(vendors.id, vendorId)))[0]!.preparationMinutes;

  it('is 15 minutes until the vendor changes it', async () => {
    const v = await createVendorAccount(app);
    expect(json<SellerMeAnswer>(await get('/api/seller/me', v.cookie)).vendor?.preparationMinutes).toBe(15);
    const res = await post('/api/seller/preparation', v.cookie, { preparationMinutes: 25 });
    expect(res.statusCode).toBe(200);
    expect(json<SellerOpenAnswer>(res).vendor.preparationMinutes).toBe(25);
    expect(await preparationOf(v.vendor.id)).toBe(25);
    expect(json<SellerMeAnswer>(await get('/api/seller/me', v.cookie)).vendor?.preparationMinutes).toBe(25);
  });

  it('refuses what is not whole minutes from 5 to 120, and changes nothing', async () => {
    const v = await createVendorAccount(app);
    await post('/api/seller/preparation', v.cookie, { preparationMinutes: 30 });
    for (const body of [
      { preparationMinutes: 4 },
      { preparationMinutes: 121 },
      { preparationMinutes: 12.5 },
      { preparationMinutes: '20' },
      { preparationMinutes: null },
      {},
      { preparationMinutes: 20, vendorId: v.vendor.id },
    ]) {
      const res = await post('/api/seller/preparation', v.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json<ErrorAnswer>(res).code).toBe('validation_failed');
    }
    expect(json<ErrorAnswer>(await post('/api/seller/preparation', v.cookie, { preparationMinutes: 4 })).message).toBe(
      'Enter the preparation time in whole minutes, from 5 to 120',
    );
    // The edges are allowed.
    expect((await post('/api/seller/preparation', v.cookie, { preparationMinutes: 5 })).statusCode).toBe(200);
    expect((await post('/api/seller/preparation', v.cookie, { preparationMinutes: 120 })).statusCode).toBe(200);
    await post('/api/seller/preparation', v.cookie, { preparationMinutes: 0 });
    expect(await preparationOf(v.vendor.id)).toBe(120);
  });

  it("changes only the caller's own approved shop", async () => {
    const a = await createVendorAccount(app);
    const b = await createVendorAccount(app);
    expect((await post('/api/seller/preparation', b.cookie, { preparationMinutes: 40 })).statusCode).toBe(200);
    expect(await preparationOf(b.vendor.id)).toBe(40);
    expect(await preparationOf(a.vendor.id)).toBe(15);

    const pending = await createVendorAccount(app, { status: 'pending' });
    const customer = await createUser(app);
    expect((await post('/api/seller/preparation', pending.cookie, { preparationMinutes: 40 })).statusCode).toBe(403);
    expect((await post('/api/seller/preparation', customer.cookie, { preparationMinutes: 40 })).statusCode).toBe(403);
    expect((await post('/api/seller/preparation', '', { preparationMinutes: 40 })).statusCode).toBe(401);
    expect(await preparationOf(pending.vendor.id)).toBe(15);
    expect(await preparationOf(a.vendor.id)).toBe(15);
  });
});

describe('earnings and payouts', () => {
  it('pays items less the commission, scheduled for the next working day, never twice', async () => {
    const v = await createVendorAccount(app);
    const customer = await createUser(app);
    const { order } = await createPaidOrder(app, customer.user.id, [
      { vendorId: v.vendor.id, priceKobo: 100_000, quantity: 3 },
    ]);
    const earnings = async () => json<EarningsAnswer>(await get('/api/seller/earnings', v.cookie)).earnings;
    const bank = { accountName: 'Mama Put Ventures', accountNumber: '0123456789', bankCode: '058' };
    // Paid for, on its way: held.
    expect(await earnings()).toMatchObject({ held: 2700, inWindow: 0, available: 0, totalEarned: 0 });
    // Delivered with the code: in the dispute window (DISPUTE_WINDOW_MINUTES, 30), not yet payable.
    await app.ctx.db
      .update(orderItems)
      .set({ status: 'Order Delivered', updatedAt: new Date(Date.now() - 29 * 60_000) })
      .where(eq(orderItems.orderId, order.id));
    const inWindow = await earnings();
    expect(inWindow).toMatchObject({
      held: 0,
      inWindow: 2700,
      available: 0,
      totalEarned: 2700,
      disputeWindowMinutes: 30,
    });
    // What it earned for, as data the screen words in the reader's language.
    expect(inWindow.entries[0]).toMatchObject({ released: false, what: { kind: 'items', count: 1 } });
    expect(json<ErrorAnswer>(await post('/api/seller/payouts', v.cookie, bank))).toMatchObject({
      code: 'nothing_to_pay',
    });
    // The window over: payable.
    await app.ctx.db
      .update(orderItems)
      .set({ updatedAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(orderItems.orderId, order.id));
    const e = await earnings();
    expect(e).toMatchObject({ percent: 10, totalEarned: 2700, inWindow: 0, available: 2700 });
    expect(e.byWeek[0]).toMatchObject({ gross: 3000, net: 2700, count: 1 });
    expect((await post('/api/seller/payouts', v.cookie, { ...bank, accountNumber: '12345' })).statusCode).toBe(400);
    expect((await post('/api/seller/payouts', v.cookie, { ...bank, bankCode: '999' })).statusCode).toBe(400);
    const [first, second] = await Promise.all([
      post('/api/seller/payouts', v.cookie, bank),
      post('/api/seller/payouts', v.cookie, bank),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 400]);
    const payout = json<PayoutAnswer>(first.statusCode === 200 ? first : second).payout;
    expect(payout).toMatchObject({ amount: 2700, state: 'scheduled', account: 'Guaranty Trust Bank ••••6789' });
    const due = new Date(payout.dueAt);
    expect(due.getTime()).toBeGreaterThan(Date.now());
    expect([1, 2, 3, 4, 5]).toContain(new Date(due.getTime() + 3_600_000).getUTCDay());
    // Not before it is due.
    await app.ctx.jobs.drain();
    expect(json<EarningsAnswer>(await get('/api/seller/earnings', v.cookie)).earnings.payouts[0]?.state).toBe(
      'scheduled',
    );
    // When due, the job sends the transfer (sandbox provider); its transfer.success webhook settles it.
    await app.ctx.db
      .update(jobs)
      .set({ runAt: new Date(0) })
      .where(eq(jobs.kind, 'payout.transfer'));
    await app.ctx.jobs.drain();
    const after = json<EarningsAnswer>(await get('/api/seller/earnings', v.cookie)).earnings;
    expect(after.payouts[0]).toMatchObject({
      state: 'paid',
      reference: expect.stringMatching(/^jara_payout_[0-9a-f]{32}$/),
    });
    expect(after.available).toBe(0);
    expect(after.lastAccount).toEqual({
      accountName: 'Mama Put Ventures',
      bankCode: '058',
      accountNumberLast4: '6789',
    });
    const [row] = await app.ctx.db.select().from(payouts).where(eq(payouts.id, payout._id));
    expect(row).toMatchObject({
      recipientCode: expect.stringMatching(/^RCP_/),
      transferCode: expect.stringMatching(/^TRF_/),
    });
  });
});

void createProduct;

describe('ready for pickup', () => {
  it('is a timeline event the customer sees and the order’s rider hears, once per shop, never a status', async () => {
    const shop = await createVendorAccount(app, { businessName: 'Mama Put Ready' });
    const customer = await createUser(app);
    const made = await createPaidOrder(app, customer.user.id, [{ vendorId: shop.vendor.id }]);
    const orderId = made.order.id;
    // Before confirming there is nothing to collect.
    const early = await post(`/api/seller/orders/${orderId}/ready`, shop.cookie);
    expect(json<ErrorAnswer>(early).code).toBe('invalid_status');
    expect((await post(`/api/seller/orders/${orderId}/confirm`, shop.cookie)).statusCode).toBe(200);
    // Another shop cannot say it.
    const other = await createVendorAccount(app);
    expect((await post(`/api/seller/orders/${orderId}/ready`, other.cookie)).statusCode).toBe(404);

    const rider = await createUser(app, { role: 'rider' });
    await app.ctx.db.update(orders).set({ riderId: rider.user.id }).where(eq(orders.id, orderId));
    const socket = await connect(await listen(app), rider.cookie);
    try {
      const heard = nextEvent(socket, 'order.ready');
      expect((await post(`/api/seller/orders/${orderId}/ready`, shop.cookie)).statusCode).toBe(200);
      expect(OrderReadyEvent.parse((await heard)[0])).toMatchObject({ orderId, shop: 'Mama Put Ready' });
      expect((await post(`/api/seller/orders/${orderId}/ready`, shop.cookie)).statusCode).toBe(200);
    } finally {
      socket.close();
    }
    const events = await app.ctx.db.select().from(statusEvents).where(eq(statusEvents.subjectId, orderId));
    expect(events.filter((e) => e.status === 'Ready For Pickup')).toHaveLength(1);
    const items = await app.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(items.map((i) => i.status)).toEqual(['Order Confirmed']);

    const mine = json<{ orders: { _id: string; timeline?: { key: string; label: string }[] }[] }>(
      await get('/api/order/user', customer.cookie),
    ).orders.find((o) => o._id === orderId)!;
    expect(mine.timeline).toContainEqual(expect.objectContaining({ key: 'ready', label: 'Ready at Mama Put Ready' }));
    const listed = json<SellerOrdersAnswer>(await get('/api/seller/orders?scope=active', shop.cookie)).orders;
    expect(listed.find((o) => o._id === orderId)!.readyAt).not.toBeNull();
  });
});
