import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CategoryListAnswer, SuggestionsAnswer } from '@jara/shared';
import { buildApp, type App } from './app.js';
import { loadConfig } from './config.js';
import { queryRows, type Database } from './infra/db/client.js';
import { appSettings } from './modules/push/push.tables.js';
import { categories, products } from './modules/catalogue/catalogue.tables.js';
import { places } from './modules/geocoding/geocoding.tables.js';
import { sessions } from './infra/db/tables.js';
import { users } from './modules/auth/auth.tables.js';
import { hashPassword } from './lib/crypto.js';
import { SEED_CATEGORIES, SEED_PRODUCTS } from './seed/catalogue-data.js';
import { CURATED_PLACES } from './seed/places.js';
import { DEMO_ACCOUNTS } from './seed/seed.js';
import { DemoPasswordsError, lockDemoAccounts, startUp } from './startup.js';
import { freshDatabase } from '../test/helpers.js';
import { startLocalPaystack, type LocalPaystack } from '../test/local-paystack.js';

// Production requires a Paystack key: the one of a local server that answers like Paystack, so
// nothing a start might ask of the provider leaves the machine.
let paystack: LocalPaystack;
beforeAll(async () => {
  paystack = await startLocalPaystack();
});
afterAll(async () => {
  await paystack?.close();
});
const production = () => ({
  NODE_ENV: 'production',
  PAYMENT_PROVIDER: 'paystack',
  PAYSTACK_SECRET_KEY: paystack.secret,
  PAYSTACK_BASE_URL: paystack.baseUrl,
  PUBLIC_URL: 'https://jara.example.ng',
  LOG_LEVEL: 'silent',
  JOBS_ENABLED: 'false',
});
const opened: { app: App; drop: () => Promise<void>; close: () => Promise<void> }[] = [];
/** The app_settings row where a deployment records the reference data it has had (a stored name). */
const REFERENCE_DATA_KEY = 'reference-data';

/** A production app on a fresh database, or on `database` (the same deployment started again). */
async function productionApp(env: Record<string, string> = {}, database?: Database) {
  const fresh = database ? null : await freshDatabase();
  const config = loadConfig({ ...production(), UPLOAD_DIR: mkdtempSync(path.join(tmpdir(), 'jara-uploads-')), ...env });
  const app = await buildApp(config, { database: database ?? fresh!.database, logger: pino({ level: 'silent' }) });
  opened.push({
    app,
    drop: fresh?.drop ?? (async () => undefined),
    close: fresh ? () => fresh.database.close() : async () => undefined,
  });
  return app;
}

afterEach(async () => {
  // The apps first: a restarted one shares the first one's database.
  for (const o of opened) await o.app.close();
  for (const o of opened.splice(0)) {
    await o.close();
    await o.drop();
  }
});

