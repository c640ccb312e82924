import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
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
    { ...base, placeId: 'p-eko', displayName: 'Ekosodin Road, Ekosodin', lat: 6.395, lon: 5.62, street: 'Ekosodin Road' },
    { ...base, placeId: 'p-ubth', displayName: 'University of Benin Teaching Hospital (UBTH)', lat: 6.39, lon: 5.62 },
    { ...base, placeId: 'p-gate', displayName: 'Main Gate, University of Benin', lat: 6.396, lon: 5.603 },
    { ...base, placeId: 'p-pharm', displayName: 'Faculty of Pharmacy, University of Benin', lat: 6.4, lon: 5.607 },
  ]);
});
afterAll(() => app.closeAll());

describe('address search', () => {
  it('returns at most 5 fuzzy matches, best first, in the suggestion shape', async () => {
    const res = json(await app.inject({ url: '/api/geocoding/search?q=hall 2' }));
    expect(res.data[0]).toEqual({ place_id: 'p-hall2', display_name: 'Hall 2, University of Benin, Ugbowo', lat: 6.401, lon: 5.612, city: 'Benin City', street: '', country: 'Nigeria' });
    const many = json(await app.inject({ url: '/api/geocoding/search?q=university' }));
    expect(many.data.length).toBe(5);
  });

  it('forgives a typo', async () => {
    const res = json(await app.inject({ url: '/api/geocoding/search?q=ekosdin' }));
    expect(res.data[0]?.place_id).toBe('p-eko');
  });

  it('treats LIKE wildcards and SQL as text and refuses an empty query', async () => {
    expect(json(await app.inject({ url: '/api/geocoding/search?q=%25%25' })).data).toEqual([]);
    expect(json(await app.inject({ url: "/api/geocoding/search?q=' OR 1=1 --" })).success).toBe(true);
    expect((await app.inject({ url: '/api/geocoding/search?q=' })).statusCode).toBe(400);
  });
});

describe('fetchAddresses', () => {
  it('serves the whole list in the spec shape, gzipped, with an ETag', async () => {
    const res = await app.inject({ url: '/api/geocoding/fetchAddresses', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(gunzipSync(res.rawPayload).toString());
    expect(body.data).toHaveLength(7);
    expect(Object.keys(body.data[0]).sort()).toEqual(['city', 'country', 'display_name', 'lat', 'lon', 'place_id', 'street']);
    const etag = res.headers.etag as string;
    expect((await app.inject({ url: '/api/geocoding/fetchAddresses', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
  });
});
