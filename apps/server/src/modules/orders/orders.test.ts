import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  cartTotals,
  nairaToKobo,
  OrderUpdatedEvent,
  ProductDto,
  QUANTITY_MESSAGE,
  VendorOrderEvent,
  type DeliveryFeeAnswer,
  type ErrorAnswer,
  type OrderAnswer,
  type OrderCancelAnswer,
  type OrderListAnswer,
  type PaymentVerifyAnswer,
  type SellerOrdersAnswer,
} from '@jara/shared';
import { buildTestApp, createProduct, createUser, json, type TestApp } from '../../../test/helpers.js';
import {
  checkout,
  checkoutOk,
  createCustomer,
  createShop,
  origin,
  paymentByReference,
  sandboxAction,
  verify,
} from '../../../test/factories-checkout.js';
import { orderItems, orders } from './orders.tables.js';
import { payments, refunds, webhookEvents } from '../payments/payments.tables.js';
import { products, vendors } from '../catalogue/catalogue.tables.js';
import { statusEvents } from '../order-events/order-events.tables.js';
import { queryRows } from '../../infra/db/client.js';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.closeAll();
});

const countOrders = async () =>
  Number((await queryRows<{ n: number }>(app.ctx.db, sql`SELECT count(*)::int AS n FROM orders`))[0]!.n);

async function pay(cookie: string, reference: string) {
  await sandboxAction(app, reference, 'pay');
  expect(json<PaymentVerifyAnswer>(await verify(app, cookie, reference)).state).toBe('paid');
}

