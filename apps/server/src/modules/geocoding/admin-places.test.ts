import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AddressAnswer,
  AdminPlaceAnswer,
  AdminPlacesAnswer,
  ErrorAnswer,
  GeocodingListAnswer,
  MapInfoAnswer,
  PlaceInput,
  SuggestionsAnswer,
} from '@jara/shared';
import { buildTestApp, catalogueWritten, createUser, json, type TestApp } from '../../../test/helpers.js';
import { adminAccount } from '../../../test/factories-portals.js';
import { upsertPlaces } from './places.repo.js';

let app: TestApp;
let admin: string;
const base = { city: 'Benin City', country: 'Nigeria', street: '', kind: 'hall', source: 'curated' };
beforeAll(async () => {
  app = await buildTestApp();
  admin = (await adminAccount(app)).cookie;
  await upsertPlaces(app.ctx.db, [
    { ...base, placeId: 'ap-hall5', displayName: 'Hall 5, University of Benin', lat: 6.401, lon: 5.612, blocks: ['A'] },
    { ...base, placeId: 'ap-lodge', displayName: 'Osaro Lodge, Ekosodin', lat: 6.404, lon: 5.62, kind: 'hostel' },
    { ...base, placeId: 'ap-gate', displayName: 'Back Gate, University of Benin', lat: 6.396, lon: 5.603 },
  ]);
  await catalogueWritten(app);
});
afterAll(() => app.closeAll());

const send = (method: 'POST' | 'PUT', url: string, cookie: string, payload?: unknown) =>
  app.inject({ method, url, headers: { cookie }, payload: (payload ?? {}) as object });
const search = async (q: string) =>
  json<SuggestionsAnswer>(await app.inject({ url: `/api/geocoding/search?q=${encodeURIComponent(q)}` })).data;
const names = (list: { display_name: string }[]) => list.map((p) => p.display_name);

const hall5: PlaceInput = {
  displayName: 'Hall 5, University of Benin',
  street: '',
  kind: 'hall',
  lat: 6.401,
  lon: 5.612,
  blocks: ['A'],
};

