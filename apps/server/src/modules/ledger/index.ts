/** The ledger's surface (decision 0045): modules post their money events through it; tests and the admin read the books. */
export {
  books,
  recordCharge,
  recordPayoutPaid,
  recordPayoutReversed,
  recordProviderFee,
  recordRefundAsked,
  recordRefundFailed,
  recordRefundProcessed,
  releaseSubject,
} from './ledger.service.js';
export { checkBooks, PLATFORM, riderAccount, vendorAccount, type Bearer, type Entry } from './postings.js';
export { ledgerEntriesForExport } from './export-rows.js';
export { riderReleasesBetween } from './insight-figures.js';
