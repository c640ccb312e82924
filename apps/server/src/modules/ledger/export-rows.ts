/** What the CSV exports (modules/exports) read of the ledger, through index.ts. */
import type { Executor } from '../../infra/db/client.js';
import * as repo from './export-rows.repo.js';

/** The entries of the postings made in [from, to), by (posted at, entry id): debits positive, credits negative. */
export const ledgerEntriesForExport = (ex: Executor, q: repo.LedgerPageQuery) => repo.entriesPage(ex, q);
