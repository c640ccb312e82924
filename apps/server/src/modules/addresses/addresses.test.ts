import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AddressAnswer, AddressListAnswer, ErrorAnswer, MessageAnswer } from '@jara/shared';
import { buildTestApp, createUser, json, type TestApp } from '../../../test/helpers.js';
import { checkoutOk, createCustomer, createShop, origin } from '../../../test/factories-checkout.js';
import { addresses } from './addresses.tables.js';
import { orders } from '../orders/orders.tables.js';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.closeAll();
});

const valid = {
  firstName: 'Ada',
  lastName: 'Obi',
  email: 'Ada@Example.com',
  address: 'Hall 3, University of Benin',
  city: 'Benin City',
  state: 'Edo',
  zipcode: '300283',
  country: 'Nigeria',
  phone: '0803 123 4567',
  latitude: 6.3985,
  longitude: 5.6112,
};
const post = (url: string, cookie: string | null, payload: object) =>
  app.inject({ method: 'POST', url, headers: { ...(cookie ? { cookie } : {}), ...origin }, payload });

describe('addresses', () => {
  it('adds, lists, updates and soft-deletes the caller’s own addresses', async () => {
    const { cookie } = await createUser(app);
    const added = await post('/api/address/add', cookie, valid);
    expect(added.statusCode).toBe(200);
    const { address } = json<AddressAnswer>(added);
    expect(address).toMatchObject({ firstName: 'Ada', email: 'ada@example.com', latitude: 6.3985 });
    const list = json<AddressListAnswer>(await app.inject({ url: '/api/address/get', headers: { cookie } }));
    expect(list).toMatchObject({ success: true, addresses: [{ _id: address._id, city: 'Benin City' }] });

    const updated = await post(`/api/address/update/${address._id}`, cookie, {
      ...valid,
      address: 'Hall 4, University of Benin',
    });
    expect(json<AddressAnswer>(updated).address.address).toBe('Hall 4, University of Benin');

    const removed = await post(`/api/address/delete/${address._id}`, cookie, {});
    expect(json<MessageAnswer>(removed)).toMatchObject({ success: true });
    expect(
      json<AddressListAnswer>(await app.inject({ url: '/api/address/get', headers: { cookie } })).addresses,
    ).toEqual([]);
    const [row] = await app.ctx.db.select().from(addresses).where(eq(addresses.id, address._id));
    expect(row!.deletedAt).not.toBeNull();
    expect((await post(`/api/address/delete/${address._id}`, cookie, {})).statusCode).toBe(404);
  });

  it('refuses bad fields with the spec messages and changes nothing', async () => {
    const { user, cookie } = await createUser(app);
    const cases: [object, string | RegExp][] = [
      [{ ...valid, latitude: null, longitude: null }, 'Please select a valid address from suggestions.'],
      [{ ...valid, latitude: undefined, longitude: undefined }, 'Please select a valid address from suggestions.'],
      [{ ...valid, phone: '12345' }, 'Please enter a valid Nigerian phone number.'],
      [{ ...valid, email: 'nope' }, 'Invalid email format.'],
      [{ ...valid, latitude: 6.5244, longitude: 3.3792 }, 'This address is outside our delivery area.'],
      [{ ...valid, city: '' }, 'This field is required'],
      [{ ...valid, isDefault: true }, /.+/],
    ];
    for (const [body, message] of cases) {
      const res = await post('/api/address/add', cookie, body);
      expect(res.statusCode).toBe(400);
      if (typeof message === 'string') expect(json<ErrorAnswer>(res).message).toBe(message);
      else expect(json<ErrorAnswer>(res).message).toMatch(message);
    }
    expect(await app.ctx.db.select().from(addresses).where(eq(addresses.userId, user.id))).toHaveLength(0);
  });

  it("saves the spec's address object wrapped as { address: {…} }, as added and as updated", async () => {
    const { cookie } = await createUser(app);
    const added = await post('/api/address/add', cookie, { address: valid });
    expect(added.statusCode, added.body).toBe(200);
    const { address } = json<AddressAnswer>(added);
    expect(address).toMatchObject({
      firstName: 'Ada',
      email: 'ada@example.com',
      address: 'Hall 3, University of Benin',
      latitude: 6.3985,
      longitude: 5.6112,
    });
    const list = json<AddressListAnswer>(await app.inject({ url: '/api/address/get', headers: { cookie } }));
    expect(list.addresses.map((a) => a._id)).toEqual([address._id]);

    const updated = await post(`/api/address/update/${address._id}`, cookie, {
      address: { ...valid, address: 'Hall 5, University of Benin' },
    });
    expect(json<AddressAnswer>(updated).address).toMatchObject({
      _id: address._id,
      address: 'Hall 5, University of Benin',
    });
  });

  it('refuses a bad wrapped address with the same clear message as a flat one, and saves nothing', async () => {
    const { user, cookie } = await createUser(app);
    const cases: [object, string][] = [
      [{ address: { ...valid, phone: '12345' } }, 'Please enter a valid Nigerian phone number.'],
      [{ address: { ...valid, latitude: null, longitude: null } }, 'Please select a valid address from suggestions.'],
      [{ address: { ...valid, email: 'nope' } }, 'Invalid email format.'],
      [{ address: { ...valid, city: '' } }, 'This field is required'],
      [{ address: valid, userId: user.id }, 'Unrecognized key: "userId"'],
      [{ address: { ...valid, address: { street: 'Hall 3' } } }, 'Invalid input: expected string, received object'],
    ];
    for (const [body, message] of cases) {
      const res = await post('/api/address/add', cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json<ErrorAnswer>(res)).toMatchObject({ code: 'validation_failed', message });
    }
    expect(await app.ctx.db.select().from(addresses).where(eq(addresses.userId, user.id))).toHaveLength(0);
  });

  it('cannot read, change or delete another user’s address; guests are refused', async () => {
    const owner = await createCustomer(app);
    const other = await createUser(app);
    expect(
      json<AddressListAnswer>(await app.inject({ url: '/api/address/get', headers: { cookie: other.cookie } }))
        .addresses,
    ).toEqual([]);
    expect((await post(`/api/address/update/${owner.address.id}`, other.cookie, valid)).statusCode).toBe(404);
    expect((await post(`/api/address/delete/${owner.address.id}`, other.cookie, {})).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/address/get' })).statusCode).toBe(401);
    expect((await post('/api/address/add', null, valid)).statusCode).toBe(401);
    const [row] = await app.ctx.db.select().from(addresses).where(eq(addresses.id, owner.address.id));
    expect(row!.deletedAt).toBeNull();
    expect(row!.address).toBe(owner.address.address);
  });

  it('a deleted address cannot be used for checkout, but past orders keep their snapshot', async () => {
    const shop = await createShop(app);
    const customer = await createCustomer(app);
    const { reference } = await checkoutOk(app, customer.cookie, {
      items: [{ product: shop.products[0]!.product.id, quantity: 1 }],
      address: customer.address.id,
    });
    await post(`/api/address/delete/${customer.address.id}`, customer.cookie, {});
    const res = await post('/api/payment/paystack', customer.cookie, {
      items: [{ product: shop.products[0]!.product.id, quantity: 1 }],
      address: customer.address.id,
    });
    expect(res.statusCode).toBe(404);
    const [order] = await app.ctx.db.select().from(orders).where(eq(orders.userId, customer.user.id));
    expect(order!.address).toMatchObject({ address: customer.address.address });
    expect(reference).toBeTruthy();
  });
});
