import { and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Role } from '@jara/shared';
import type { Executor } from '../../infra/db/client.js';
import { cartItems, users, wishListItems } from './auth.tables.js';

type UserRow = typeof users.$inferSelect;

// FOR NO KEY UPDATE, not FOR UPDATE: a row written with this account as its actor (a role change's
// actor_id) takes FOR KEY SHARE on it, which FOR UPDATE would wait on, so two admins changing each
// other's roles at once deadlocked. Nothing locked here changes the account's key.
export async function lockUser(ex: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await ex.select().from(users).where(eq(users.id, id)).for('no key update');
  return row;
}

export async function lockUserByEmail(ex: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await ex.select().from(users).where(eq(users.email, email)).for('no key update');
  return row;
}

export async function insertUser(ex: Executor, values: typeof users.$inferInsert): Promise<void> {
  await ex.insert(users).values(values);
}

export async function updateUser(
  ex: Executor,
  id: string,
  values: { roles?: Role[]; passwordHash?: string },
): Promise<void> {
  await ex
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** Newest first, at most 100: `pattern` (ILIKE) on the name or email, and a role. */
export async function searchUsers(ex: Executor, pattern: string | null, role: Role | undefined) {
  return ex
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      roles: users.roles,
      createdAt: users.createdAt,
      emailVerifiedAt: users.emailVerifiedAt,
      phone: users.phone,
      phoneVerifiedAt: users.phoneVerifiedAt,
      verifiedStudent: users.verifiedStudent,
    })
    .from(users)
    .where(
      and(
        pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
        role ? sql`${role} = ANY(${users.roles})` : undefined,
      ),
    )
    .orderBy(desc(users.createdAt))
    .limit(100);
}

export async function namesOf(ex: Executor, ids: readonly string[]) {
  if (!ids.length) return [];
  return ex
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
}

export async function idsMatching(ex: Executor, pattern: string): Promise<string[]> {
  const rows = await ex
    .select({ id: users.id })
    .from(users)
    .where(or(ilike(users.name, pattern), ilike(users.email, pattern)));
  return rows.map((r) => r.id);
}

export async function deleteProductLines(ex: Executor, productId: string): Promise<void> {
  await ex.delete(cartItems).where(eq(cartItems.productId, productId));
  await ex.delete(wishListItems).where(eq(wishListItems.productId, productId));
}
