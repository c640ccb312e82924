import { formatNaira, MSG, type CartTotals } from '@jara/shared';
import { Skeleton } from '../../../components/ui/skeleton';

/** What the cart knows about the delivery fee: nothing yet, being fetched, known, or the call failed. */
export type FeeState = 'no-address' | 'loading' | 'known' | 'failed';

/**
 * Items, delivery fee ('Free' when known to be zero), service fee and total, all from the shared
 * formula. Until an address gives a fee the row says so and the total is labelled as being
 * before delivery, so a low total never looks final.
 */
export function OrderSummary({ totals, fee }: { totals: CartTotals; fee: FeeState }) {
  const row = (label: string, value: React.ReactNode, testId: string) => (
    <div className="flex items-center justify-between gap-3 py-1.5">
      <dt className="text-stone-700">{label}</dt>
      <dd className="text-right font-semibold text-stone-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  const delivery =
    fee === 'loading' ? (
      <Skeleton className="h-4 w-16" />
    ) : fee === 'no-address' ? (
      <span className="font-medium text-stone-600">Select an address</span>
    ) : fee === 'failed' ? (
      <span className="font-medium text-red-700">Unavailable</span>
    ) : totals.deliveryFeeKobo === 0 ? (
      MSG.free
    ) : (
      formatNaira(totals.deliveryFeeKobo)
    );
  const final = fee === 'known';
  return (
    <dl className="divide-y divide-stone-100 text-sm" aria-live="polite">
      {row('Items Price', formatNaira(totals.itemsKobo), 'summary-items')}
      {row('Delivery Fee', delivery, 'summary-delivery')}
      {row('Service Fee', formatNaira(totals.serviceFeeKobo), 'summary-service')}
      <div className="flex items-center justify-between gap-3 pt-3 text-base">
        <dt className="font-bold text-stone-900">{final ? 'Total' : 'Total before delivery'}</dt>
        <dd className="text-lg font-bold text-brand-900" data-testid="summary-total">
          {formatNaira(totals.totalKobo)}
        </dd>
      </div>
    </dl>
  );
}
