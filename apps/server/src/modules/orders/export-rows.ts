/**
 * What the CSV exports (modules/exports) read of the orders, through index.ts: a keyset page of
 * the orders paid in a period, and of their lines (every shop's, or one shop's own sales).
 */
import type { Executor } from '../../infra/db/client.js';
import * as repo from './export-rows.repo.js';

/** Orders paid in [from, to), by (paid_at, id), with their units and their items' statuses. */
export const paidOrdersForExport = (ex: Executor, q: repo.ExportPageQuery) => repo.paidOrdersPage(ex, q);

/** The lines of orders paid in [from, to) (of one shop with `vendorId`), by (paid_at, line id). */
export const paidLinesForExport = (ex: Executor, q: repo.ExportPageQuery & { vendorId?: string }) =>
  repo.paidLinesPage(ex, q);
