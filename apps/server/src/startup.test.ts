import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from './app.js';
import { loadConfig } from './config.js';
import { categories, sessions, users } from './infra/db/schema.js';
import { hashPassword } from './lib/crypto.js';
import { DEMO_ACCOUNTS } from './seed/seed.js';
import { DemoPasswordsError, demoAccountsWithDemoPasswords, lockDemoAccounts, startUp } from './startup.js';
import { freshDatabase } from '../test/helpers.js';

const PRODUCTION = {
  NODE_ENV: 'production',
  PAYSTACK_SECRET_KEY: 'sk_live_not_used_here',
  PUBLIC_URL: 'https://jara.example.ng',
  LOG_LEVEL: 'silent',
  JOBS_ENABLED: 'false',
};
const opened: { app: App; drop: () => Promise<void>; close: () => Promise<void> }[] = [];

async function productionApp(env: Record<string, string> = {}) {
  const fresh = await freshDatabase();
  const config = loadConfig({ ...PRODUCTION, UPLOAD_DIR: mkdtempSync(path.join(tmpdir(), 'jara-uploads-')), ...env });
  const app = await buildApp(config, { database: fresh.database, logger: pino({ level: 'silent' }) });
  opened.push({ app, drop: fresh.drop, close: () => fresh.database.close() });
  return app;
}

afterEach(async () => {
  for (const o of opened.splice(0)) {
    await o.app.close();
    await o.close();
    await o.drop();
  }
});

const count = async (app: App, table: typeof users | typeof categories) =>
  (await app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

async function addDemoAccount(app: App, i: number, password: string = DEMO_ACCOUNTS[i]!.password) {
  const a = DEMO_ACCOUNTS[i]!;
  const [u] = await app.ctx.db
    .insert(users)
    .values({ name: a.name, email: a.email, roles: [a.role], passwordHash: await hashPassword(password) })
    .returning();
  return u!;
}

describe('a production start', () => {
  it('on an empty database creates no demo account and no demo catalogue', async () => {
    const app = await productionApp();
    await startUp(app.ctx);
    expect(await count(app, users)).toBe(0);
    expect(await count(app, categories)).toBe(0);
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
    expect(await demoAccountsWithDemoPasswords(app.ctx.db)).toEqual([]);
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
    expect(await demoAccountsWithDemoPasswords(app.ctx.db)).toHaveLength(DEMO_ACCOUNTS.length);
    expect(await count(app, categories)).toBeGreaterThan(0);
  }, 120_000);
});
