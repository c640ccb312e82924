/**
 * Accounts as the portals use them: an admin's search and role changes, names for the ids other
 * modules keep, the admin-creating command, the lock a payout request takes, and a withdrawn
 * product leaving carts. Each function
 * takes the caller's executor, so it runs inside the caller's transaction. The SQL is in
 * account-admin.repo.ts.
 */
import type { Role } from '@jara/shared';
import type { Executor } from '../../infra/db/client.js';
import * as repo from './account-admin.repo.js';

/** An account locked for the rest of the caller's transaction (a role change, a payout request). */
export function lockAccount(ex: Executor, id: string) {
  return repo.lockUser(ex, id);
}

/** The account with this email, locked for the rest of the caller's transaction. */
export function lockAccountByEmail(ex: Executor, email: string) {
  return repo.lockUserByEmail(ex, email);
}

export function createAccount(
  ex: Executor,
  account: { email: string; name: string; roles: Role[]; passwordHash: string },
): Promise<void> {
  return repo.insertUser(ex, account);
}

/** Sets the account's roles and/or password hash (and its updated time). */
export function updateAccount(
  ex: Executor,
  id: string,
  change: { roles?: Role[]; passwordHash?: string },
): Promise<void> {
  return repo.updateUser(ex, id, change);
}

/** An ILIKE pattern for text that contains `q`. */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Accounts newest first, at most 100, whose name or email contains `q` (any case), holding `role`. */
export function searchAccounts(ex: Executor, q: string | undefined, role: Role | undefined) {
  return repo.searchUsers(ex, q ? containing(q) : null, role);
}

/** Ids of the accounts whose name or email contains `q` (any case). */
export function accountIdsMatching(ex: Executor, q: string): Promise<string[]> {
  return repo.idsMatching(ex, containing(q));
}

/** Name and email of the given accounts, by id (missing ones absent). */
export async function accountsByIds(
  ex: Executor,
  ids: readonly string[],
): Promise<Map<string, { name: string; email: string }>> {
  return new Map((await repo.namesOf(ex, ids)).map((u) => [u.id, { name: u.name, email: u.email }]));
}

/** A withdrawn product leaves every cart and wish list. */
export function dropProductFromCarts(ex: Executor, productId: string): Promise<void> {
  return repo.deleteProductLines(ex, productId);
}
