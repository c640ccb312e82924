/**
 * What other modules ask the rider module about riders, through index.ts: whether one is approved,
 * a rider's average rating, and the rider card shown on a customer's timeline.
 */
import type { Executor } from '../../infra/db/client.js';
import * as repo from './rider.repo.js';

/** A rider as a customer's timeline shows them. */
export interface RiderCard {
  userId: string;
  name: string;
  phone: string;
  rating: number | null;
  ratingCount: number;
}

/** Average stars (null before the first rating) and how many ratings the rider has. */
export function riderRating(ex: Executor, riderUserId: string): Promise<{ avg: number | null; count: number }> {
  return repo.riderRating(ex, riderUserId);
}

/** Whether this account has an approved rider application. */
export function isApprovedRider(ex: Executor, userId: string): Promise<boolean> {
  return repo.isApprovedRider(ex, userId);
}

/** Name, phone and average rating (one decimal) of the given riders, by user id. */
export async function riderCards(ex: Executor, riderUserIds: readonly string[]): Promise<Map<string, RiderCard>> {
  const ids = [...new Set(riderUserIds)];
  if (!ids.length) return new Map();
  const rows = await repo.riderContacts(ex, ids);
  const stats = await repo.ratingStats(ex, ids);
  const byRider = new Map(stats.map((s) => [s.rider_id, s]));
  return new Map(
    rows.map((r) => {
      const s = byRider.get(r.userId);
      const n = s ? Number(s.n) : 0;
      return [
        r.userId,
        {
          userId: r.userId,
          name: r.name,
          phone: r.phone,
          ratingCount: n,
          rating: n ? Math.round(Number(s!.avg) * 10) / 10 : null,
        },
      ];
    }),
  );
}
