/**
 * Rider applications and ratings as the admin portal reviews them. Each function takes the
 * caller's executor, so it runs inside the caller's transaction. The SQL is in applications.repo.ts.
 */
import type { Executor } from '../../infra/db/client.js';
import * as repo from './applications.repo.js';

/** Rider applications waiting for an admin, oldest first. */
export function pendingRiderApplications(ex: Executor) {
  return repo.pendingRiders(ex);
}

/** A rider application locked for the rest of the caller's transaction (an admin deciding on it). */
export function lockRiderApplication(ex: Executor, id: string) {
  return repo.lockRiderRow(ex, id);
}

/** Approves or rejects the application; a rejected rider goes offline. */
export function decideRiderApplication(
  ex: Executor,
  id: string,
  status: 'approved' | 'rejected',
  reason: string | null,
): Promise<void> {
  return repo.setRiderStatus(ex, id, status, reason);
}

/** The status of this account's rider application, if it made one. */
export function riderApplicationStatus(ex: Executor, userId: string) {
  return repo.riderStatusOf(ex, userId);
}

/** Riders (their account ids) whose average rating is below `threshold`, lowest first. */
export async function ridersRatedBelow(
  ex: Executor,
  threshold: number,
): Promise<{ riderId: string; average: number; count: number }[]> {
  return (await repo.ratedBelow(ex, threshold)).map((r) => ({
    riderId: r.riderId,
    average: Number(r.avg),
    count: Number(r.count),
  }));
}
