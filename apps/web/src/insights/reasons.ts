import type { CancellationReason } from '@jara/shared';
import type { MessageId } from '../i18n';

/** Why an order was cancelled, as people read it (the server answers with stable keys). */
export const REASON_WORDS: Record<CancellationReason, MessageId<'insights'>> = {
  customer: 'insights.reason.customer',
  vendor_declined: 'insights.reason.vendorDeclined',
  confirm_deadline: 'insights.reason.confirmDeadline',
  admin: 'insights.reason.admin',
  other: 'insights.reason.other',
};
