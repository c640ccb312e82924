import type { ReactNode } from 'react';
import { dispatchTotals, formatNaira, type Kobo } from '@jara/shared';

/**
 * What the form knows of the delivery fee: a pick-up or a drop-off still to choose, being
 * fetched, known, or the call failed.
 */
export type FeeState = 'no-pickup' | 'no-dropoff' | 'loading' | 'known' | 'failed';

const WHY_NO_FEE: Record<Exclude<FeeState, 'loading' | 'known'>, string> = {
  'no-pickup': 'Pick a pick-up address to see the fee',
  'no-dropoff': 'Pick a drop-off to see the fee',
  failed: 'Unavailable',
};

/** Not known yet: a dash to the eye, words to a screen reader. */
function Unknown() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">Not known yet</span>
    </>
  );
}

/**
 * Delivery Fee (express already applied), Service Fee and Total, from the shared formula. Until
 * the fee is known the delivery row says what is missing and no amount is shown, so a ₦0 total
 * never looks like the price.
 */
export function OrderSummary({
  baseFeeKobo,
  isExpress,
  fee,
}: {
  baseFeeKobo: Kobo;
  isExpress: boolean;
  fee: FeeState;
}) {
  const t = dispatchTotals(baseFeeKobo, isExpress);
  const amount = (kobo: Kobo): ReactNode =>
    fee === 'known' ? formatNaira(kobo) : fee === 'loading' ? 'Calculating…' : <Unknown />;
  const delivery: ReactNode =
    fee === 'known' || fee === 'loading' ? (
      amount(t.deliveryFeeKobo)
    ) : (
      <span className={fee === 'failed' ? 'text-red-700' : 'font-normal text-stone-600'}>{WHY_NO_FEE[fee]}</span>
    );
  const rows = [
    ['Delivery Fee', delivery, 'delivery-fee'],
    ['Service Fee', amount(t.serviceFeeKobo), 'service-fee'],
  ] as const;
  return (
    <dl className="space-y-2 text-sm" aria-busy={fee === 'loading'} aria-live="polite">
      {rows.map(([label, value, testId]) => (
        <div key={label} className="flex items-start justify-between gap-3">
          <dt className="shrink-0 text-stone-600">{label}</dt>
          <dd className="text-right font-medium text-stone-900" data-testid={testId}>
            {value}
          </dd>
        </div>
      ))}
      <div className="flex justify-between gap-3 border-t border-stone-200 pt-3 text-base">
        <dt className="font-bold text-brand-950">Total</dt>
        <dd className="text-right font-bold text-brand-900" data-testid="total">
          {amount(t.totalKobo)}
        </dd>
      </div>
    </dl>
  );
}