const count = async (app: App, table: typeof users | typeof categories | typeof places | typeof products) =>
  (await app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
/** The catalogue and gazetteer revisions (bumped by every statement writing their tables). */
const revisions = async (app: App) =>
  queryRows<{ section: string; rev: string }>(
    app.ctx.db,
    sql`select section, rev::text as rev from catalogue_revisions order by section`,
  );

async function addDemoAccount(app: App, i: number, password: string = DEMO_ACCOUNTS[i]!.password) {
  const a = DEMO_ACCOUNTS[i]!;
  const [u] = await app.ctx.db
    .insert(users)
    .values({ name: a.name, email: a.email, roles: [a.role], passwordHash: await hashPassword(password) })
    .returning();
  return u!;
}

describe('a production start', () => {
  it('on an empty database gives the six categories and the campus gazetteer, and no demo account or product', async () => {
    const app = await productionApp();
    await startUp(app.ctx);
    expect(await count(app, users)).toBe(0);
    expect(await count(app, products)).toBe(0);

    // A customer can save an address at once: the form's suggestions for "hall".
    const search = await app.inject({ url: '/api/geocoding/search?q=hall' });
    expect(search.statusCode).toBe(200);
    const suggestions = SuggestionsAnswer.parse(search.json()).data;
    expect(suggestions.length).toBeGreaterThan(0);
    for (const s of suggestions) expect(s.display_name).toMatch(/hall/i);
    expect(await count(app, places)).toBe(CURATED_PLACES.length);

    // SPEC §1's six categories, each with its image in storage.
    const list = CategoryListAnswer.parse((await app.inject({ url: '/api/category/list' })).json()).categories;
    expect(list.map((c) => c.text)).toEqual([
      'Phone Accessories',
      'Hair Accessories',
      'Fashion and Accessories',
      'Shoes',
      'Cosmetics',
      'Food',
    ]);
    for (const c of list) {
      const image = await app.inject({ url: c.image });
      expect(image.statusCode, c.image).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
    }
  }, 120_000);

  it("a second start writes nothing: an operator's category edits and deletions stay", async () => {
    const first = await productionApp();
    await startUp(first.ctx);
    await first.ctx.db
      .update(categories)
      .set({ text: 'Phones and Gadgets' })
      .where(eq(categories.path, 'phone-accessories'));
    await first.ctx.db.delete(categories).where(eq(categories.path, 'shoes'));
    const before = await revisions(first);
    const placesBefore = await count(first, places);
    await first.close();

    const again = await productionApp({}, first.ctx.database);
    await startUp(again.ctx);
    expect(await revisions(again)).toEqual(before);
    expect(await count(again, places)).toBe(placesBefore);
    const list = CategoryListAnswer.parse((await again.inject({ url: '/api/category/list' })).json()).categories;
    expect(list.map((c) => c.text)).toEqual([
      'Phones and Gadgets',
      'Hair Accessories',
      'Fashion and Accessories',
      'Cosmetics',
      'Food',
    ]);
  }, 120_000);

  it('keeps the categories a database already has; a release with another gazetteer upserts it once', async () => {
    const app = await productionApp();
    await app.ctx.db
      .insert(categories)
      .values({ path: 'stationery', text: 'Stationery', image: '/media/x.webp', bgColor: '#ffffff' });
    // An earlier release's gazetteer, one of its places since renamed.
    const [moved] = CURATED_PLACES;
    await app.ctx.db.insert(places).values({ ...moved!, displayName: 'Old Name', source: 'curated' });
    await app.ctx.db.insert(appSettings).values({ key: REFERENCE_DATA_KEY, value: { gazetteer: 'an-earlier-list' } });

    await startUp(app.ctx);
    expect((await app.ctx.db.select({ path: categories.path }).from(categories)).map((c) => c.path)).toEqual([
      'stationery',
    ]);
    const [row] = await app.ctx.db.select().from(places).where(eq(places.placeId, moved!.placeId));
    expect(row!.displayName).toBe(moved!.displayName);
    expect(await count(app, places)).toBe(CURATED_PLACES.length);
    // This release's gazetteer is recorded: the next start finds nothing to load.
    const [state] = await app.ctx.db.select().from(appSettings).where(eq(appSettings.key, REFERENCE_DATA_KEY));
    expect(state!.value).toMatchObject({ gazetteer: expect.any(String) });
    expect(state!.value).not.toMatchObject({ gazetteer: 'an-earlier-list' });

    const before = await revisions(app);
    await startUp(app.ctx);
    expect(await revisions(app)).toEqual(before);
  }, 120_000);

  it('refuses to run while a demo account has its published password; starts once demo:lock has disabled it', async () => {
    const app = await productionApp();
    const admin = await addDemoAccount(app, 4); // admin@jara.test / Admin#2026
    await addDemoAccount(app, 0, 'A-new-secret#2026'); // changed: fine
    await app.ctx.sessions.create(admin.id);
    const err = await startUp(app.ctx).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DemoPasswordsError);
    expect((err as DemoPasswordsError).emails).toEqual(['admin@jara.test']);
    expect((err as Error).message).toBe(
      'Refusing to start in production: admin@jara.test still has its published demo password. ' +
        'Run `npm run demo:lock` to disable password login for the demo accounts (or give them new passwords), ' +
        'or set SEED_DEMO=true if this is meant to be a public demo site.',
    );

    expect(await lockDemoAccounts(app.ctx.db)).toEqual(['admin@jara.test']);
    expect(await lockDemoAccounts(app.ctx.db)).toEqual([]);
    expect(await app.ctx.db.select().from(sessions).where(eq(sessions.userId, admin.id))).toEqual([]);
    await expect(startUp(app.ctx)).resolves.toBeUndefined();
    const login = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { origin: 'https://jara.example.ng' },
      payload: { email: 'admin@jara.test', password: 'Admin#2026' },
    });
    expect(login.statusCode).toBe(401);
  }, 120_000);

  it('a public demo site (SEED_DEMO=true given) loads the demo and starts with the demo passwords', async () => {
    const app = await productionApp({ SEED_DEMO: 'true' });
    await startUp(app.ctx);
    for (const a of DEMO_ACCOUNTS) {
      const login = await app.inject({
        method: 'POST',
        url: '/api/user/login',
        headers: { origin: 'https://jara.example.ng' },
        payload: { email: a.email, password: a.password },
      });
      expect(login.statusCode, a.email).toBe(200);
    }
    expect(await count(app, categories)).toBe(SEED_CATEGORIES.length);
    expect(await count(app, products)).toBe(SEED_PRODUCTS.length);
  }, 120_000);
});
