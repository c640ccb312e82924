/** The payments module's surface: what the app and other modules may use. */
export { paymentsModule } from './payments.routes.js';
export { checkAttempt, type AttemptInput } from './attempts.js';
export {
  chargedAndRefundedKobo,
  paymentRecordsFor,
  refundIdInNote,
  refundNoteMarker,
  type PaymentRecord,
  type RefundRecord,
} from './day-records.js';
export { leftToRefund, orderPaymentsOf } from './order-payers.js';
export { PaymentService, type PaymentRow } from './payments.service.js';
export { refundsOf, type SubjectRefund } from './refund-history.js';
export { refundQueue, type RefundQueueFilter } from './refund-queue.js';
export { paidPaymentOf, paymentRecordOf } from './subjects.service.js';
export type { PaymentState } from './payments.tables.js';
export { orderPaymentsForExport, refundsForExport } from './export-rows.js';
export { checkoutsBetween, orderRefundsBetween } from './insight-figures.js';
