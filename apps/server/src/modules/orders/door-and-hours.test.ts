import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type {
  AddressAnswer,
  AddressListAnswer,
  DispatchPaymentAnswer,
  ErrorAnswer,
  JobListAnswer,
  OrderListAnswer,
  PublicConfig,
  SellerOrdersAnswer,
  VendorListAnswer,
} from '@jara/shared';
import { buildTestApp, createUser, json, type TestApp } from '../../../test/helpers.js';
import { checkout, checkoutOk, createShop, origin, sandboxAction, verify } from '../../../test/factories-checkout.js';
import { createRiderAccount } from '../../../test/factories-portals.js';
import { upsertPlaces } from '../geocoding/places.repo.js';
import { orders } from './orders.tables.js';
import { vendors } from '../catalogue/catalogue.tables.js';

let app: TestApp;
beforeAll(async () => {
  // The FAQ's delivery hours; each test sets the clock it needs.
  app = await buildTestApp({ DELIVERY_HOURS: '08:00-21:00' });
  await upsertPlaces(app.ctx.db, [
    {
      placeId: 't-hall-3',
      displayName: 'Hall 3 (Aminu Kano Hall), University of Benin',
      street: 'University of Benin',
      city: 'Benin City',
      country: 'Nigeria',
      lat: 6.39692,
      lon: 5.62065,
      kind: 'hall',
      blocks: ['A', 'B', 'C'],
    },
  ]);
});
afterAll(() => app.closeAll());

const at = (iso: string) => {
  app.ctx.clock = { now: () => new Date(iso) };
};
// Monday 2026-11-23 12:00 Lagos
const MIDDAY = '2026-11-23T11:00:00Z';

const post = (url: string, cookie: string, payload: object = {}) =>
  app.inject({ method: 'POST', url, headers: { cookie, ...origin }, payload });
const get = (url: string, cookie: string) => app.inject({ url, headers: { cookie } });

const ADDRESS = {
  firstName: 'Ada',
  lastName: 'Obi',
  email: 'ada@example.com',
  address: 'Hall 3 (Aminu Kano Hall), University of Benin',
  city: 'Benin City',
  state: 'Edo',
  zipcode: '300283',
  country: 'Nigeria',
  phone: '08031234567',
};

