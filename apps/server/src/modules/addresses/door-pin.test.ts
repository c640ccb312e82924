import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PIN_MAX_DISTANCE_M, type AddressAnswer, type ErrorAnswer } from '@jara/shared';
import { buildTestApp, createUser, json, type TestApp } from '../../../test/helpers.js';
import { checkoutOk, createShop, origin } from '../../../test/factories-checkout.js';
import { upsertPlaces } from '../geocoding/places.repo.js';
import { addresses } from './addresses.tables.js';
import { orders } from '../orders/orders.tables.js';

/**
 * Pin the door (issue 28): the map pin dragged from the picked place is saved as the address's
 * coordinates, which the fee, the order and the rider read; a pin outside the service area or too
 * far from its place is refused and nothing changes.
 */
let app: TestApp;
const HALL_3 = { latitude: 6.39692, longitude: 5.62065 };
/** About 111.2 km per degree of latitude. */
const north = (metres: number) => ({ latitude: HALL_3.latitude + metres / 111_195, longitude: HALL_3.longitude });

beforeAll(async () => {
  // One trip of 300 m or less costs ₦500, anything longer ₦1,800: a pin 400 m from the place changes the fee.
  app = await buildTestApp({ DELIVERY_FEE_TIERS: '0.3:500,*:1800' });
  await upsertPlaces(app.ctx.db, [
    {
      placeId: 't-hall-3',
      displayName: 'Hall 3 (Aminu Kano Hall), University of Benin',
      street: 'University of Benin',
      city: 'Benin City',
      country: 'Nigeria',
      lat: HALL_3.latitude,
      lon: HALL_3.longitude,
      kind: 'hall',
      blocks: [],
    },
  ]);
});
afterAll(() => app.closeAll());

const ADDRESS = {
  firstName: 'Ada',
  lastName: 'Obi',
  email: 'ada@example.com',
  address: 'Hall 3 (Aminu Kano Hall), University of Benin',
  city: 'Benin City',
  state: 'Edo',
  zipcode: '300283',
  country: 'Nigeria',
  phone: '0803 123 4567',
  placeId: 't-hall-3',
};
const post = (url: string, cookie: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: { cookie, ...origin }, payload });
const rowsOf = (userId: string) => app.ctx.db.select().from(addresses).where(eq(addresses.userId, userId));

describe('the door pin', () => {
  it('is saved instead of the place’s coordinates, as added and as updated', async () => {
    const { cookie } = await createUser(app);
    const pin = north(120);
    const added = await post('/api/address/add', cookie, { ...ADDRESS, pin });
    expect(added.statusCode, added.body).toBe(200);
    const { address } = json<AddressAnswer>(added);
    expect(address).toMatchObject({ ...pin, placeId: 't-hall-3', placeName: ADDRESS.address });

    const moved = north(PIN_MAX_DISTANCE_M - 20);
    const updated = await post(`/api/address/update/${address._id}`, cookie, { ...ADDRESS, pin: moved });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(json<AddressAnswer>(updated).address).toMatchObject(moved);

    // Without a pin the place's coordinates stand, as before.
    const plain = await post('/api/address/add', cookie, ADDRESS);
    expect(json<AddressAnswer>(plain).address).toMatchObject(HALL_3);
  });

  it('is what the delivery fee and the order the rider reads go by', async () => {
    // The shop stands at the place itself: to the place the trip is 0 km (₦500), to the pin 400 m (₦1,800).
    const shop = await createShop(app, [150_000], HALL_3);
    const { user, cookie } = await createUser(app);
    const pin = north(400);
    const { address } = json<AddressAnswer>(await post('/api/address/add', cookie, { ...ADDRESS, pin }));
    await checkoutOk(app, cookie, {
      items: [{ product: shop.products[0]!.product.id, quantity: 1 }],
      address: address._id,
    });
    const [order] = await app.ctx.db.select().from(orders).where(eq(orders.userId, user.id));
    expect(order!.deliveryFeeKobo).toBe(180_000);
    expect(order!.address).toMatchObject(pin);
  });

  it('is refused outside the service area, and nothing is saved or changed', async () => {
    const { user, cookie } = await createUser(app);
    const lagos = { latitude: 6.5244, longitude: 3.3792 };
    const res = await post('/api/address/add', cookie, { ...ADDRESS, pin: lagos });
    expect(res.statusCode).toBe(400);
    expect(json<ErrorAnswer>(res)).toMatchObject({
      code: 'pin_outside_area',
      message: 'The pin is outside our delivery area. Drag it back onto your building.',
    });
    expect(await rowsOf(user.id)).toHaveLength(0);

    const { address } = json<AddressAnswer>(await post('/api/address/add', cookie, { ...ADDRESS, pin: north(50) }));
    const refused = await post(`/api/address/update/${address._id}`, cookie, {
      ...ADDRESS,
      room: '9',
      pin: lagos,
    });
    expect(json<ErrorAnswer>(refused).code).toBe('pin_outside_area');
    const [row] = await rowsOf(user.id);
    expect(row).toMatchObject({ ...north(50), room: '' });
  });

  it('is refused further than PIN_MAX_DISTANCE_M from its place, in the asker’s language, saving nothing', async () => {
    const { user, cookie } = await createUser(app);
    const far = north(PIN_MAX_DISTANCE_M + 100);
    const res = await post('/api/address/add', cookie, { ...ADDRESS, pin: far });
    expect(res.statusCode).toBe(400);
    expect(json<ErrorAnswer>(res)).toMatchObject({
      code: 'pin_too_far',
      message: 'The pin is too far from the place you picked. Drag it back onto your building, or pick a nearer place.',
    });
    const pidgin = await post('/api/address/add', `${cookie}; jara_lang=pcm`, { ...ADDRESS, pin: far });
    expect(json<ErrorAnswer>(pidgin)).toMatchObject({
      code: 'pin_too_far',
      message: expect.stringMatching(/^The pin don far/),
    });
    expect(await rowsOf(user.id)).toHaveLength(0);
  });

  it('needs the place it was dragged from', async () => {
    const { user, cookie } = await createUser(app);
    const res = await post('/api/address/add', cookie, { ...ADDRESS, placeId: undefined, ...HALL_3, pin: north(50) });
    expect(res.statusCode).toBe(400);
    expect(json<ErrorAnswer>(res)).toMatchObject({
      code: 'validation_failed',
      message: 'Please select a valid address from suggestions.',
    });
    expect(await rowsOf(user.id)).toHaveLength(0);
  });
});
