import { doorLine } from '@jara/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import type { Address } from '@jara/shared';
import { buttonClass } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../i18n';

/** The saved addresses as radio choices, with 'Add address' and the spec's empty text. */
export function AddressPicker({
  addresses,
  loading,
  selectedId,
  onSelect,
}: {
  addresses: Address[];
  loading: boolean;
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const t = useT('checkout');
  const name = useId();
  return (
    <fieldset>
      <legend className="text-sm font-semibold uppercase tracking-wide text-stone-600">
        {t('checkout.address.legend')}
      </legend>
      <div className="mt-2 space-y-2">
        {loading ? (
          <Skeleton className="h-14 w-full" />
        ) : addresses.length === 0 ? (
          <p className="rounded-xl bg-stone-50 px-3 py-3 text-sm text-stone-700">{t('msg.noAddress')}</p>
        ) : (
          addresses.map((a) => (
            <label
              key={a._id}
              className="flex cursor-pointer gap-3 rounded-xl border border-stone-200 p-3 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name={name}
                value={a._id}
                checked={selectedId === a._id}
                onChange={() => onSelect(a._id)}
                className="mt-1 accent-brand-800"
              />
              <span className="min-w-0">
                <span className="block font-semibold text-stone-900">
                  {a.firstName} {a.lastName}
                </span>
                <span className="block text-stone-700">{a.address}</span>
                {doorLine(a) && <span className="block text-stone-700">{doorLine(a)}</span>}
                <span className="block text-stone-600">
                  {a.city}, {a.state}
                </span>
              </span>
            </label>
          ))
        )}
        <Link to="/add-address" className={buttonClass('outline', 'sm', 'w-full')}>
          {t('checkout.address.add')}
        </Link>
      </div>
    </fieldset>
  );
}
