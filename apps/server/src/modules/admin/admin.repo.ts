import { desc, eq, sql } from 'drizzle-orm';
import type { Role } from '@jara/shared';
import type { Executor } from '../../infra/db/client.js';
import { roleChanges } from './admin.tables.js';

/** Writes a change of an account's roles to the audit (`customer,rider` → `customer,rider,vendor`). */
export async function recordRoleChange(
  ex: Executor,
  userId: string,
  from: readonly Role[],
  to: readonly Role[],
  actorId: string | null,
  reason?: string,
) {
  await ex
    .insert(roleChanges)
    .values({ userId, actorId, fromRole: from.join(','), toRole: to.join(','), reason: reason ?? null });
}

/** The account's latest 50 role changes, newest first. */
export async function roleHistory(ex: Executor, userId: string) {
  return ex
    .select({
      fromRole: roleChanges.fromRole,
      toRole: roleChanges.toRole,
      actorId: roleChanges.actorId,
      createdAt: roleChanges.createdAt,
    })
    .from(roleChanges)
    .where(eq(roleChanges.userId, userId))
    .orderBy(desc(roleChanges.id))
    .limit(50);
}

/**
 * Holds, until the transaction ends, the lock every withdrawal of the admin role takes before it
 * counts the admins: two admins withdrawing each other at once take turns, and the second counts
 * after the first has committed (READ COMMITTED: each statement sees what committed before it).
 */
export async function lockAdminWithdrawals(ex: Executor): Promise<void> {
  await ex.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended('jara:admin-withdrawals', 0))`);
}
