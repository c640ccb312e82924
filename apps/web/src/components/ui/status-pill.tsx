/** Colours for order, application and payout states; anything else is grey. */
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
  paid: 'bg-brand-100 text-brand-900',
  failed: 'bg-red-100 text-red-900',
};

export function StatusPill({ status }: { status: string }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_COLOURS[status] ?? 'bg-stone-100 text-stone-800'}`}
    >
      {status}
    </span>
  );
}
