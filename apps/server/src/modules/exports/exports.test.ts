import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { buildTestApp, createProduct, createUser, json, type TestApp } from '../../../test/helpers.js';
import { adminAccount, createPaidOrder, createVendorAccount } from '../../../test/factories-portals.js';
import { seedPaidOrders } from '../../seed/paid-orders.js';
import { adminExport } from './exports.service.js';
import { ledgerEntries, ledgerTransactions } from '../ledger/ledger.tables.js';
import { orderItems } from '../orders/orders.tables.js';
import { refunds } from '../payments/payments.tables.js';
import { payouts } from '../payouts/payouts.tables.js';

/** RFC 4180, strictly: quoted fields with doubled quotes, CRLF record ends; throws on anything else. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  while (i < text.length) {
    let field = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quoted field');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
          } else {
            i++;
            break;
          }
        } else field += text[i++];
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
        if (text[i] === '"') throw new Error(`bare quote at ${i}`);
        field += text[i++];
      }
    }
    row.push(field);
    if (text[i] === ',') i++;
    else if (text.startsWith('\r\n', i)) {
      rows.push(row);
      row = [];
      i += 2;
    } else if (i < text.length) throw new Error(`expected , or CRLF at ${i}`);
  }
  if (row.length) throw new Error('last record has no CRLF');
  return rows;
}

/** The file's records as objects by header name. */
function records(body: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(body);
  for (const r of rows) expect(r).toHaveLength(header!.length);
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!])));
}

/** Sums a naira column back to kobo, exactly. */
const koboOf = (rows: Record<string, string>[], column: string) =>
  rows.reduce((s, r) => {
    const v = r[column]!;
    if (v === '') return s;
    expect(v).toMatch(/^-?\d+\.\d\d$/);
    return s + Math.round(Number(v) * 100);
  }, 0);

