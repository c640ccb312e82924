import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { GeocodingListAnswer, SuggestionsAnswer, type Suggestion } from '@jara/shared';
import { buildTestApp, json, type TestApp } from '../../../test/helpers.js';
import { upsertPlaces } from './places.repo.js';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
  const base = { city: 'Benin City', country: 'Nigeria', street: '', kind: 'hall', source: 'curated' };
  await upsertPlaces(app.ctx.db, [
    { ...base, placeId: 'p-hall2', displayName: 'Hall 2, University of Benin, Ugbowo', lat: 6.401, lon: 5.612 },
    { ...base, placeId: 'p-hall3', displayName: 'Hall 3, University of Benin, Ugbowo', lat: 6.402, lon: 5.613 },
    { ...base, placeId: 'p-lib', displayName: 'John Harris Library, University of Benin', lat: 6.399, lon: 5.609 },
    {
      ...base,
      placeId: 'p-eko',
      displayName: 'Ekosodin Road, Ekosodin',
      lat: 6.395,
      lon: 5.62,
      street: 'Ekosodin Road',
    },
    { ...base, placeId: 'p-ubth', displayName: 'University of Benin Teaching Hospital (UBTH)', lat: 6.39, lon: 5.62 },
    { ...base, placeId: 'p-gate', displayName: 'Main Gate, University of Benin', lat: 6.396, lon: 5.603 },
    { ...base, placeId: 'p-pharm', displayName: 'Faculty of Pharmacy, University of Benin', lat: 6.4, lon: 5.607 },
    // An imported copy of a curated place, and a name that repeats its street.
    {
      ...base,
      placeId: 'osm-hall2',
      displayName: 'Hall 2, University of Benin, Ugbowo',
      lat: 6.4011,
      lon: 5.6121,
      source: 'osm',
    },
    {
      ...base,
      placeId: 'p-edo',
      displayName: 'Ekosodin Student Lodges, Edo Street, Edo Street, Benin City',
      lat: 6.409,
      lon: 5.623,
      kind: 'hostel',
      blocks: ['A', 'B'],
    },
  ]);
});
afterAll(() => app.closeAll());

/** `/api/geocoding/nearby`: unlike a search, every suggestion carries its distance from the point. */
type NearbyAnswer = Omit<SuggestionsAnswer, 'data'> & { data: (Suggestion & { distanceKm: number })[] };

describe('address search', () => {
  it('returns at most 5 fuzzy matches, best first, in the suggestion shape', async () => {
    const res = json<SuggestionsAnswer>(await app.inject({ url: '/api/geocoding/search?q=hall 2' }));
    expect(res.data[0]).toEqual({
      place_id: 'p-hall2',
      display_name: 'Hall 2, University of Benin, Ugbowo',
      lat: 6.401,
      lon: 5.612,
      city: 'Benin City',
      street: '',
      country: 'Nigeria',
      blocks: [],
    });
    const many = json<SuggestionsAnswer>(await app.inject({ url: '/api/geocoding/search?q=university' }));
    expect(many.data.length).toBe(5);
  });

  it('forgives a typo', async () => {
    const res = json<SuggestionsAnswer>(await app.inject({ url: '/api/geocoding/search?q=ekosdin' }));
    expect(res.data[0]?.place_id).toBe('p-eko');
  });

  it('treats LIKE wildcards and SQL as text and refuses an empty query', async () => {
    expect(json<SuggestionsAnswer>(await app.inject({ url: '/api/geocoding/search?q=%25%25' })).data).toEqual([]);
    expect(json<SuggestionsAnswer>(await app.inject({ url: "/api/geocoding/search?q=' OR 1=1 --" })).success).toBe(
      true,
    );
    expect((await app.inject({ url: '/api/geocoding/search?q=' })).statusCode).toBe(400);
  });
});

describe('suggestions without repeats', () => {
  it('shows a place once even when two rows share its name, and drops a repeated part of a name', async () => {
    const hall2 = json<SuggestionsAnswer>(await app.inject({ url: '/api/geocoding/search?q=hall 2' })).data;
    expect(hall2.filter((s) => s.display_name === 'Hall 2, University of Benin, Ugbowo')).toHaveLength(1);
    const edo = json<SuggestionsAnswer>(await app.inject({ url: '/api/geocoding/search?q=edo street lodges' })).data;
    expect(edo[0]).toMatchObject({
      place_id: 'p-edo',
      display_name: 'Ekosodin Student Lodges, Edo Street, Benin City',
      blocks: ['A', 'B'],
    });
  });

  it('answers no places (not an error) when nothing matches', async () => {
    const res = await app.inject({ url: '/api/geocoding/search?q=qqqzzzxxx' });
    expect(res.statusCode).toBe(200);
    expect(json<SuggestionsAnswer>(res).data).toEqual([]);
  });
});

describe('nearby places (a lodge not in the list)', () => {
  it('lists the known places nearest a point, closest first, with the distance', async () => {
    const res = json<NearbyAnswer>(await app.inject({ url: '/api/geocoding/nearby?lat=6.4089&lon=5.6228' }));
    expect(res.data).toHaveLength(5);
    expect(res.data[0]).toMatchObject({
      place_id: 'p-edo',
      display_name: 'Ekosodin Student Lodges, Edo Street, Benin City',
    });
    expect(res.data[0]?.distanceKm).toBeLessThan(0.1);
    const d = res.data.map((p) => p.distanceKm);
    expect([...d].sort((a, b) => a - b)).toEqual(d);
    // One Hall 2 only.
    expect(res.data.filter((p) => p.display_name.startsWith('Hall 2'))).toHaveLength(1);
  });

  it('refuses a point that is not one', async () => {
    expect((await app.inject({ url: '/api/geocoding/nearby?lat=95&lon=5.6' })).statusCode).toBe(400);
    expect((await app.inject({ url: '/api/geocoding/nearby?lat=abc&lon=5.6' })).statusCode).toBe(400);
    expect((await app.inject({ url: '/api/geocoding/nearby' })).statusCode).toBe(400);
  });
});

describe('fetchAddresses', () => {
  it('serves the whole list in the spec shape, gzipped, with an ETag', async () => {
    const res = await app.inject({ url: '/api/geocoding/fetchAddresses', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(gunzipSync(res.rawPayload).toString());
    expect(body.data).toHaveLength(9);
    expect(Object.keys(body.data[0]).sort()).toEqual([
      'city',
      'country',
      'display_name',
      'lat',
      'lon',
      'place_id',
      'street',
    ]);
    const etag = res.headers.etag as string;
    expect(
      (await app.inject({ url: '/api/geocoding/fetchAddresses', headers: { 'if-none-match': etag } })).statusCode,
    ).toBe(304);
  });
});

describe('answers from memory', () => {
  // They are sent as prepared bytes, not through the serialiser: this is their schema check.
  it('carry exactly what their response schemas name', async () => {
    const list = json<GeocodingListAnswer>(await app.inject({ url: '/api/geocoding/fetchAddresses' }));
    expect(GeocodingListAnswer.parse(list)).toEqual(list);
    const found = json<SuggestionsAnswer>(await app.inject({ url: '/api/geocoding/search?q=edo street lodges' }));
    expect(found.data.length).toBeGreaterThan(0);
    expect(SuggestionsAnswer.parse(found)).toEqual(found);
  });
});
