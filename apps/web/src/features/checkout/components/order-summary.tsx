import { formatNaira, MSG, type CartTotals } from '@jara/shared';
import { Skeleton } from '../../../components/ui/skeleton';

/** Items, delivery fee ('Free' when zero), service fee and total, all from the shared formula. */
export function OrderSummary({ totals, feeLoading }: { totals: CartTotals; feeLoading: boolean }) {
  const row = (label: string, value: React.ReactNode, testId: string) => (
    <div className="flex items-center justify-between py-1.5">
      <dt className="text-stone-700">{label}</dt>
      <dd className="font-semibold text-stone-900" data-testid={testId}>{value}</dd>
    </div>
  );
  return (
    <dl className="divide-y divide-stone-100 text-sm" aria-live="polite">
      {row('Items Price', formatNaira(totals.itemsKobo), 'summary-items')}
      {row('Delivery Fee', feeLoading ? <Skeleton className="h-4 w-16" /> : totals.deliveryFeeKobo === 0 ? MSG.free : formatNaira(totals.deliveryFeeKobo), 'summary-delivery')}
      {row('Service Fee', formatNaira(totals.serviceFeeKobo), 'summary-service')}
      <div className="flex items-center justify-between pt-3 text-base">
        <dt className="font-bold text-stone-900">Total</dt>
        <dd className="text-lg font-bold text-brand-900" data-testid="summary-total">{formatNaira(totals.totalKobo)}</dd>
      </div>
    </dl>
  );
}
