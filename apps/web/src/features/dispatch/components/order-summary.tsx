import { dispatchTotals, formatNaira, type Kobo } from '@jara/shared';

/** Delivery Fee (express already applied), Service Fee and Total, from the shared formula. */
export function OrderSummary({
  baseFeeKobo,
  isExpress,
  calculating,
}: {
  baseFeeKobo: Kobo;
  isExpress: boolean;
  calculating: boolean;
}) {
  const t = dispatchTotals(baseFeeKobo, isExpress);
  const rows = [
    ['Delivery Fee', t.deliveryFeeKobo],
    ['Service Fee', t.serviceFeeKobo],
  ] as const;
  return (
    <dl className="space-y-2 text-sm" aria-busy={calculating} aria-live="polite">
      {rows.map(([label, kobo]) => (
        <div key={label} className="flex justify-between">
          <dt className="text-stone-600">{label}</dt>
          <dd
            className="font-medium text-stone-900"
            data-testid={label === 'Delivery Fee' ? 'delivery-fee' : 'service-fee'}
          >
            {calculating ? 'Calculating…' : formatNaira(kobo)}
          </dd>
        </div>
      ))}
      <div className="flex justify-between border-t border-stone-200 pt-3 text-base">
        <dt className="font-bold text-brand-950">Total</dt>
        <dd className="font-bold text-brand-900" data-testid="total">
          {calculating ? 'Calculating…' : formatNaira(t.totalKobo)}
        </dd>
      </div>
    </dl>
  );
}
