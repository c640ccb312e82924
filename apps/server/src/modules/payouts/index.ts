/** The payouts module's surface: earnings summaries, payout requests and the transfer job, for vendors and riders. */
export { payoutsModule } from './payouts.service.js';
export {
  escrowOf,
  lagosDayStart,
  latestPayouts,
  listPayouts,
  paidOutKobo,
  payoutRecords,
  requestPayout,
  retryPayout,
  summarise,
  type EarningEntry,
} from './payouts.service.js';
export { payoutsForExport } from './export-rows.js';
export { shopPayoutsBetween } from './insight-figures.js';