describe('CSV exports', () => {
  let app: TestApp;
  let admin: { cookie: string };
  let shopA: Awaited<ReturnType<typeof createVendorAccount>>;
  let shopB: Awaited<ReturnType<typeof createVendorAccount>>;
  let customer: Awaited<ReturnType<typeof createUser>>;
  const made: Record<string, Awaited<ReturnType<typeof createPaidOrder>>> = {};

  const get = (url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  beforeAll(async () => {
    app = await buildTestApp();
    admin = await adminAccount(app);
    shopA = await createVendorAccount(app, { businessName: 'Mama Put, Ugbowo' });
    shopB = await createVendorAccount(app, { businessName: 'Suya Spot' });
    customer = await createUser(app, { name: 'Ada "Chop" Obi' });
    const A = shopA.vendor.id;
    const B = shopB.vendor.id;
    // Either side of two Lagos midnights (UTC+1): 22:59:59Z is 23:59:59 in Lagos, 23:00Z midnight.
    made.o1 = await createPaidOrder(app, customer.user.id, [{ vendorId: A, priceKobo: 150_000 }], {
      paidAt: new Date('2026-11-09T22:59:59Z'),
    });
    made.o2 = await createPaidOrder(
      app,
      customer.user.id,
      [
        { vendorId: A, priceKobo: 120_000, quantity: 2 },
        { vendorId: B, priceKobo: 80_000 },
      ],
      { paidAt: new Date('2026-11-09T23:00:00Z') },
    );
    made.o3 = await createPaidOrder(app, customer.user.id, [{ vendorId: B, priceKobo: 50_000, quantity: 3 }], {
      paidAt: new Date('2026-11-10T12:30:00Z'),
    });
    made.o4 = await createPaidOrder(app, customer.user.id, [{ vendorId: A, priceKobo: 99_999 }], {
      paidAt: new Date('2026-11-11T22:59:59.999Z'),
    });
    made.o5 = await createPaidOrder(app, customer.user.id, [{ vendorId: A, priceKobo: 150_000 }], {
      paidAt: new Date('2026-11-11T23:00:00Z'),
    });
    // A product named to run as a formula in a spreadsheet.
    await app.ctx.db
      .update(orderItems)
      .set({ productName: '=HYPERLINK("http://evil.example","Click")' })
      .where(eq(orderItems.orderId, made.o3.order.id));
    await app.ctx.db.insert(refunds).values([
      {
        paymentId: made.o3.payment.id,
        amountKobo: 50_000,
        reason: 'Admin refund: cold food',
        state: 'processed',
        createdAt: new Date('2026-11-10T10:00:00Z'),
        processedAt: new Date('2026-11-10T11:00:00Z'),
      },
      {
        // Asked at 00:30 on 12 Nov in Lagos: outside the refunds of 10–11 Nov, still the order's.
        paymentId: made.o2.payment.id,
        amountKobo: 20_000,
        reason: `Order ${made.o2.order.id} cancelled by the customer`,
        state: 'pending',
        createdAt: new Date('2026-11-11T23:30:00Z'),
      },
    ]);
    await app.ctx.db.insert(payouts).values([
      {
        userId: shopA.user.id,
        payeeType: 'vendor',
        vendorId: A,
        amountKobo: 100_000,
        state: 'paid',
        dueAt: new Date('2026-11-10T08:00:00Z'),
        paidAt: new Date('2026-11-10T08:05:00Z'),
        reference: 'jara_payout_a',
        accountNumber: '0123456789',
        bankCode: '058',
        createdAt: new Date('2026-11-10T08:00:00Z'),
      },
      {
        userId: customer.user.id,
        payeeType: 'rider',
        amountKobo: 25_050,
        dueAt: new Date('2026-11-09T22:00:00Z'),
        reference: 'jara_payout_r',
        createdAt: new Date('2026-11-09T22:00:00Z'),
      },
    ]);
    const inside = randomUUID();
    const outside = randomUUID();
    await app.ctx.db.insert(ledgerTransactions).values([
      { id: inside, key: `charge:${inside}`, kind: 'charge', createdAt: new Date('2026-11-10T09:00:00Z') },
      { id: outside, key: `charge:${outside}`, kind: 'charge', createdAt: new Date('2026-11-11T23:00:00Z') },
    ]);
    await app.ctx.db.insert(ledgerEntries).values([
      { transactionId: inside, account: 'cash', amountKobo: 475_000 },
      { transactionId: inside, account: `held:order:${made.o2.order.id}`, amountKobo: -475_000 },
      { transactionId: outside, account: 'cash', amountKobo: 230_000 },
      { transactionId: outside, account: 'held:order:x', amountKobo: -230_000 },
    ]);
  });

  afterAll(async () => {
    await app.closeAll();
  });

  const PERIOD = 'from=2026-11-10&to=2026-11-11';

  it('answers the orders paid in the period, cut at Lagos midnight, with hand-worked totals', async () => {
    const res = await get(`/api/admin/exports/orders?${PERIOD}`, admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="jara-orders-2026-11-10-to-2026-11-11.csv"');
    const rows = records(res.body);
    // o2 (00:00:00 on the 10th), o3, o4 (23:59:59.999 on the 11th); not o1 nor o5.
    expect(rows.map((r) => r['Order ID'])).toEqual([made.o2!.order.id, made.o3!.order.id, made.o4!.order.id]);
    // 475000 + 230000 + 179999 kobo.
    expect(koboOf(rows, 'Total paid (NGN)')).toBe(884_999);
    expect(rows.map((r) => r['Total paid (NGN)'])).toEqual(['4750.00', '2300.00', '1799.99']);
    expect(koboOf(rows, 'Items (NGN)')).toBe(569_999);
    expect(koboOf(rows, 'Delivery fee (NGN)')).toBe(300_000);
    expect(koboOf(rows, 'Service fee (NGN)')).toBe(15_000);
    expect(koboOf(rows, 'Refunded (NGN)')).toBe(50_000);
    expect(koboOf(rows, 'Refund pending (NGN)')).toBe(20_000);
    expect(rows[0]).toMatchObject({
      'Paid (Lagos)': '2026-11-10 00:00:00',
      Customer: 'Ada "Chop" Obi',
      Units: '3',
      Payment: 'paid',
      'Item statuses': 'Order Placed',
      'Payment reference': made.o2!.payment.reference,
    });
    expect(rows[2]!['Paid (Lagos)']).toBe('2026-11-11 23:59:59');
    // Quoting: the customer's name has quotes.
    expect(res.body).toContain(',"Ada ""Chop"" Obi",');
  });

  it('gives a single day its own orders', async () => {
    const rows = records((await get('/api/admin/exports/orders?from=2026-11-09&to=2026-11-09', admin.cookie)).body);
    expect(rows.map((r) => r['Order ID'])).toEqual([made.o1!.order.id]);
    expect(koboOf(rows, 'Total paid (NGN)')).toBe(230_000);
    const none = records((await get('/api/admin/exports/orders?from=2026-10-01&to=2026-10-31', admin.cookie)).body);
    expect(none).toEqual([]);
  });

  it('answers the order lines with shops and line totals, a formula name kept as text', async () => {
    const res = await get(`/api/admin/exports/order-items?${PERIOD}`, admin.cookie);
    expect(res.statusCode).toBe(200);
    const rows = records(res.body);
    expect(rows).toHaveLength(4);
    // 2×1200 + 800 + 3×500 + 999.99
    expect(koboOf(rows, 'Line total (NGN)')).toBe(569_999);
    expect(rows.filter((r) => r.Shop === 'Mama Put, Ugbowo')).toHaveLength(2);
    expect(rows.filter((r) => r.Shop === 'Suya Spot')).toHaveLength(2);
    const formula = rows.find((r) => r['Order ID'] === made.o3!.order.id)!;
    expect(formula.Product).toBe(`'=HYPERLINK("http://evil.example","Click")`);
    expect(formula.Quantity).toBe('3');
    expect(formula['Line total (NGN)']).toBe('1500.00');
  });

  it('answers the refunds asked in the period', async () => {
    const rows = records((await get(`/api/admin/exports/refunds?${PERIOD}`, admin.cookie)).body);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      'Amount (NGN)': '500.00',
      Status: 'processed',
      Source: 'admin',
      'Order or dispatch ID': made.o3!.order.id,
      'Asked (Lagos)': '2026-11-10 11:00:00',
      'Payment reference': made.o3!.payment.reference,
    });
  });

  it('answers the payouts requested in the period, the account number masked', async () => {
    const rows = records((await get(`/api/admin/exports/payouts?${PERIOD}`, admin.cookie)).body);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      'Amount (NGN)': '1000.00',
      Status: 'paid',
      'Payee kind': 'vendor',
      Shop: 'Mama Put, Ugbowo',
      Reference: 'jara_payout_a',
      'Account number': '******6789',
      'Paid (Lagos)': '2026-11-10 09:05:00',
    });
  });

  it('answers the ledger entries of the period, debits and credits apart and equal', async () => {
    const rows = records((await get(`/api/admin/exports/ledger?${PERIOD}`, admin.cookie)).body);
    expect(rows.map((r) => r.Account)).toEqual(['cash', `held:order:${made.o2!.order.id}`]);
    expect(koboOf(rows, 'Debit (NGN)')).toBe(475_000);
    expect(koboOf(rows, 'Credit (NGN)')).toBe(475_000);
    expect(rows[0]!['Credit (NGN)']).toBe('');
    expect(rows[0]!['Posted (Lagos)']).toBe('2026-11-10 10:00:00');
  });

  it('gives a vendor its own lines only', async () => {
    const res = await get(`/api/seller/exports/sales?${PERIOD}`, shopA.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="jara-sales-2026-11-10-to-2026-11-11.csv"');
    const rows = records(res.body);
    expect(rows.map((r) => r['Order ID'])).toEqual([made.o2!.order.id, made.o4!.order.id]);
    expect(koboOf(rows, 'Line total (NGN)')).toBe(339_999);
    expect(Object.keys(rows[0]!)).not.toContain('Customer');
    const b = records((await get(`/api/seller/exports/sales?${PERIOD}`, shopB.cookie)).body);
    expect(koboOf(b, 'Line total (NGN)')).toBe(230_000);
    expect(b).toHaveLength(2);
  });

  it('refuses guests, customers and vendors on the admin files, and non-vendors on sales', async () => {
    expect((await get(`/api/admin/exports/orders?${PERIOD}`)).statusCode).toBe(401);
    expect((await get(`/api/admin/exports/orders?${PERIOD}`, customer.cookie)).statusCode).toBe(403);
    expect((await get(`/api/admin/exports/ledger?${PERIOD}`, shopA.cookie)).statusCode).toBe(403);
    expect((await get(`/api/seller/exports/sales?${PERIOD}`)).statusCode).toBe(401);
    const refused = await get(`/api/seller/exports/sales?${PERIOD}`, customer.cookie);
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toMatchObject({ success: false, code: 'forbidden' });
    // A vendor account whose shop is not approved.
    const pending = await createVendorAccount(app, { status: 'pending' });
    expect((await get(`/api/seller/exports/sales?${PERIOD}`, pending.cookie)).statusCode).toBe(403);
  });

  it('answers 400 with a clear message for a bad kind or period', async () => {
    const cases: [string, RegExp][] = [
      [`/api/admin/exports/customers?${PERIOD}`, /orders, order-items, payouts, refunds or ledger/],
      ['/api/admin/exports/orders?from=2026-11-10', /./],
      ['/api/admin/exports/orders?from=10-11-2026&to=2026-11-11', /YYYY-MM-DD/],
      ['/api/admin/exports/orders?from=2026-11-12&to=2026-11-11', /before the start day/],
      ['/api/admin/exports/orders?from=2025-01-01&to=2026-01-02', /at most 366 days/],
      ['/api/admin/exports/orders?from=2026-02-30&to=2026-03-01', /YYYY-MM-DD/],
    ];
    for (const [url, message] of cases) {
      const res = await get(url, admin.cookie);
      expect(res.statusCode, url).toBe(400);
      expect(json<{ code: string; message: string }>(res)).toMatchObject({ code: 'validation_failed' });
      expect(json<{ message: string }>(res).message, url).toMatch(message);
    }
    // 366 days (a leap year's whole) is allowed.
    expect((await get('/api/admin/exports/orders?from=2028-01-01&to=2028-12-31', admin.cookie)).statusCode).toBe(200);
  });

  it('streams thousands of orders over many pages, parsed back with the seeded totals', async () => {
    const { product, options } = await createProduct(app, shopB.vendor.id, {
      options: [{ name: 'Default Option', priceKobo: 10_000 }],
    });
    const seeded = await seedPaidOrders(app.ctx.db, {
      customerId: customer.user.id,
      vendorId: shopB.vendor.id,
      productId: product.id,
      optionId: options[0]!.id,
      productName: 'Jollof, "party" style',
      count: 3_500,
      // 20 Oct 2026 00:00 Lagos, one a minute: about 2.4 days.
      firstPaidAt: new Date('2026-10-19T23:00:00Z'),
      everyMs: 60_000,
      unitKobo: (i) => 10_000 + (i % 97) * 5,
    });
    const res = await get('/api/admin/exports/orders?from=2026-10-20&to=2026-10-25', admin.cookie);
    expect(res.statusCode).toBe(200);
    const rows = records(res.body);
    expect(rows).toHaveLength(3_500);
    expect(new Set(rows.map((r) => r['Order ID'])).size).toBe(3_500);
    expect(koboOf(rows, 'Total paid (NGN)')).toBe(seeded.paidKobo);
    expect(koboOf(rows, 'Items (NGN)')).toBe(seeded.itemsKobo);
    const lines = records(
      (await get('/api/admin/exports/order-items?from=2026-10-20&to=2026-10-25', admin.cookie)).body,
    );
    expect(lines).toHaveLength(3_500);
    expect(koboOf(lines, 'Line total (NGN)')).toBe(seeded.itemsKobo);
    expect(lines[0]!.Product).toBe('Jollof, "party" style');
  });

  it('reads the next page only when the reader has taken the last (backpressure)', async () => {
    const { product, options } = await createProduct(app, shopA.vendor.id);
    await seedPaidOrders(app.ctx.db, {
      customerId: customer.user.id,
      vendorId: shopA.vendor.id,
      productId: product.id,
      optionId: options[0]!.id,
      productName: 'Rice',
      count: 500,
      firstPaidAt: new Date('2026-09-01T08:00:00Z'),
      everyMs: 60_000,
      unitKobo: () => 10_000,
    });
    let selects = 0;
    const db = app.ctx.db;
    const counting = new Proxy(db, {
      get(target, key, receiver) {
        if (key === 'select') selects++;
        const value = Reflect.get(target, key, receiver) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    // 500 orders in pages of 10: 50 pages, each read with its people and payments.
    const stream = adminExport(counting, 'orders', { from: '2026-09-01', to: '2026-09-01' }, 10);
    const reader = stream[Symbol.asyncIterator]();
    await reader.next();
    await reader.next();
    await new Promise((r) => setTimeout(r, 300));
    // The header and a page or two taken, and at most the stream's small buffer read ahead.
    const early = selects;
    expect(early).toBeGreaterThan(0);
    expect(early).toBeLessThanOrEqual(3 * 6);
    let text = '';
    for (let next = await reader.next(); !next.done; next = await reader.next()) text += String(next.value);
    expect(selects).toBeGreaterThanOrEqual(3 * 50);
    expect(text.split('\r\n').length).toBeGreaterThan(450);
  });
});
