import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { migrate, type Database } from '../db/client.js';
import { freshDatabase } from '../../../test/helpers.js';
import { startS3 } from '../../../test/s3-server.js';
import { createStorage } from './create.js';
import { localStorage } from './local.js';
import { moveMedia } from './move.js';
import { postgresStorage } from './postgres.js';
import { etagOf, readAll, type Storage } from './storage.js';

let database: Database;
let drop: () => Promise<void>;
let s3: Awaited<ReturnType<typeof startS3>>;
const drivers: Record<string, Storage> = {};

beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  await migrate(database);
  s3 = await startS3();
  drivers.local = localStorage(mkdtempSync(path.join(tmpdir(), 'jara-store-')));
  // Tiny chunks, so a small file spans several and ranges cross chunk edges.
  drivers.postgres = postgresStorage(database.db, 1000);
  drivers.s3 = createStorage(loadConfig({ ...s3.env, S3_PREFIX: 'deploy-1/' }), database);
});
afterAll(async () => {
  await drivers.s3?.close?.();
  await s3?.close();
  await database?.close();
  await drop?.();
});

describe.each(['local', 'postgres', 's3'])('%s storage', (name) => {
  const data = randomBytes(4500);
  const store = () => drivers[name]!;

  it('keeps a file and tells its size, content type and the ETag the server has always sent', async () => {
    await store().put('products/v1/a.webp', data);
    expect(await store().exists('products/v1/a.webp')).toBe(true);
    expect(await store().get('products/v1/a.webp')).toEqual(data);
    expect(await store().stat('products/v1/a.webp')).toEqual({
      size: 4500,
      etag: etagOf(data),
      contentType: 'image/webp',
    });
    expect(await readAll((await store().stream('products/v1/a.webp'))!)).toEqual(data);
  });

  it('streams byte ranges, across chunk edges and to the last byte', async () => {
    for (const [start, end] of [
      [0, 0],
      [990, 2010],
      [3999, 4499],
      [4400, 4499],
    ] as const) {
      expect(await readAll((await store().stream('products/v1/a.webp', { start, end }))!)).toEqual(
        data.subarray(start, end + 1),
      );
    }
  });

  it('replaces a file written again, and keeps an empty one', async () => {
    const other = randomBytes(1500);
    await store().put('chat/x.mp4', data);
    await store().put('chat/x.mp4', other);
    expect(await store().get('chat/x.mp4')).toEqual(other);
    expect((await store().stat('chat/x.mp4'))!.contentType).toBe('video/mp4');
    await store().put('contact/empty.pdf', Buffer.alloc(0));
    expect(await store().get('contact/empty.pdf')).toEqual(Buffer.alloc(0));
  });

  it('lists keys under a prefix and deletes', async () => {
    await store().put('products/v1/b.webp', data);
    await store().put('products/v2/c.webp', data);
    const listed: string[] = [];
    for await (const k of store().list('products/v1/')) listed.push(k);
    expect(listed.sort()).toEqual(['products/v1/a.webp', 'products/v1/b.webp']);
    await store().delete('products/v1/b.webp');
    expect(await store().exists('products/v1/b.webp')).toBe(false);
  });

  it('answers null for what is not there and refuses unsafe keys', async () => {
    expect(await store().get('products/none.webp')).toBeNull();
    expect(await store().stat('products/none.webp')).toBeNull();
    expect(await store().stream('products/none.webp')).toBeNull();
    await expect(store().put('../escape.webp', data)).rejects.toThrow(/unsafe storage key/);
    await expect(store().get('a//b.webp')).rejects.toThrow(/unsafe storage key/);
  });
});

describe('choosing the driver', () => {
  it('S3 with a bucket, else PostgreSQL with DATABASE_URL, else local disk; STORAGE_DRIVER decides when given', () => {
    expect(loadConfig({}).storage.driver).toBe('local');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/jara' }).storage.driver).toBe('postgres');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/jara', S3_BUCKET: 'jara-media' }).storage.driver).toBe('s3');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/jara', STORAGE_DRIVER: 'local' }).storage.driver).toBe('local');
    expect(loadConfig({ S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'jara-media' }).storage.s3.forcePathStyle).toBe(
      true,
    );
  });

  it('refuses an incomplete S3 setting with a clear message', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET: required when STORAGE_DRIVER=s3/);
    expect(() => loadConfig({ S3_BUCKET: 'jara-media', S3_ACCESS_KEY_ID: 'x' })).toThrow(/give both or neither/);
    expect(() => loadConfig({ S3_BUCKET: 'Not A Bucket' })).toThrow(/S3_BUCKET: not a bucket name/);
    expect(() => loadConfig({ STORAGE_DRIVER: 'ftp' })).toThrow(/STORAGE_DRIVER/);
  });
});

describe('moving media between drivers', () => {
  it('copies every file but resized copies, and a second run copies nothing', async () => {
    const from = localStorage(mkdtempSync(path.join(tmpdir(), 'jara-move-')));
    const to = postgresStorage(database.db);
    const files = {
      'seed/products/p-0.webp': randomBytes(3000),
      'products/v9/x.webp': randomBytes(700_000),
      'chat/c.mp4': randomBytes(10),
    };
    for (const [k, v] of Object.entries(files)) await from.put(k, v);
    await from.put('cache/w200/seed/products/p-0.webp', randomBytes(100));
    expect(await moveMedia(from, to)).toEqual({ copied: 3, skipped: 0 });
    for (const [k, v] of Object.entries(files)) expect(await to.get(k)).toEqual(v);
    expect(await to.exists('cache/w200/seed/products/p-0.webp')).toBe(false);
    expect(await moveMedia(from, to)).toEqual({ copied: 0, skipped: 3 });
    // …and on to S3.
    expect(await moveMedia(to, drivers.s3!, { prefix: 'seed/' })).toEqual({ copied: 1, skipped: 0 });
    expect(await drivers.s3!.get('seed/products/p-0.webp')).toEqual(files['seed/products/p-0.webp']);
  });
});
