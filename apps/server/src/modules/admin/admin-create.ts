import { randomBytes } from 'node:crypto';
import { Email, passwordProblems } from '@jara/shared';
import type { Db } from '../../infra/db/client.js';
import { SessionStore } from '../../infra/sessions.js';
import { createAccount, lockAccountByEmail, updateAccount } from '../auth/index.js';
import { recordRoleChange } from './admin.repo.js';
import { hashPassword } from '../../lib/crypto.js';

/** A random password that meets the password rules (upper, lower, digit, special). */
function oneTimePassword(): string {
  for (;;) {
    const p = `${randomBytes(12).toString('base64url')}#7aA`;
    if (!passwordProblems(p).length) return p;
  }
}

/**
 * Creates an admin account, or promotes an existing one, and gives it a fresh one-time password
 * (every other session of that account is ended). Returns what to print.
 */
export async function createOrPromoteAdmin(
  db: Db,
  rawEmail: string,
  name: string,
): Promise<{ email: string; password: string; created: boolean }> {
  const parsed = Email.safeParse(rawEmail);
  if (!parsed.success) throw new Error(`Not an email address: ${rawEmail}`);
  const email = parsed.data;
  const cleanName = name.trim().slice(0, 100) || 'Admin';
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password);
  const created = await db.transaction(async (tx) => {
    const existing = await lockAccountByEmail(tx, email);
    if (!existing) {
      await createAccount(tx, { email, name: cleanName, roles: ['admin'], passwordHash });
      return true;
    }
    const roles = existing.roles.includes('admin') ? existing.roles : [...existing.roles, 'admin' as const];
    await updateAccount(tx, existing.id, { roles, passwordHash });
    if (roles !== existing.roles)
      await recordRoleChange(tx, existing.id, existing.roles, roles, null, 'npm run admin:create');
    await SessionStore.endAllIn(tx, existing.id);
    return false;
  });
  return { email, password, created };
}
