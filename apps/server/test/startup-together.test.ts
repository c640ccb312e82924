/**
 * A rolling deploy or an autoscaler starts several instances at the same moment on one
 * PostgreSQL database: migrations and the demo seed run under the start-up lock, so all come
 * up and the demo data exists once. Real processes, as `npm start` runs them.
 */
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { CategoryListAnswer, SuggestionsAnswer } from '@jara/shared';
import { queryRows } from '../src/infra/db/client.js';
import { SEED_CATEGORIES, SEED_PRODUCTS } from '../src/seed/catalogue-data.js';
import { CURATED_PLACES } from '../src/seed/places.js';
import { DEMO_ACCOUNTS } from '../src/seed/seed.js';
import { freshDatabase } from './helpers.js';
import { startInstance, waitFor, type Instance } from './instances.js';
import { startLocalPaystack } from './local-paystack.js';

const instances: Instance[] = [];
let cleanup: (() => Promise<void>) | null = null;
let freshDb: Awaited<ReturnType<typeof freshDatabase>> | null = null;
const fresh = () => freshDb!;

afterAll(async () => {
  await Promise.all(instances.map((i) => i.stop()));
  await cleanup?.();
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'two instances started together on an empty PostgreSQL database',
  () => {
    it('both answer /api/ready 200; migrations applied once; the demo data exists once', async () => {
      freshDb = await freshDatabase();
      cleanup = async () => {
        await fresh().database.close();
        await fresh().drop();
      };
      const env = { DATABASE_URL: fresh().url!, SEED_DEMO: 'true' };
      instances.push(...(await Promise.all([startInstance(env), startInstance(env)])));
      await Promise.all(instances.map((i) => waitFor(i, '/api/ready')));
      expect(instances.map((i) => i.child.exitCode)).toEqual([null, null]);

      const db = fresh().database.db;
      const one = async (q: ReturnType<typeof sql>) => Number((await queryRows<{ n: number }>(db, q))[0]!.n);
      expect(await one(sql`select count(*) as n from users where email like '%@jara.test'`)).toBe(DEMO_ACCOUNTS.length);
      expect(await one(sql`select count(*) as n from categories`)).toBe(SEED_CATEGORIES.length);
      expect(await one(sql`select count(*) as n from products`)).toBe(SEED_PRODUCTS.length);
      expect(await one(sql`select count(*) - count(distinct name) as n from schema_migrations`)).toBe(0);
      expect(await one(sql`select count(*) as n from pg_extension where extname = 'pg_trgm'`)).toBe(1);
      for (const i of instances) expect(i.output()).not.toMatch(/could not start|duplicate key/i);
    }, 300_000);

    it('a seeded image and an image uploaded through one instance are served by both (media in PostgreSQL)', async () => {
      const [a, b] = instances as [Instance, Instance];
      const [product] = await queryRows<{ images: string[] }>(
        fresh().database.db,
        sql`select images from products order by created_at limit 1`,
      );
      const seeded = product!.images[0]!;
      const [fromA, fromB] = await Promise.all([fetch(a.url + seeded), fetch(b.url + seeded)]);
      expect([fromA.status, fromB.status]).toEqual([200, 200]);
      expect(Buffer.from(await fromA.arrayBuffer())).toEqual(Buffer.from(await fromB.arrayBuffer()));
      expect(fromA.headers.get('etag')).toBe(fromB.headers.get('etag'));

      // The demo vendor logs in on A and uploads a product image there…
      const login = await fetch(`${a.url}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: a.url },
        body: JSON.stringify({ email: 'vendor@jara.test', password: 'Vendor#2026' }),
      });
      expect(login.status).toBe(200);
      const cookie = login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#b45309' } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('file', new Blob([png], { type: 'image/png' }), 'new-product.png');
      const up = await fetch(`${a.url}/api/seller/upload?kind=product`, {
        method: 'POST',
        headers: { cookie, origin: a.url },
        body: form,
      });
      expect(up.status).toBe(200);
      const { url } = (await up.json()) as { url: string };
      // …and B serves it.
      const served = await fetch(b.url + url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(300);
    }, 120_000);
  },
);

describe.skipIf(!process.env.TEST_DATABASE_URL)('a production start, as `npm start` runs it', () => {
  it('on an empty PostgreSQL database with the settings production requires: ready with the categories and the gazetteer, no demo account or product; started again, writes nothing', async () => {
    const db = await freshDatabase();
    // Production requires a Paystack key: a local server that answers like Paystack holds it.
    const paystack = await startLocalPaystack();
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: db.url!,
      PAYMENT_PROVIDER: 'paystack',
      PAYSTACK_SECRET_KEY: paystack.secret,
      PAYSTACK_BASE_URL: paystack.baseUrl,
    };
    const one = async (q: ReturnType<typeof sql>) => Number((await queryRows<{ n: number }>(db.database.db, q))[0]!.n);
    const revisions = () =>
      queryRows<{ section: string; rev: string }>(
        db.database.db,
        sql`select section, rev::text as rev from catalogue_revisions order by section`,
      );
    let instance = await startInstance(env);
    try {
      await waitFor(instance, '/api/ready');
      expect(await one(sql`select count(*) as n from users`)).toBe(0);
      expect(await one(sql`select count(*) as n from products`)).toBe(0);
      expect(instance.output()).not.toMatch(/Demo accounts|@jara\.test/);
      // Not public in production without a token or a port of its own.
      expect((await fetch(`${instance.url}/metrics`)).status).toBe(404);

      // A customer can save an address at once, and the shop has SPEC §1's six categories.
      const hall = SuggestionsAnswer.parse(await (await fetch(`${instance.url}/api/geocoding/search?q=hall`)).json());
      expect(hall.data.length).toBeGreaterThan(0);
      for (const s of hall.data) expect(s.display_name).toMatch(/hall/i);
      const list = CategoryListAnswer.parse(await (await fetch(`${instance.url}/api/category/list`)).json());
      expect(list.categories.map((c) => c.text)).toEqual(SEED_CATEGORIES.map((c) => c.text));
      expect(SEED_CATEGORIES.map((c) => c.text)).toEqual([
        'Phone Accessories',
        'Hair Accessories',
        'Fashion and Accessories',
        'Shoes',
        'Cosmetics',
        'Food',
      ]);
      const image = await fetch(instance.url + list.categories[0]!.image);
      expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/webp']);

      // An operator renames one category and removes another; the next start keeps that and writes nothing.
      await db.database.db.execute(sql`update categories set text = 'Footwear' where path = 'shoes'`);
      await db.database.db.execute(sql`delete from categories where path = 'cosmetics'`);
      const before = await revisions();
      await instance.stop();
      instance = await startInstance(env);
      await waitFor(instance, '/api/ready');
      expect(await revisions()).toEqual(before);
      expect(await one(sql`select count(*) as n from places`)).toBe(CURATED_PLACES.length);
      const again = CategoryListAnswer.parse(await (await fetch(`${instance.url}/api/category/list`)).json());
      expect(again.categories.map((c) => c.text)).toEqual([
        'Phone Accessories',
        'Hair Accessories',
        'Fashion and Accessories',
        'Footwear',
        'Food',
      ]);
      expect(await one(sql`select count(*) as n from users`)).toBe(0);
    } finally {
      await instance.stop();
      await paystack.close();
      await db.database.close();
      await db.drop();
    }
  }, 300_000);
});
