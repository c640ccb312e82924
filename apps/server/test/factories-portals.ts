import { randomBytes } from 'node:crypto';
import type { App } from '../src/app.js';
import { dispatches } from '../src/modules/dispatch/dispatch.tables.js';
import { orderItems, orders } from '../src/modules/orders/orders.tables.js';
import { payments } from '../src/modules/payments/payments.tables.js';
import { riders } from '../src/modules/rider/rider.tables.js';
import { createAddress, createProduct, createUser, createVendor, unique } from './helpers.js';

/** An approved vendor with its owner account (role vendor) and a logged-in session. */
export async function createVendorAccount(app: App, overrides: Parameters<typeof createVendor>[1] = {}) {
  const owner = await createUser(app, { role: 'vendor', name: 'Vendor Owner' });
  const vendor = await createVendor(app, { userId: owner.user.id, ...overrides });
  return { ...owner, vendor };
}

/** An approved rider (role rider), online by default. */
export async function createRiderAccount(
  app: App,
  opts: { isOnline?: boolean; status?: 'pending' | 'approved' | 'rejected' } = {},
) {
  const account = await createUser(app, {
    role: opts.status && opts.status !== 'approved' ? 'customer' : 'rider',
    name: `Rider ${unique()}`,
  });
  const [rider] = await app.ctx.db
    .insert(riders)
    .values({
      userId: account.user.id,
      name: account.user.name,
      phone: '08031234567',
      dateOfBirth: '2000-01-01',
      vehicle: 'motorcycle',
      status: opts.status ?? 'approved',
      isOnline: opts.isOnline ?? true,
    })
    .returning();
  return { ...account, rider: rider! };
}

export const adminAccount = (app: App) => createUser(app, { role: 'admin', name: 'Admin' });

export interface OrderLine {
  vendorId: string;
  quantity?: number;
  priceKobo?: number;
}

/**
 * A paid order (as checkout and payment would leave it): items Order Placed, a paid payment,
 * delivery code 1234 unless given.
 */
export async function createPaidOrder(
  app: App,
  customerId: string,
  lines: OrderLine[],
  opts: { code?: string; status?: string; paidAt?: Date } = {},
) {
  const address = await createAddress(app, customerId);
  const made = [];
  for (const l of lines) {
    const { product, options } = await createProduct(app, l.vendorId, {
      options: [{ name: 'Default Option', priceKobo: l.priceKobo ?? 150_000 }],
    });
    made.push({ product, option: options[0]!, line: l });
  }
  const itemsKobo = made.reduce((s, m) => s + m.option.priceKobo * (m.line.quantity ?? 1), 0);
  const deliveryFeeKobo = 75_000 * new Set(lines.map((l) => l.vendorId)).size;
  const serviceFeeKobo = 5_000;
  const amountKobo = itemsKobo + deliveryFeeKobo + serviceFeeKobo;
  const paidAt = opts.paidAt ?? new Date();
  const [order] = await app.ctx.db
    .insert(orders)
    .values({
      userId: customerId,
      addressId: address.id,
      address: {
        firstName: address.firstName,
        lastName: address.lastName,
        phone: address.phone,
        address: address.address,
        email: address.email,
        latitude: address.latitude,
        longitude: address.longitude,
      },
      itemsKobo,
      deliveryFeeKobo,
      serviceFeeKobo,
      amountKobo,
      paymentState: 'paid',
      paidAt,
      deliveryCode: opts.code ?? '1234',
    })
    .returning();
  const items = await app.ctx.db
    .insert(orderItems)
    .values(
      made.map((m) => ({
        orderId: order!.id,
        productId: m.product.id,
        optionId: m.option.id,
        vendorId: m.line.vendorId,
        productName: m.product.name,
        optionName: m.option.name,
        unitPriceKobo: m.option.priceKobo,
        quantity: m.line.quantity ?? 1,
        status: opts.status ?? 'Order Placed',
      })),
    )
    .returning();
  const [payment] = await app.ctx.db
    .insert(payments)
    .values({
      reference: `test_${randomBytes(8).toString('hex')}`,
      userId: customerId,
      purpose: 'order',
      subjectId: order!.id,
      amountKobo,
      provider: 'sandbox',
      state: 'paid',
      paidAt,
    })
    .returning();
  return { order: order!, items, payment: payment!, products: made.map((m) => m.product) };
}

/** A paid dispatch waiting for a rider (code 4321 unless given). */
export async function createPaidDispatch(
  app: App,
  customerId: string,
  opts: { isExpress?: boolean; code?: string } = {},
) {
  const place = (lat: number, lon: number, first: string) => ({
    firstName: first,
    lastName: 'Test',
    email: 'p@example.com',
    phone: '08031234567',
    address: `${first} Street, Ugbowo`,
    latitude: lat,
    longitude: lon,
  });
  const [d] = await app.ctx.db
    .insert(dispatches)
    .values({
      userId: customerId,
      pickup: place(6.4, 5.61, 'Pick'),
      dropoff: place(6.41, 5.62, 'Drop'),
      deliveryNote: 'A small box',
      isExpress: opts.isExpress ?? false,
      deliveryFeeKobo: 75_000,
      serviceFeeKobo: 2_000,
      amountKobo: 77_000,
      paymentState: 'paid',
      status: 'Order Placed',
      paidAt: new Date(),
      deliveryCode: opts.code ?? '4321',
    })
    .returning();
  return d!;
}

/** A multipart body with one file field, for app.inject. */
export function multipartImage(data: Buffer, filename = 'photo.png', contentType = 'image/png') {
  const boundary = `----jara${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const EVERY_DAY = Object.fromEntries(
  ['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, { open: '08:00', close: '21:00' }]),
);
