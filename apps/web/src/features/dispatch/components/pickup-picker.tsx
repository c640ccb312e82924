import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { Address } from '@jara/shared';
import { Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../i18n';

function addressLine(a: Address) {
  return [a.address, a.city, a.state].filter(Boolean).join(', ');
}

/** Pick-up Location: the selected saved address, Change to pick another, Add address. */
export function PickupPicker({
  addresses,
  loading,
  selectedId,
  onSelect,
  onAddAddress,
}: {
  addresses: Address[];
  loading: boolean;
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** Called before leaving for /add-address (which comes back here after saving). */
  onAddAddress: () => void;
}) {
  const t = useT('dispatch');
  const [open, setOpen] = useState(false);
  const listId = useId();
  const selected = addresses.find((a) => a._id === selectedId) ?? null;

  return (
    <div>
      <div className="flex items-start justify-between gap-3">
        {loading ? (
          <Skeleton className="h-12 w-full" />
        ) : selected ? (
          <div className="min-w-0 text-sm">
            <p className="font-semibold text-stone-900">
              {selected.firstName} {selected.lastName} · {selected.phone}
            </p>
            <p className="text-stone-700">{addressLine(selected)}</p>
          </div>
        ) : (
          <p className="text-sm text-stone-600">{t('msg.noAddress')}</p>
        )}
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((o) => !o)}
          className="shrink-0 rounded-full px-3 py-1.5 text-sm font-semibold text-accent-600 hover:bg-accent-50"
        >
          {t('dispatch.pickup.change')}
        </button>
      </div>
      <div id={listId} hidden={!open} className="mt-3 overflow-hidden rounded-xl border border-stone-200 bg-white">
        <ul aria-label={t('dispatch.pickup.saved')}>
          {addresses.map((a) => (
            <li key={a._id}>
              <button
                type="button"
                aria-pressed={a._id === selectedId}
                onClick={() => {
                  onSelect(a._id);
                  setOpen(false);
                }}
                className={`block w-full border-b border-stone-100 px-4 py-3 text-left text-sm hover:bg-stone-50 ${a._id === selectedId ? 'bg-brand-50' : ''}`}
              >
                <span className="font-medium text-stone-900">
                  {a.firstName} {a.lastName}
                </span>
                <span className="block text-stone-600">{addressLine(a)}</span>
              </button>
            </li>
          ))}
        </ul>
        <Link
          to="/add-address?next=dispatch-request"
          onClick={onAddAddress}
          className="block px-4 py-3 text-center text-sm font-semibold text-brand-800 hover:bg-brand-50"
        >
          {t('dispatch.pickup.add')}
        </Link>
      </div>
    </div>
  );
}
