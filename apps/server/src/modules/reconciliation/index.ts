/** The reconciliation module's surface: the daily reconciliation against the payment provider (decision 0046). */
export { reconciliationModule } from './reconciliation.routes.js';
export { DailyReconciliation } from './reconciliation.service.js';
