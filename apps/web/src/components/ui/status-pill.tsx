import { useT, type MessageId, type Translate } from '../../i18n';

/** Colours for order, application, payout and refund states; anything else is grey. */
const STATUS_COLOURS: Record<string, string> = {
  'Order Placed': 'bg-amber-100 text-amber-900',
  'Order Confirmed': 'bg-sky-100 text-sky-900',
  'Order Assigned': 'bg-indigo-100 text-indigo-900',
  'Order Picked': 'bg-violet-100 text-violet-900',
  'Order Delivered': 'bg-brand-100 text-brand-900',
  'Order Cancelled': 'bg-stone-200 text-stone-700',
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-brand-100 text-brand-900',
  rejected: 'bg-red-100 text-red-900',
  scheduled: 'bg-amber-100 text-amber-900',
  processing: 'bg-sky-100 text-sky-900',
  processed: 'bg-brand-100 text-brand-900',
  awaiting: 'bg-amber-100 text-amber-900',
  paid: 'bg-brand-100 text-brand-900',
  failed: 'bg-red-100 text-red-900',
  abandoned: 'bg-stone-200 text-stone-700',
};

/**
 * The words for the order statuses, and for the codes payments, payouts, refunds and applications
 * are stored with. A state on an order's line before it is paid is its payment's.
 */
const STATE_WORDS: Record<string, MessageId<'common'>> = {
  'Order Placed': 'common.status.placed',
  'Order Confirmed': 'common.status.confirmed',
  'Order Assigned': 'common.status.assigned',
  'Order Picked': 'common.status.picked',
  'Order Delivered': 'common.status.delivered',
  'Order Cancelled': 'common.status.cancelled',
  pending: 'common.state.pending',
  approved: 'common.state.approved',
  rejected: 'common.state.rejected',
  scheduled: 'common.state.scheduled',
  processing: 'common.state.processing',
  processed: 'common.state.processed',
  awaiting: 'common.state.awaiting',
  paid: 'common.state.paid',
  failed: 'common.state.failed',
  abandoned: 'common.state.abandoned',
};

/** A stored state (or an order status) as a person reads it, in the current language: pass a component's `t`. */
export function stateWord(state: string, t: Translate<'common'>): string {
  const id = STATE_WORDS[state];
  return id ? t(id) : state;
}

export function StatusPill({ status, label }: { status: string; label?: string }) {
  const t = useT('common');
  return (
    <span
      className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_COLOURS[status] ?? 'bg-stone-100 text-stone-800'}`}
    >
      {label ?? stateWord(status, t)}
    </span>
  );
}
