import type { ReactNode } from 'react';
import { dispatchTotals, formatNaira, type Kobo } from '@jara/shared';
import { useT, type MessageId } from '../../../i18n';

/**
 * What the form knows of the delivery fee: a pick-up or a drop-off still to choose, being
 * fetched, known, or the call failed.
 */
export type FeeState = 'no-pickup' | 'no-dropoff' | 'loading' | 'known' | 'failed';

const WHY_NO_FEE: Record<Exclude<FeeState, 'loading' | 'known'>, MessageId<'dispatch'>> = {
  'no-pickup': 'dispatch.summary.noPickup',
  'no-dropoff': 'dispatch.summary.noDropoff',
  failed: 'dispatch.summary.unavailable',
};

/** Not known yet: a dash to the eye, words to a screen reader. */
function Unknown() {
  const t = useT('dispatch');
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{t('dispatch.summary.unknown')}</span>
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
  const t = useT('dispatch');
  const totals = dispatchTotals(baseFeeKobo, isExpress);
  const amount = (kobo: Kobo): ReactNode =>
    fee === 'known' ? formatNaira(kobo) : fee === 'loading' ? t('dispatch.summary.calculating') : <Unknown />;
  const delivery: ReactNode =
    fee === 'known' || fee === 'loading' ? (
      amount(totals.deliveryFeeKobo)
    ) : (
      <span className={fee === 'failed' ? 'text-red-700' : 'font-normal text-stone-600'}>{t(WHY_NO_FEE[fee])}</span>
    );
  const rows = [
    [t('dispatch.summary.deliveryFee'), delivery, 'delivery-fee'],
    [t('dispatch.summary.serviceFee'), amount(totals.serviceFeeKobo), 'service-fee'],
  ] as const;
  return (
    <dl className="space-y-2 text-sm" aria-busy={fee === 'loading'} aria-live="polite">
      {rows.map(([label, value, testId]) => (
        <div key={testId} className="flex items-start justify-between gap-3">
          <dt className="shrink-0 text-stone-600">{label}</dt>
          <dd className="text-right font-medium text-stone-900" data-testid={testId}>
            {value}
          </dd>
        </div>
      ))}
      <div className="flex justify-between gap-3 border-t border-stone-200 pt-3 text-base">
        <dt className="font-bold text-brand-950">{t('dispatch.summary.total')}</dt>
        <dd className="text-right font-bold text-brand-900" data-testid="total">
          {amount(totals.totalKobo)}
        </dd>
      </div>
    </dl>
  );
}
