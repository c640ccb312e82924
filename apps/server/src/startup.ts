import { inArray } from 'drizzle-orm';
import type { AppContext } from './context.js';
import { STARTUP_LOCK, type Db } from './infra/db/client.js';
import { sessions } from './infra/db/tables.js';
import { accountsOnPassword, disablePasswordLogin } from './modules/auth/index.js';
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

/** The demo accounts in the database whose password is still the one printed in the README. */
function demoAccountsWithDemoPasswords(db: Db): Promise<string[]> {
  return accountsOnPassword(db, DEMO_ACCOUNTS);
}

/** Disables password login for the demo accounts and ends their sessions; returns the accounts changed. */
export async function lockDemoAccounts(db: Db): Promise<string[]> {
  const emails = await demoAccountsWithDemoPasswords(db);
  await db.transaction(async (tx) => {
    const ids = await disablePasswordLogin(tx, emails);
    if (ids.length) await tx.delete(sessions).where(inArray(sessions.userId, ids));
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