describe('addresses down to the door', () => {
  it('saves block, floor, room and landmark with a picked place; the place gives the coordinates', async () => {
    const { cookie } = await createUser(app);
    // The client's coordinates are ignored when a place is named: the gazetteer's win.
    const res = await post('/api/address/add', cookie, {
      ...ADDRESS,
      latitude: 6.41,
      longitude: 5.6,
      placeId: 't-hall-3',
      block: 'C',
      floor: '2',
      room: '214',
      landmark: 'Opposite the water tank',
    });
    expect(res.statusCode).toBe(200);
    expect(json<AddressAnswer>(res).address).toMatchObject({
      placeId: 't-hall-3',
      placeName: 'Hall 3 (Aminu Kano Hall), University of Benin',
      latitude: 6.39692,
      longitude: 5.62065,
      block: 'C',
      floor: '2',
      room: '214',
      landmark: 'Opposite the water tank',
    });
  });

  it('keeps a typed lodge name at the nearest known place ("Can\'t find your lodge?")', async () => {
    const { cookie } = await createUser(app);
    const res = await post('/api/address/add', cookie, {
      ...ADDRESS,
      address: 'Osasu Lodge, behind Hall 3',
      placeId: 't-hall-3',
      room: '7',
    });
    expect(json<AddressAnswer>(res).address).toMatchObject({
      address: 'Osasu Lodge, behind Hall 3',
      placeName: 'Hall 3 (Aminu Kano Hall), University of Benin',
      latitude: 6.39692,
      room: '7',
      block: '',
    });
  });

  it('still takes the spec payload (coordinates, no place, no door details)', async () => {
    const { cookie } = await createUser(app);
    const res = await post('/api/address/add', cookie, { ...ADDRESS, latitude: 6.3985, longitude: 5.6112 });
    expect(json<AddressAnswer>(res).address).toMatchObject({
      placeId: null,
      placeName: null,
      block: '',
      floor: '',
      room: '',
      landmark: '',
    });
  });

  it('refuses an unknown place and over-long door details, saving nothing', async () => {
    const { cookie } = await createUser(app);
    const unknown = await post('/api/address/add', cookie, { ...ADDRESS, placeId: 'no-such-place' });
    expect(unknown.statusCode).toBe(400);
    expect(json<ErrorAnswer>(unknown).message).toBe('Please select a valid address from suggestions.');
    const long = await post('/api/address/add', cookie, { ...ADDRESS, placeId: 't-hall-3', landmark: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(json<ErrorAnswer>(long).message).toBe('At most 200 characters');
    const ctrl = await post('/api/address/add', cookie, { ...ADDRESS, placeId: 't-hall-3', room: '2\u0000' });
    expect(ctrl.statusCode).toBe(400);
    expect(json<AddressListAnswer>(await get('/api/address/get', cookie)).addresses).toEqual([]);
  });

  it('the vendor and the rider see block, floor, room, landmark and the checkout note', async () => {
    at(MIDDAY);
    const shop = await createShop(app);
    const customer = await createUser(app);
    const address = json<AddressAnswer>(
      await post('/api/address/add', customer.cookie, {
        ...ADDRESS,
        placeId: 't-hall-3',
        block: 'C',
        floor: '2',
        room: '214',
        landmark: 'Opposite the water tank',
      }),
    ).address;
    const { reference } = await checkoutOk(app, customer.cookie, {
      items: [{ product: shop.products[0]!.product.id, quantity: 1 }],
      address: address._id,
      deliveryNote: 'Call me at the porter’s lodge',
    } as never);
    expect((await sandboxAction(app, reference, 'pay')).statusCode).toBeLessThan(400);
    expect((await verify(app, customer.cookie, reference)).statusCode).toBe(200);
    expect((await app.ctx.db.select().from(orders).where(eq(orders.userId, customer.user.id)))[0]?.paymentState).toBe(
      'paid',
    );

    const door = {
      placeName: 'Hall 3 (Aminu Kano Hall), University of Benin',
      block: 'C',
      floor: '2',
      room: '214',
      landmark: 'Opposite the water tank',
    };
    const sellerOrders = json<SellerOrdersAnswer>(
      await get('/api/seller/orders?scope=active', shop.owner.cookie),
    ).orders;
    expect(sellerOrders[0]).toMatchObject({ door, deliveryNote: 'Call me at the porter’s lodge' });

    const mine = json<OrderListAnswer>(await get('/api/order/user', customer.cookie)).orders;
    expect(mine[0]).toMatchObject({
      deliveryNote: 'Call me at the porter’s lodge',
      address: { block: 'C', room: '214' },
    });

    expect((await post(`/api/seller/orders/${sellerOrders[0]?._id}/confirm`, shop.owner.cookie)).statusCode).toBe(200);
    const rider = await createRiderAccount(app);
    const board = json<JobListAnswer>(await get('/api/rider/jobs', rider.cookie)).jobs;
    const job = board.find((j) => j._id === sellerOrders[0]?._id)!;
    expect(job).toMatchObject({ dropoff: { door }, note: 'Call me at the porter’s lodge' });
  });
});

describe('dispatch pick-up down to the door', () => {
  it('the rider sees the sender’s block and room at the pick-up', async () => {
    const sender = await createUser(app);
    const address = json<AddressAnswer>(
      await post('/api/address/add', sender.cookie, {
        ...ADDRESS,
        placeId: 't-hall-3',
        block: 'B',
        room: '12',
        landmark: 'Near the chapel',
      }),
    ).address;
    const res = await post('/api/payment/paystack-dispatch', sender.cookie, {
      pickupAddress: address._id,
      deliveryNote: 'A charger in a bag',
      isExpress: false,
      email: 'ada@example.com',
      dropoff: {
        firstName: 'Bola',
        lastName: 'Ade',
        email: 'bola@example.com',
        address: 'Faculty of Engineering',
        phone: '08051234567',
        latitude: 6.40179,
        longitude: 5.61537,
      },
    });
    expect(res.statusCode).toBe(200);
    const { reference } = json<DispatchPaymentAnswer>(res);
    await sandboxAction(app, reference, 'pay');
    expect((await verify(app, sender.cookie, reference)).statusCode).toBe(200);
    const rider = await createRiderAccount(app);
    const jobs = json<JobListAnswer>(await get('/api/rider/jobs', rider.cookie)).jobs;
    const job = jobs.find((j) => j.kind === 'dispatch' && j.note === 'A charger in a bag')!;
    expect(job.pickups[0]!.door).toEqual({
      placeName: 'Hall 3 (Aminu Kano Hall), University of Benin',
      block: 'B',
      floor: '',
      room: '12',
      landmark: 'Near the chapel',
    });
  });
});

describe('opening and delivery hours', () => {
  it('refuses checkout outside delivery hours with the hours, and takes it inside', async () => {
    const shop = await createShop(app);
    const customer = await createUser(app);
    const address = json<AddressAnswer>(
      await post('/api/address/add', customer.cookie, { ...ADDRESS, placeId: 't-hall-3' }),
    ).address;
    const body = { items: [{ product: shop.products[0]!.product.id, quantity: 1 }], address: address._id };
    at('2026-11-23T05:52:00Z'); // 06:52 Lagos
    const early = await checkout(app, customer.cookie, body);
    expect(early.statusCode).toBe(400);
    expect(json<ErrorAnswer>(early)).toMatchObject({
      code: 'outside_delivery_hours',
      message: 'We deliver from 8 AM–9 PM (Lagos time). Please place your order then.',
    });
    at('2026-11-23T20:00:00Z'); // 21:00 Lagos
    expect(json<ErrorAnswer>(await checkout(app, customer.cookie, body)).code).toBe('outside_delivery_hours');
    expect(await app.ctx.db.select().from(orders).where(eq(orders.userId, customer.user.id))).toEqual([]);
    at('2026-11-23T19:59:00Z'); // 20:59 Lagos
    expect((await checkout(app, customer.cookie, body)).statusCode).toBe(200);
  });

  it('refuses a closed vendor with when it opens; the vendor list says closed at that hour', async () => {
    const hours = Object.fromEntries(
      ['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, { open: '14:00', close: '02:00' }]),
    );
    const shop = await createShop(app, [150_000], { openingHours: hours, businessName: 'Night Kitchen' });
    const customer = await createUser(app);
    const address = json<AddressAnswer>(
      await post('/api/address/add', customer.cookie, { ...ADDRESS, placeId: 't-hall-3' }),
    ).address;
    const body = { items: [{ product: shop.products[0]!.product.id, quantity: 1 }], address: address._id };
    at(MIDDAY);
    const res = await checkout(app, customer.cookie, body);
    expect(json<ErrorAnswer>(res)).toMatchObject({ code: 'vendor_closed' });
    expect(json<ErrorAnswer>(res).message).toContain('Night Kitchen is closed right now (opens 14:00)');
    const listed = json<VendorListAnswer>(await app.inject({ url: '/api/seller/list' })).vendors.find(
      (v) => v._id === shop.vendor.id,
    );
    expect(listed).toMatchObject({ isOpen: false, acceptingOrders: true });
    at('2026-11-23T13:30:00Z'); // 14:30 Lagos
    expect((await checkout(app, customer.cookie, body)).statusCode).toBe(200);
    // The vendor's own switch closes it whatever the hours say.
    await app.ctx.db.update(vendors).set({ isOpen: false }).where(eq(vendors.id, shop.vendor.id));
    expect(json<ErrorAnswer>(await checkout(app, customer.cookie, body)).code).toBe('vendor_closed');
  });

  it('tells the web app the delivery hours', async () => {
    expect(json<PublicConfig>(await app.inject({ url: '/api/config' })).deliveryHours).toEqual({
      open: '08:00',
      close: '21:00',
    });
  });
});
