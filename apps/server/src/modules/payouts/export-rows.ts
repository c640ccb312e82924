/** What the CSV exports (modules/exports) read of the payouts, through index.ts. */
import type { Executor } from '../../infra/db/client.js';
import * as repo from './export-rows.repo.js';

/** Payouts requested in [from, to), by (created_at, id). */
export const payoutsForExport = (ex: Executor, q: repo.PayoutPageQuery) => repo.payoutsPage(ex, q);