describe('POST /api/order/delivery-fee', () => {
  it('charges one tier fee per distinct vendor, in naira', async () => {
    const near = await createShop(app, [100_000], { latitude: 6.4, longitude: 5.61 });
    const far = await createShop(app, [100_000], { latitude: 6.43, longitude: 5.61 }); // ~3.3 km
    const res = await app.inject({
      method: 'POST',
      url: '/api/order/delivery-fee',
      headers: origin,
      payload: { latitude: 6.401, longitude: 5.612, vendorIds: [near.vendor.id, far.vendor.id, near.vendor.id] },
    });
    // "Batch & save" (decision 0048): ₦1,400 less 30 %, rounded up to ₦10.
    expect(json<DeliveryFeeAnswer>(res)).toEqual({
      success: true,
      totalDeliveryFee: 500 + 900,
      batch: { deliveryFee: 980, waitMinutes: 10 },
    });
  });

  it('refuses points outside the service area, unknown vendors and bad payloads', async () => {
    const shop = await createShop(app);
    const outside = await app.inject({
      method: 'POST',
      url: '/api/order/delivery-fee',
      headers: origin,
      payload: { latitude: 6.6, longitude: 3.35, vendorIds: [shop.vendor.id] },
    });
    expect(outside.statusCode).toBe(400);
    expect(json<ErrorAnswer>(outside).message).toBe('This address is outside our delivery area.');
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/order/delivery-fee',
      headers: origin,
      payload: { latitude: 6.4, longitude: 5.61, vendorIds: ['00000000-0000-4000-8000-000000000000'] },
    });
    expect(unknown.statusCode).toBe(400);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/order/delivery-fee',
      headers: origin,
      payload: { latitude: 'x', longitude: 5.61, vendorIds: [] },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /api/payment/paystack refusals', () => {
  it('refuses every tampered or impossible cart with a clear message and creates nothing', async () => {
    const shop = await createShop(app, [150_000]);
    const other = await createShop(app, [90_000]);
    const product = shop.products[0]!.product;
    const optionId = shop.products[0]!.options[0]!.id;
    const soldOut = await createProduct(app, shop.vendor.id, { inStock: false });
    const closed = await createShop(app, [50_000], { isOpen: false });
    const customer = await createCustomer(app);
    const stranger = await createCustomer(app);
    const base = { product: product.id, quantity: 1 };
    const cases: [string, Record<string, unknown>, number, string | RegExp][] = [
      [
        'tampered unit price',
        { items: [{ ...base, price: 1 }], address: customer.address.id },
        409,
        /The price of .* is ₦1,500, not ₦1\. Please review your cart\./,
      ],
      [
        'tampered total',
        { items: [base], address: customer.address.id, amount: 10 },
        409,
        'The total is now ₦2,030. Please review your cart and pay again.',
      ],
      [
        'negative quantity',
        { items: [{ ...base, quantity: -1 }], address: customer.address.id },
        400,
        QUANTITY_MESSAGE,
      ],
      ['zero quantity', { items: [{ ...base, quantity: 0 }], address: customer.address.id }, 400, QUANTITY_MESSAGE],
      [
        'fractional quantity',
        { items: [{ ...base, quantity: 1.5 }], address: customer.address.id },
        400,
        QUANTITY_MESSAGE,
      ],
      ['huge quantity', { items: [{ ...base, quantity: 1e9 }], address: customer.address.id }, 400, QUANTITY_MESSAGE],
      [
        'quantity as text',
        { items: [{ ...base, quantity: '2' }], address: customer.address.id },
        400,
        QUANTITY_MESSAGE,
      ],
      [
        'over 99 once merged',
        {
          items: [
            { ...base, quantity: 60 },
            { ...base, quantity: 60 },
          ],
          address: customer.address.id,
        },
        400,
        QUANTITY_MESSAGE,
      ],
      [
        "another user's address",
        { items: [base], address: stranger.address.id },
        404,
        'Address not found. Please select one of your addresses.',
      ],
      [
        'a product under another vendor',
        { items: [{ ...base, vendorId: other.vendor.id }], address: customer.address.id },
        400,
        `${product.name} is not sold by that vendor.`,
      ],
      [
        'an out-of-stock product',
        { items: [{ product: soldOut.product.id, quantity: 1 }], address: customer.address.id },
        400,
        `${soldOut.product.name} is out of stock.`,
      ],
      [
        'an option of another product',
        { items: [{ ...base, optionId: other.products[0]!.options[0]!.id }], address: customer.address.id },
        400,
        `That option does not belong to ${product.name}.`,
      ],
      [
        'a closed vendor',
        { items: [{ product: closed.products[0]!.product.id, quantity: 1 }], address: customer.address.id },
        400,
        /is closed right now/,
      ],
      [
        'an unknown product',
        { items: [{ product: '00000000-0000-4000-8000-000000000000', quantity: 1 }], address: customer.address.id },
        400,
        /no longer available/,
      ],
      ['an empty cart', { items: [], address: customer.address.id }, 400, 'Your cart is empty.'],
      ['no address', { items: [base] }, 400, /.+/],
    ];
    const before = await countOrders();
    for (const [name, body, status, message] of cases) {
      const res = await checkout(app, customer.cookie, body);
      expect.soft(res.statusCode, name).toBe(status);
      const answer = json<ErrorAnswer>(res);
      expect.soft(answer.success, name).toBe(false);
      if (typeof message === 'string') expect.soft(answer.message, name).toBe(message);
      else expect.soft(answer.message, name).toMatch(message);
    }
    expect(await countOrders()).toBe(before);
    // The good cart goes through, with the option id or without (first option).
    const ok = await checkout(app, customer.cookie, {
      items: [{ ...base, optionId, price: 1500, vendorId: shop.vendor.id }],
      address: customer.address.id,
      amount: 2030,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('needs a session and ignores a client userId and email', async () => {
    const shop = await createShop(app);
    const customer = await createCustomer(app);
    const victim = await createUser(app);
    const body = {
      userId: victim.user.id,
      email: 'attacker@example.com',
      items: [{ product: shop.products[0]!.product.id, quantity: 2 }],
      address: customer.address.id,
    };
    expect(
      (await app.inject({ method: 'POST', url: '/api/payment/paystack', headers: origin, payload: body })).statusCode,
    ).toBe(401);
    const { reference } = await checkoutOk(app, customer.cookie, body);
    const payment = await paymentByReference(app, reference);
    expect(payment.userId).toBe(customer.user.id);
    const [order] = await app.ctx.db.select().from(orders).where(eq(orders.id, payment.subjectId));
    expect(order!.userId).toBe(customer.user.id);
    const page = await app.inject({ url: `/sandbox/checkout/${reference}` });
    expect(page.body).toContain(customer.user.email);
    expect(page.body).not.toContain('attacker@example.com');
  });
});

describe('the total charged equals the total the cart page shows', () => {
  // [items as (naira price, qty)[] per vendor distance tier], expected total in naira
  const table: { name: string; prices: number[][]; quantities?: number[][]; total: number }[] = [
    { name: 'small cart under the ₦2,500 step', prices: [[1500]], total: 2030 },
    { name: 'base exactly ₦2,500 (step)', prices: [[2000]], total: 2640 },
    { name: 'base just under the step', prices: [[1999.5]], total: 2539.5 },
    { name: 'base just over the step', prices: [[2000.5]], total: 2640.5 },
    { name: 'large cart hits the ₦2,000 cap', prices: [[150_000]], total: 152_500 },
    { name: 'cap reached exactly', prices: [[125_833.33]], total: 128_333.33 },
    { name: 'two vendors, two fees, quantities', prices: [[1200, 350], [800]], quantities: [[2, 3], [1]], total: 5430 },
  ];
  for (const row of table) {
    it(row.name, async () => {
      const customer = await createCustomer(app);
      const items: { product: string; quantity: number; price: number }[] = [];
      const vendorIds: string[] = [];
      for (const [v, prices] of row.prices.entries()) {
        const shop = await createShop(app, prices.map(nairaToKobo), { latitude: 6.4 + v * 0.001, longitude: 5.61 });
        vendorIds.push(shop.vendor.id);
        shop.products.forEach((p, i) =>
          items.push({ product: p.product.id, quantity: row.quantities?.[v]?.[i] ?? 1, price: prices[i]! }),
        );
      }
      // What the cart page does: fee from the API, totals by the shared formula.
      const fee = json<DeliveryFeeAnswer>(
        await app.inject({
          method: 'POST',
          url: '/api/order/delivery-fee',
          headers: origin,
          payload: { latitude: customer.address.latitude, longitude: customer.address.longitude, vendorIds },
        }),
      );
      const itemsKobo = items.reduce((s, i) => s + nairaToKobo(i.price) * i.quantity, 0);
      const shown = cartTotals(itemsKobo, nairaToKobo(fee.totalDeliveryFee));
      expect(shown.totalKobo / 100).toBe(row.total);
      const { reference } = await checkoutOk(app, customer.cookie, {
        items,
        address: customer.address.id,
        amount: shown.totalKobo / 100,
      });
      const payment = await paymentByReference(app, reference);
      expect(payment.amountKobo).toBe(shown.totalKobo);
      expect(Number.isInteger(payment.amountKobo)).toBe(true);
      const [order] = await app.ctx.db.select().from(orders).where(eq(orders.id, payment.subjectId));
      expect(order).toMatchObject({
        itemsKobo: shown.itemsKobo,
        deliveryFeeKobo: shown.deliveryFeeKobo,
        serviceFeeKobo: shown.serviceFeeKobo,
        amountKobo: shown.totalKobo,
      });
    });
  }
});

describe('GET /api/order/user', () => {
  it('lists only the caller’s paid orders, newest first, paginated, in the answer shape', async () => {
    const shop = await createShop(app, [100_000, 200_000]);
    const customer = await createCustomer(app);
    const refs: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { reference } = await checkoutOk(app, customer.cookie, {
        items: [{ product: shop.products[i % 2]!.product.id, quantity: i + 1 }],
        address: customer.address.id,
      });
      await pay(customer.cookie, reference);
      refs.push(reference);
    }
    await checkoutOk(app, customer.cookie, {
      items: [{ product: shop.products[0]!.product.id, quantity: 1 }],
      address: customer.address.id,
    }); // unpaid
    const page1 = json<OrderListAnswer>(
      await app.inject({ url: '/api/order/user?page=1&limit=2', headers: { cookie: customer.cookie } }),
    );
    expect(page1.orders).toHaveLength(2);
    expect(page1.hasMore).toBe(true);
    const newest = await paymentByReference(app, refs[2]!);
    expect(page1.orders[0]?._id).toBe(newest.subjectId);
    expect(page1.orders[0]).toMatchObject({
      status: 'Order Placed',
      canCancel: true,
      deliveryCode: null,
      address: { firstName: 'Ada', city: 'Benin City' },
    });
    expect(page1.orders[0]?.items[0]).toMatchObject({
      quantity: 3,
      optionName: 'Default Option',
      vendorId: shop.vendor.id,
      vendorName: shop.vendor.businessName,
      status: 'Order Placed',
      unitPrice: 1000,
    });
    expect(page1.orders[0]?.items[0]?.product).toMatchObject({
      _id: shop.products[0]!.product.id,
      name: shop.products[0]!.product.name,
    });
    const page2 = json<OrderListAnswer>(
      await app.inject({ url: '/api/order/user?page=2&limit=2', headers: { cookie: customer.cookie } }),
    );
    expect(page2.orders).toHaveLength(1);
    expect(page2.hasMore).toBe(false);
    const stranger = await createCustomer(app);
    expect(
      json<OrderListAnswer>(await app.inject({ url: '/api/order/user', headers: { cookie: stranger.cookie } })).orders,
    ).toEqual([]);
    expect((await app.inject({ url: '/api/order/user' })).statusCode).toBe(401);
    expect(
      (await app.inject({ url: '/api/order/user?limit=500', headers: { cookie: customer.cookie } })).statusCode,
    ).toBe(400);
  });

  it("gives every line's product in the spec's Product shape, to the customer and to the vendor", async () => {
    const shop = await createShop(app, [100_000, 200_000]);
    const customer = await createCustomer(app);
    const [kept, withdrawn] = shop.products.map((p) => p.product);
    const { reference } = await checkoutOk(app, customer.cookie, {
      items: [
        { product: kept!.id, quantity: 1 },
        { product: withdrawn!.id, quantity: 2 },
      ],
      address: customer.address.id,
    });
    await pay(customer.cookie, reference);
    const orderId = (await paymentByReference(app, reference)).subjectId;
    // After checkout one product gets a new picture first and the other is withdrawn.
    await app.ctx.db
      .update(products)
      .set({ images: ['/media/seed/products/new-0.webp', '/media/seed/products/x-0.webp'] })
      .where(eq(products.id, kept!.id));
    await app.ctx.db
      .update(products)
      .set({ deletedAt: new Date(), inStock: false })
      .where(eq(products.id, withdrawn!.id));

    const [listed] = json<OrderListAnswer>(
      await app.inject({ url: '/api/order/user', headers: { cookie: customer.cookie } }),
    ).orders;
    const single = json<OrderAnswer>(
      await app.inject({ url: `/api/order/${orderId}`, headers: { cookie: customer.cookie } }),
    ).order;
    const sold = await app.inject({ url: '/api/seller/orders?scope=active', headers: { cookie: shop.owner.cookie } });
    const [forVendor] = json<SellerOrdersAnswer>(sold).orders;
    for (const [who, lines] of [
      ['My Orders', listed!.items],
      ['the order', single.items],
      ['the vendor', forVendor!.items],
    ] as const) {
      const byId = new Map(lines.map((l) => [l.product._id, l.product]));
      for (const product of byId.values()) expect(ProductDto.strict().parse(product), who).toEqual(product);
      // The picture shown at checkout first, then the product's others; name and category as sold.
      expect(byId.get(kept!.id), who).toEqual({
        _id: kept!.id,
        name: kept!.name,
        category: 'food',
        image: ['/media/seed/products/x-0.webp', '/media/seed/products/new-0.webp'],
        description: ['Tasty'],
        vendorId: shop.vendor.id,
        inStock: true,
        weight: null,
        options: [{ _id: shop.products[0]!.options[0]!.id, name: 'Default Option', price: 1000, offerPrice: null }],
      });
      expect(byId.get(withdrawn!.id), who).toMatchObject({
        name: withdrawn!.name,
        category: 'food',
        image: ['/media/seed/products/x-0.webp'],
        inStock: false,
      });
    }
  });

  it('shows the delivery code only while the order is on its way', async () => {
    const shop = await createShop(app);
    const customer = await createCustomer(app);
    const { reference } = await checkoutOk(app, customer.cookie, {
      items: [{ product: shop.products[0]!.product.id, quantity: 1 }],
      address: customer.address.id,
    });
    await pay(customer.cookie, reference);
    const payment = await paymentByReference(app, reference);
    await app.ctx.db
      .update(orderItems)
      .set({ status: 'Order Picked' })
      .where(eq(orderItems.orderId, payment.subjectId));
    const [o] = json<OrderListAnswer>(
      await app.inject({ url: '/api/order/user', headers: { cookie: customer.cookie } }),
    ).orders;
    expect(o?.status).toBe('Order Picked');
    expect(o?.deliveryCode).toMatch(/^\d{4}$/);
    expect(o?.canCancel).toBe(false);
  });
});

describe('POST /api/order/cancel/:id', () => {
  async function paidOrder() {
    const shop = await createShop(app);
    const customer = await createCustomer(app);
    const { reference } = await checkoutOk(app, customer.cookie, {
      items: [{ product: shop.products[0]!.product.id, quantity: 1 }],
      address: customer.address.id,
    });
    await pay(customer.cookie, reference);
    const payment = await paymentByReference(app, reference);
    return { shop, customer, reference, payment, orderId: payment.subjectId };
  }
  const cancel = (cookie: string, id: string) =>
    app.inject({ method: 'POST', url: `/api/order/cancel/${id}`, headers: { cookie, ...origin } });

  it('within 5 minutes and before any confirmation: items cancelled, full refund processed, refund.processed recorded', async () => {
    const { customer, orderId, payment, reference } = await paidOrder();
    const res = await cancel(customer.cookie, orderId);
    expect(res.statusCode).toBe(200);
    expect(json<OrderCancelAnswer>(res).order).toMatchObject({ status: 'Order Cancelled', canCancel: false });
    await app.ctx.jobs.drain();
    const [refund] = await app.ctx.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
    expect(refund).toMatchObject({ amountKobo: payment.amountKobo, state: 'processed' });
    const hooks = await app.ctx.db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.reference, reference), eq(webhookEvents.event, 'refund.processed')));
    expect(hooks.map((h) => h.outcome)).toEqual(['refund_processed']);
    const events = await app.ctx.db.select().from(statusEvents).where(eq(statusEvents.status, 'Order Cancelled'));
    expect(events.length).toBeGreaterThanOrEqual(1);
    const again = await cancel(customer.cookie, orderId);
    expect(again.statusCode).toBe(409);
    expect(json<ErrorAnswer>(again).message).toBe('This order is already cancelled.');
    const [p] = await app.ctx.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(p!.refundedKobo).toBe(payment.amountKobo);
  });

  it('refuses after the window, after a vendor confirmed, and for someone else’s order — changing nothing', async () => {
    const late = await paidOrder();
    await app.ctx.db
      .update(orders)
      .set({ paidAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(orders.id, late.orderId));
    const r1 = await cancel(late.customer.cookie, late.orderId);
    expect(r1.statusCode).toBe(409);
    expect(json<ErrorAnswer>(r1).message).toBe('Orders can only be cancelled within 5 minutes of payment.');

    const confirmed = await paidOrder();
    await app.ctx.db
      .update(orderItems)
      .set({ status: 'Order Confirmed' })
      .where(eq(orderItems.orderId, confirmed.orderId));
    const r2 = await cancel(confirmed.customer.cookie, confirmed.orderId);
    expect(r2.statusCode).toBe(409);
    expect(json<ErrorAnswer>(r2).message).toBe(
      'This order can no longer be cancelled: a vendor has already confirmed it.',
    );

    const mine = await paidOrder();
    const stranger = await createCustomer(app);
    expect((await cancel(stranger.cookie, mine.orderId)).statusCode).toBe(404);
    for (const o of [late, confirmed, mine]) {
      expect(await app.ctx.db.select().from(refunds).where(eq(refunds.paymentId, o.payment.id))).toHaveLength(0);
    }
    const items = await app.ctx.db.select().from(orderItems).where(eq(orderItems.orderId, mine.orderId));
    expect(items.every((i) => i.status === 'Order Placed')).toBe(true);
  });
});

describe('vendors hear about new orders', () => {
  it('pushes order.updated to the customer and vendor.order.created to the vendor owner', async () => {
    const shop = await createShop(app);
    const customer = await createCustomer(app);
    const emitted: [string, string, unknown][] = [];
    const original = app.ctx.realtime.emitToUser.bind(app.ctx.realtime);
    app.ctx.realtime.emitToUser = (userId, event, ...args) => {
      emitted.push([userId, event, args[0]]);
      original(userId, event, ...args);
    };
    try {
      const { reference } = await checkoutOk(app, customer.cookie, {
        items: [{ product: shop.products[0]!.product.id, quantity: 2 }],
        address: customer.address.id,
      });
      await pay(customer.cookie, reference);
      await app.ctx.jobs.drain();
    } finally {
      app.ctx.realtime.emitToUser = original;
    }
    const [v] = await app.ctx.db.select().from(vendors).where(eq(vendors.id, shop.vendor.id));
    const customerEvent = emitted.find((e) => e[0] === customer.user.id);
    expect(customerEvent?.[1]).toBe('order.updated');
    // What is really sent matches the shared schemas the browser's types come from.
    expect(OrderUpdatedEvent.parse(customerEvent?.[2])).toMatchObject({
      status: 'Order Placed',
      items: [{ status: 'Order Placed' }],
    });
    const vendorEvent = emitted.find((e) => e[0] === v!.userId);
    expect(vendorEvent?.[1]).toBe('vendor.order.created');
    VendorOrderEvent.parse(vendorEvent?.[2]);
    expect(vendorEvent?.[2]).toMatchObject({
      vendorId: shop.vendor.id,
      items: [{ quantity: 2, status: 'Order Placed' }],
    });
  });
});
