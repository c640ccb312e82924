import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Email, passwordProblems } from '@jara/shared';
import type { Db } from '../../infra/db/client.js';
import { sessions } from '../../infra/db/tables.js';
import { users } from '../auth/auth.tables.js';
import { roleChanges } from './admin.tables.js';
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
    const [existing] = await tx.select().from(users).where(eq(users.email, email)).for('update');
    if (!existing) {
      await tx.insert(users).values({ email, name: cleanName, roles: ['admin'], passwordHash });
      return true;
    }
    const roles = existing.roles.includes('admin') ? existing.roles : [...existing.roles, 'admin' as const];
    await tx.update(users).set({ roles, passwordHash, updatedAt: new Date() }).where(eq(users.id, existing.id));
    if (roles !== existing.roles) {
      await tx.insert(roleChanges).values({
        userId: existing.id,
        actorId: null,
        fromRole: existing.roles.join(','),
        toRole: roles.join(','),
        reason: 'npm run admin:create',
      });
    }
    await tx.delete(sessions).where(eq(sessions.userId, existing.id));
    return false;
  });
  return { email, password, created };
}
