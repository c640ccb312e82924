import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { migrate, openPglite, openPostgres, type Database } from '../src/infra/db/client.js';
import { categories, productOptions, products, vendors } from '../src/modules/catalogue/catalogue.tables.js';
import { users } from '../src/modules/auth/auth.tables.js';
import { addresses } from '../src/modules/addresses/addresses.tables.js';
import { CAMPUS_ADDRESS } from './crowd.js';
import { hashPassword } from '../src/lib/crypto.js';
import { SESSION_COOKIE } from '../src/infra/sessions.js';
import pino, { type Logger } from 'pino';
import { ErrorAnswer, type Role } from '@jara/shared';

/**
 * A fresh database per test file: in-memory PGlite, or a new database on the PostgreSQL
 * server named by TEST_DATABASE_URL (dropped again by close()).
 */
export async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void>; url?: string }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const database = await openPglite(null);
    return { database, drop: async () => undefined };
  }
  const name = `jara_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 5);
  return {
    database,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      // The pool's end() resolves before its connections have closed; forcing the drop at once
      // kills them mid-goodbye and surfaces as an unhandled 57P01. Give them a moment first.
      for (let i = 0; i < 40; i++) {
        const { rows } = await c.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 25));
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * A fresh database with the migrations applied, for the tests of one file: opened before them,
 * closed (and dropped, on PostgreSQL) after. Called at the top of a file; the function it returns
 * gives the database once the file's tests run.
 */
export function migratedDatabaseForFile(): () => Database {
  let fresh: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  beforeAll(async () => {
    fresh = await freshDatabase();
    await migrate(fresh.database);
  });
  afterAll(async () => {
    await fresh?.database.close();
    await fresh?.drop();
  });
  return () => fresh!.database;
}

export type TestApp = App & { closeAll: () => Promise<void> };

/** A folder holding a built web app's page shell, so a test sees the page fallback as production does. */
export function webDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'jara-web-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Jara</title>');
  return dir;
}

/** An app on a fresh database (or `database`); `logger` to read what it logs (silent otherwise). */
export async function buildTestApp(
  env: Record<string, string> = {},
  database?: Database,
  logger: Logger = pino({ level: 'silent' }),
): Promise<TestApp> {
  const fresh = database ? null : await freshDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    JOBS_ENABLED: 'false',
    UPLOAD_DIR: mkdtempSync(path.join(tmpdir(), 'jara-uploads-')),
    PUBLIC_URL: 'http://localhost:3000',
    // Tests that are about delivery hours set them (and the clock); the rest run at any hour.
    DELIVERY_HOURS: '00:00-24:00',
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: `test:${unique()}:` } : {}),
    ...env,
  });
  const db = database ?? fresh!.database;
  const app = (await buildApp(config, { database: db, logger })) as TestApp;
  app.closeAll = async () => {
    await app.close();
    if (fresh) {
      await fresh.database.close();
      await fresh.drop();
    }
  };
  return app;
}

let counter = 0;
export const unique = (prefix = 'u') =>
  `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString('hex')}`;

export const PASSWORD = 'Secret#123';

/**
 * Makes a user and a logged-in session; returns the cookie header to send. `role` is a shorthand
 * for the usual roles of such an account (a vendor or rider is a customer too).
 */
export async function createUser(app: App, overrides: Partial<typeof users.$inferInsert> & { role?: Role } = {}) {
  const { role, ...rest } = overrides;
  const roles: Role[] =
    !role || role === 'customer' ? ['customer'] : role === 'vendor' || role === 'rider' ? ['customer', role] : [role];
  const [user] = await app.ctx.db
    .insert(users)
    .values({
      name: 'Test User',
      email: `${unique()}@example.com`,
      passwordHash: await hashPassword(PASSWORD),
      roles,
      ...rest,
    })
    .returning();
  const { token } = await app.ctx.sessions.create(user!.id);
  return { user: user!, cookie: `${SESSION_COOKIE}=${token}` };
}

/**
 * The factories below write straight to the database, as another process would. The embedded
 * database tells the app's catalogue snapshot at once (NOTIFY); on PostgreSQL it would learn at
 * its next periodic check, so the factories ask it to check now (decision 0011).
 */
export const catalogueWritten = (app: App) => app.services.catalogue.check();

export async function ensureCategory(app: App, path = 'food', text = 'Food') {
  await app.ctx.db
    .insert(categories)
    .values({ path, text, image: `/media/seed/categories/${path}.webp`, bgColor: '#fef3c7' })
    .onConflictDoNothing();
  await catalogueWritten(app);
}

const ALWAYS_OPEN = Object.fromEntries(
  ['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, { open: '00:00', close: '23:59' }]),
);

export async function createVendor(app: App, overrides: Partial<typeof vendors.$inferInsert> = {}) {
  const [v] = await app.ctx.db
    .insert(vendors)
    .values({
      businessName: `Vendor ${unique()}`,
      kind: 'food',
      phone: '08031234567',
      address: 'Ugbowo',
      latitude: 6.4,
      longitude: 5.61,
      profilePhoto: '/media/seed/vendors/x.webp',
      openingHours: ALWAYS_OPEN,
      status: 'approved',
      ...overrides,
    })
    .returning();
  await catalogueWritten(app);
  return v!;
}

export async function createProduct(
  app: App,
  vendorId: string,
  opts: {
    category?: string;
    inStock?: boolean;
    options?: { name: string; priceKobo: number; offerPriceKobo?: number | null }[];
  } = {},
) {
  const category = opts.category ?? 'food';
  await ensureCategory(app, category, category === 'food' ? 'Food' : category);
  const [p] = await app.ctx.db
    .insert(products)
    .values({
      vendorId,
      category,
      name: `Product ${unique()}`,
      description: ['Tasty'],
      images: ['/media/seed/products/x-0.webp'],
      inStock: opts.inStock ?? true,
    })
    .returning();
  const options = await app.ctx.db
    .insert(productOptions)
    .values(
      (opts.options ?? [{ name: 'Default Option', priceKobo: 150_000 }]).map((o, i) => ({
        productId: p!.id,
        name: o.name,
        priceKobo: o.priceKobo,
        offerPriceKobo: o.offerPriceKobo ?? null,
        position: i,
      })),
    )
    .returning();
  await catalogueWritten(app);
  return { product: p!, options };
}

export async function createAddress(app: App, userId: string, overrides: Partial<typeof addresses.$inferInsert> = {}) {
  const [a] = await app.ctx.db
    .insert(addresses)
    .values({ userId, ...CAMPUS_ADDRESS, ...overrides })
    .returning();
  return a!;
}

/** JSON body of an inject() response; an error answer must carry a code of the catalogue. */
/**
 * Runs the scheduled jobs (the sweeps) as the job worker does: the schedules' jobs of one time
 * slot, then every due job. Each call takes a slot a minute earlier than the last, as each slot
 * runs once.
 */
let lastOffered: number | null = null;
export async function runScheduledJobs(app: App): Promise<void> {
  // A minute before the last slot offered, not a count of minutes back from now: on a slow run a
  // minute can pass between two calls, and "now minus two" would land on the same slot as the
  // last call's "now minus one" (a slot runs once, so the sweep would silently not run).
  lastOffered = Math.min(lastOffered ?? Date.now(), Date.now()) - 60_000;
  await app.ctx.jobs.offerSchedules(new Date(lastOffered));
  await app.ctx.jobs.drain();
}

export function json<T = unknown>(res: { body: string }): T {
  const body = JSON.parse(res.body) as unknown;
  const code = (body as { success?: unknown; code?: unknown } | null)?.code;
  if (
    (body as { success?: unknown } | null)?.success === false &&
    code !== undefined &&
    !ErrorAnswer.shape.code.safeParse(code).success
  ) {
    throw new Error(`error code ${String(code)} is not in packages/shared/src/error-codes.ts`);
  }
  return body as T;
}
