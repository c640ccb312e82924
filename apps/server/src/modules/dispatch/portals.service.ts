/** Dispatches as the admin portal lists them. The SQL is in portals.repo.ts. */
import type { Executor } from '../../infra/db/client.js';
import * as repo from './portals.repo.js';

/**
 * Dispatches past the payment page, newest first, at most 300, with the sender's and rider's ids.
 * With `q`: those whose id contains it, or whose sender is among `senderIds` (the accounts whose
 * name or email contains it).
 */
export function adminDispatchList(
  ex: Executor,
  f: { q?: string; senderIds?: string[]; status?: string; from?: string; to?: string },
) {
  const pattern = f.q ? `%${f.q.replace(/[\\%_]/g, (m) => '\\' + m)}%` : null;
  return repo.adminDispatches(ex, {
    match: pattern ? { pattern, userIds: f.senderIds ?? [] } : undefined,
    status: f.status,
    from: f.from,
    to: f.to,
  });
}
