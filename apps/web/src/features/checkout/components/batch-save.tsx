import { useId } from 'react';
import { formatNaira } from '@jara/shared';
import { useT } from '../../../i18n';

/** What "Batch & save" would change (decision 0048): the fee with and without it, and the wait it may add. */
export interface BatchOffer {
  fullFeeKobo: number;
  batchFeeKobo: number;
  waitMinutes: number;
}

/**
 * "Batch & save": a cheaper delivery for a short wait while we look for other orders going to the
 * same hall. Off unless the customer ticks it; the fee and the wait are the server's.
 */
export function BatchSaveChoice({
  offer,
  checked,
  onChange,
}: {
  offer: BatchOffer;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const t = useT('checkout');
  const id = useId();
  return (
    <div
      className={`rounded-xl border p-3 text-sm ${checked ? 'border-brand-600 bg-brand-50' : 'border-stone-200'}`}
      data-testid="batch-save"
    >
      <label className="flex items-start gap-2">
        <input
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-brand-700"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-describedby={`${id}-wait`}
        />
        <span className="font-medium text-stone-900">
          {t('checkout.batch.choice', {
            fee: formatNaira(offer.batchFeeKobo),
            full: formatNaira(offer.fullFeeKobo),
          })}
        </span>
      </label>
      <p id={`${id}-wait`} className="mt-1 pl-6 text-stone-600">
        {t('checkout.batch.wait', { minutes: offer.waitMinutes })}
      </p>
    </div>
  );
}
