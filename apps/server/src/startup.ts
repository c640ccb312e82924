import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from './context.js';
import { STARTUP_LOCK, type Db } from './infra/db/client.js';
import { sessions } from './infra/db/tables.js';
import { users } from './modules/auth/auth.tables.js';
import { verifyPassword } from './lib/crypto.js';
import { loadReferenceData } from './seed/reference.js';
import { DEMO_ACCOUNTS, seedDemo } from './seed/seed.js';

export class DemoPasswordsError extends Error {
  constructor(readonly emails: string[]) {
    super(
      `Refusing to start in production: ${emails.join(', ')} still ${emails.length === 1 ? 'has its' : 'have their'} published demo password. ` +
        'Run `npm run demo:lock` to disable password login for the demo accounts (or give them new passwords), ' +
        'or set SEED_DEMO=true if this is meant to be a public demo site.',
    );
  }
}

/**
 * The demo accounts in the database whose password is still the one printed in the README.
 * @internal startup.test.ts counts the accounts still on their demo password
 */
export async function demoAccountsWithDemoPasswords(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_ACCOUNTS.map((a) => a.email),
      ),
    );
  const found: string[] = [];
  for (const a of DEMO_ACCOUNTS) {
    const row = rows.find((r) => r.email === a.email);
    if (row?.passwordHash && (await verifyPassword(a.password, row.passwordHash))) found.push(a.email);
  }
  return found;
}

/** Disables password login for the demo accounts and ends their sessions; returns the accounts changed. */
export async function lockDemoAccounts(db: Db): Promise<string[]> {
  const emails = await demoAccountsWithDemoPasswords(db);
  await db.transaction(async (tx) => {
    for (const email of emails) {
      const [u] = await tx
        .update(users)
        .set({ passwordHash: null, updatedAt: new Date() })
        .where(eq(users.email, email))
        .returning({ id: users.id });
      if (u) await tx.delete(sessions).where(eq(sessions.userId, u.id));
    }
  });
  return emails;
}

/**
 * What runs once the app is built and before it serves: the reference data every deployment
 * needs (the categories and the campus gazetteer, production included) and the demo seed (only
 * when asked for), under the start-up lock so instances started together load them once; then
 * the production guard against demo passwords.
 */
export async function startUp(ctx: Pick<AppContext, 'config' | 'database' | 'db' | 'storage' | 'log'>): Promise<void> {
  const { config } = ctx;
  await ctx.database.withLock(STARTUP_LOCK, async () => {
    await loadReferenceData(ctx);
    if (config.seedDemo) await seedDemo(ctx);
  });
  if (!config.isProduction) return;
  const exposed = await demoAccountsWithDemoPasswords(ctx.db);
  if (!exposed.length) return;
  if (!config.demoSite) throw new DemoPasswordsError(exposed);
  ctx.log.warn(
    { accounts: exposed },
    'public demo site: the demo accounts have their published passwords (SEED_DEMO=true)',
  );
}