describe('campus places in the admin', () => {
  it('are for admins only: a customer is refused and nothing changes', async () => {
    const customer = (await createUser(app)).cookie;
    expect((await app.inject({ url: '/api/admin/places', headers: { cookie: customer } })).statusCode).toBe(403);
    const renamed = { ...hall5, displayName: 'Taken Over Hall' };
    expect((await send('PUT', '/api/admin/places/ap-hall5', customer, renamed)).statusCode).toBe(403);
    expect((await send('POST', '/api/admin/places/ap-hall5/hide', customer)).statusCode).toBe(403);
    expect((await send('POST', '/api/admin/places', '', renamed)).statusCode).toBe(401);
    expect(names(await search('Taken Over'))).toEqual([]);
    expect(names(await search('Hall 5'))).toContain('Hall 5, University of Benin');
  });

  it('lists them with a search, hidden ones included, a page at a time', async () => {
    const res = json<AdminPlacesAnswer>(
      await app.inject({ url: '/api/admin/places?q=university', headers: { cookie: admin } }),
    );
    expect(res.places.map((p) => p.placeId)).toEqual(['ap-gate', 'ap-hall5']);
    expect(res.total).toBe(2);
    expect(res.nextOffset).toBeNull();
    expect(res.places[1]).toMatchObject({ blocks: ['A'], hidden: false, editedAt: null, kind: 'hall' });
  });

  it('renames and moves a place, and edits its blocks: search follows at once', async () => {
    const res = await send('PUT', '/api/admin/places/ap-hall5', admin, {
      ...hall5,
      displayName: 'Hall 5 (Jaja Hall), University of Benin',
      lat: 6.4012,
      lon: 5.6125,
      blocks: ['A', 'B', 'Annex'],
    });
    expect(res.statusCode).toBe(200);
    expect(json<AdminPlaceAnswer>(res).place).toMatchObject({ lat: 6.4012, blocks: ['A', 'B', 'Annex'] });
    const hit = (await search('jaja'))[0];
    expect(hit).toMatchObject({
      place_id: 'ap-hall5',
      display_name: 'Hall 5 (Jaja Hall), University of Benin',
      lat: 6.4012,
      lon: 5.6125,
      blocks: ['A', 'B', 'Annex'],
    });
  });

  it('adds a new place, found by search and in the list', async () => {
    const res = await send('POST', '/api/admin/places', admin, {
      displayName: 'Mama Put Junction, Ekosodin',
      kind: 'landmark',
      lat: 6.405,
      lon: 5.621,
    });
    expect(res.statusCode).toBe(200);
    const { place } = json<AdminPlaceAnswer>(res);
    expect(place.placeId).toMatch(/^admin-/);
    expect(place).toMatchObject({ blocks: [], street: '', hidden: false, source: 'curated' });
    expect((await search('mama put'))[0]?.place_id).toBe(place.placeId);
    const list = json<GeocodingListAnswer>(await app.inject({ url: '/api/geocoding/fetchAddresses' }));
    expect(list.data.map((p) => p.place_id)).toContain(place.placeId);
  });

  it('refuses a bad place with a 400 and changes nothing', async () => {
    const bad: [unknown, string][] = [
      [{ ...hall5, displayName: 'Far Away Hall', lat: 9.07, lon: 7.49 }, 'outside_service_area'],
      [{ ...hall5, displayName: '   ' }, 'validation_failed'],
      [{ ...hall5, lat: 'north' }, 'validation_failed'],
      [{ ...hall5, blocks: ['A', 'a'] }, 'validation_failed'],
      [{ ...hall5, kind: 'spaceport' }, 'validation_failed'],
    ];
    for (const [body, code] of bad) {
      const res = await send('PUT', '/api/admin/places/ap-hall5', admin, body);
      expect(res.statusCode).toBe(400);
      expect(json<ErrorAnswer>(res).code).toBe(code);
    }
    expect((await send('POST', '/api/admin/places', admin, bad[0]![0])).statusCode).toBe(400);
    expect(names(await search('Far Away'))).toEqual([]);
    expect((await search('jaja'))[0]?.lat).toBe(6.4012);
    expect((await send('PUT', '/api/admin/places/nowhere', admin, hall5)).statusCode).toBe(404);
  });

  it('hides a place from search, suggestions and the list, while an address pinned to it keeps working', async () => {
    const { user, cookie } = await createUser(app);
    const saved = await send('POST', '/api/address/add', cookie, {
      firstName: 'Ada',
      lastName: 'Obi',
      email: user.email,
      phone: '08031234567',
      address: 'Osaro Lodge, Ekosodin',
      placeId: 'ap-lodge',
      latitude: 6.404,
      longitude: 5.62,
      city: 'Benin City',
      state: 'Edo',
      zipcode: '300001',
      country: 'Nigeria',
    });
    expect(saved.statusCode).toBe(200);
    const address = json<AddressAnswer>(saved).address;

    const hidden = await send('POST', '/api/admin/places/ap-lodge/hide', admin);
    expect(json<AdminPlaceAnswer>(hidden).place.hidden).toBe(true);
    expect(names(await search('osaro'))).toEqual([]);
    const list = json<GeocodingListAnswer>(await app.inject({ url: '/api/geocoding/fetchAddresses' }));
    expect(list.data.map((p) => p.place_id)).not.toContain('ap-lodge');
    const nearby = json<SuggestionsAnswer>(await app.inject({ url: '/api/geocoding/nearby?lat=6.404&lon=5.62' }));
    expect(nearby.data.map((p) => p.place_id)).not.toContain('ap-lodge');
    // The admin still sees it, as hidden.
    const mine = json<AdminPlacesAnswer>(
      await app.inject({ url: '/api/admin/places?show=hidden', headers: { cookie: admin } }),
    );
    expect(mine.places.map((p) => p.placeId)).toEqual(['ap-lodge']);

    // The address still reads its place, and saving it again still works.
    const again = await send('POST', `/api/address/update/${address._id}`, cookie, {
      firstName: 'Ada',
      lastName: 'Obi',
      email: user.email,
      phone: '08031234567',
      address: 'Osaro Lodge, Ekosodin',
      placeId: 'ap-lodge',
      latitude: 6.404,
      longitude: 5.62,
      city: 'Benin City',
      state: 'Edo',
      zipcode: '300001',
      country: 'Nigeria',
    });
    expect(again.statusCode).toBe(200);
    expect(json<AddressAnswer>(again).address).toMatchObject({ latitude: 6.404, longitude: 5.62 });

    await send('POST', '/api/admin/places/ap-lodge/unhide', admin);
    expect(names(await search('osaro'))).toEqual(['Osaro Lodge, Ekosodin']);
  });

  it('takes a hidden place’s label off the campus map, and puts it back when shown again', async () => {
    const labels = async () => json<MapInfoAnswer>(await app.inject({ url: '/api/map' })).map.places;
    const label = (await labels()).find((p) => p.name === 'Hall 2 (Tinubu Female Hostel)')!;
    expect(label).toBeDefined();
    const before = await app.inject({ url: '/api/map' });
    await upsertPlaces(app.ctx.db, [
      {
        ...base,
        placeId: 'ap-tinubu',
        displayName: 'Hall 2 (Tinubu Hall), University of Benin, Ugbowo',
        lat: label.latitude + 0.0003,
        lon: label.longitude,
      },
    ]);
    await send('POST', '/api/admin/places/ap-tinubu/hide', admin);
    const after = await labels();
    expect(after.map((p) => p.name)).not.toContain('Hall 2 (Tinubu Female Hostel)');
    expect(after.map((p) => p.name)).toContain('Faculty of Engineering');
    // A browser's copy of the old map is not confirmed: the ETag moved with the labels.
    const again = await app.inject({ url: '/api/map', headers: { 'if-none-match': String(before.headers.etag) } });
    expect(again.statusCode).toBe(200);
    await send('POST', '/api/admin/places/ap-tinubu/unhide', admin);
    expect((await labels()).map((p) => p.name)).toContain('Hall 2 (Tinubu Female Hostel)');
  });

  it('keeps an admin’s change when the curated list is loaded again', async () => {
    await upsertPlaces(app.ctx.db, [
      { ...base, placeId: 'ap-hall5', displayName: 'Hall 5, University of Benin', lat: 6.401, lon: 5.612 },
      { ...base, placeId: 'ap-gate', displayName: 'Back Gate (Ugbowo), University of Benin', lat: 6.396, lon: 5.603 },
    ]);
    await catalogueWritten(app);
    expect((await search('jaja'))[0]?.place_id).toBe('ap-hall5');
    expect((await search('back gate'))[0]?.display_name).toBe('Back Gate (Ugbowo), University of Benin');
  });
});
