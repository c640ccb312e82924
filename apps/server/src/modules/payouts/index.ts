/** The payouts module's surface: earnings summaries, payout requests and the transfer job, for vendors and riders. */
export { payoutsModule } from './payouts.service.js';
export {
  escrowOf,
  lagosDayStart,
  listPayouts,
  paidOutKobo,
  payoutRecords,
  requestPayout,
  summarise,
  type EarningEntry,
} from './payouts.service.js';
