import type { AdminPayoutRow, AdminPayoutsQuery, Language, RetryPayoutsAnswer } from '@jara/shared';
import type { AppContext } from '../../context.js';
import { errorMessage } from '../../infra/i18n.js';
import { AppError } from '../../lib/errors.js';
import { accountsByIds } from '../auth/index.js';
import { shopsByIds } from '../catalogue/index.js';
import { latestPayouts, retryPayout } from '../payouts/index.js';

/** Payouts to vendors and riders: the list with whom each pays, and "Send again" for failed ones. */
export class AdminPayouts {
  constructor(private readonly ctx: AppContext) {}

  async list(q: AdminPayoutsQuery): Promise<AdminPayoutRow[]> {
    const rows = await latestPayouts(this.ctx.db, { state: q.state, payeeType: q.payee });
    const [accounts, shops] = await Promise.all([
      accountsByIds(
        this.ctx.db,
        rows.map((r) => r.userId),
      ),
      shopsByIds(
        this.ctx.db,
        rows.flatMap((r) => (r.vendorId ? [r.vendorId] : [])),
      ),
    ]);
    return rows.map(({ userId, vendorId, ...p }) => {
      const a = accounts.get(userId);
      return {
        ...p,
        payee: a ? { _id: userId, ...a } : null,
        shop: vendorId ? (shops.get(vendorId)?.businessName ?? null) : null,
      };
    });
  }

  /**
   * Sends failed payouts again, one after another, each in its own transaction (the payouts
   * module's retryPayout): one that cannot go (not failed, already sent again) is answered with
   * why, in the admin's language, and the others still go.
   */
  async retry(ids: readonly string[], lang: Language): Promise<RetryPayoutsAnswer['results']> {
    const results: RetryPayoutsAnswer['results'] = [];
    for (const id of ids) {
      try {
        results.push({ id, ok: true, payout: await retryPayout(this.ctx, id) });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        results.push({ id, ok: false, code: err.code, message: errorMessage(lang, err.code, err.message) });
      }
    }
    return results;
  }
}
