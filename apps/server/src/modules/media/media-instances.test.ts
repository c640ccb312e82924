/**
 * Media any instance can serve: with the PostgreSQL driver (the default with DATABASE_URL) or
 * S3, an image uploaded through one instance is served by another, with the same headers and
 * ETag as the local driver gives.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../infra/db/client.js';
import { localStorage } from '../../infra/storage/local.js';
import { buildTestApp, freshDatabase, json, type TestApp } from '../../../test/helpers.js';
import { createVendorAccount, multipartImage } from '../../../test/factories-portals.js';
import { startS3 } from '../../../test/s3-server.js';

let png: Buffer;
beforeAll(async () => {
  png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
});

/** Two instances on one database, each with its own pool on PostgreSQL (one shared handle on PGlite). */
async function twoInstances(env: Record<string, string>) {
  const fresh = await freshDatabase();
  const dbs: Database[] = fresh.url
    ? [await openPostgres(fresh.url, 3), await openPostgres(fresh.url, 3)]
    : [fresh.database, fresh.database];
  // Each instance has an upload folder of its own, as two machines would: nothing is shared through the disk.
  const a = await buildTestApp({ ...env, UPLOAD_DIR: mkdtempSync(path.join(tmpdir(), 'jara-a-')) }, dbs[0]);
  const b = await buildTestApp({ ...env, UPLOAD_DIR: mkdtempSync(path.join(tmpdir(), 'jara-b-')) }, dbs[1]);
  return {
    a,
    b,
    async close() {
      await a.close();
      await b.close();
      if (fresh.url) for (const d of dbs) await d.close();
      await fresh.database.close();
      await fresh.drop();
    },
  };
}

async function uploadProductImage(app: TestApp) {
  const vendor = await createVendorAccount(app);
  const m = multipartImage(png);
  const res = await app.inject({
    method: 'POST',
    url: '/api/seller/upload?kind=product',
    headers: { cookie: vendor.cookie, origin: 'http://localhost:3000', ...m.headers },
    payload: m.payload,
  });
  expect(res.statusCode).toBe(200);
  return json<{ url: string }>(res).url;
}

describe.each([
  ['PostgreSQL', async () => ({ env: { STORAGE_DRIVER: 'postgres' }, stop: async () => undefined })],
  [
    'S3',
    async () => {
      const s3 = await startS3();
      return { env: s3.env, stop: s3.close };
    },
  ],
])('media on the %s driver', (_name, backend) => {
  let pair: Awaited<ReturnType<typeof twoInstances>>;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    const b = await backend();
    stop = b.stop;
    pair = await twoInstances(b.env);
  });
  afterAll(async () => {
    await pair?.close();
    await stop?.();
  });

  it('an image uploaded through instance A is served by instance B, with the cache headers and ETag as before', async () => {
    const url = await uploadProductImage(pair.a);
    const fromA = await pair.a.inject({ url });
    const fromB = await pair.b.inject({ url });
    expect(fromB.statusCode).toBe(200);
    expect(fromB.rawPayload).toEqual(fromA.rawPayload);
    expect(fromB.headers['content-type']).toBe('image/webp');
    expect(fromB.headers['cache-control']).toBe('public, max-age=86400, stale-while-revalidate=604800');
    expect(Number(fromB.headers['content-length'])).toBe(fromB.rawPayload.length);

    // The ETag is the one the local driver (and @fastify/etag before it) gives the same bytes.
    const local = localStorage(mkdtempSync(path.join(tmpdir(), 'jara-etag-')));
    await local.put('x.webp', fromB.rawPayload);
    expect(fromB.headers.etag).toBe((await local.stat('x.webp'))!.etag);
    expect(fromA.headers.etag).toBe(fromB.headers.etag);
    const again = await pair.a.inject({ url, headers: { 'if-none-match': String(fromB.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('a resized copy made by one instance is found by the other', async () => {
    const url = await uploadProductImage(pair.a);
    const small = await pair.b.inject({ url: `${url}?w=200` });
    expect(small.statusCode).toBe(200);
    expect((await sharp(small.rawPayload).metadata()).width).toBe(200);
    const key = url.slice('/media/'.length);
    expect(await pair.a.ctx.storage.exists(`cache/w200/${key}`)).toBe(true);
    const sameFromA = await pair.a.inject({ url: `${url}?w=200` });
    expect(sameFromA.headers.etag).toBe(small.headers.etag);
  });

  it('a missing image is a 404 on both', async () => {
    for (const app of [pair.a, pair.b])
      expect((await app.inject({ url: '/media/products/nobody/none.webp' })).statusCode).toBe(404);
  });
});
