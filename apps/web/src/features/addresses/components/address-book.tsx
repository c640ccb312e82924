import { DoorDetails } from '../../../components/ui/door-details';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import type { Address } from '@jara/shared';
import { Button, buttonClass } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { t as translate, useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { useAddresses } from '../api/get-addresses';
import { useDeleteAddress } from '../api/delete-address';
import { AddressForm } from './address-form';

/** Profile section: the saved addresses, each editable and deletable. */
export function AddressBook() {
  const t = useT('addresses');
  const { data: addresses, isPending, isError, error } = useAddresses();
  const [editing, setEditing] = useState<string | null>(null);
  const del = useDeleteAddress();

  const handleDelete = async (a: Address) => {
    if (!window.confirm(t('addresses.book.confirmDelete', { address: a.address }))) return;
    try {
      await del.mutateAsync(a._id);
      toast.success(translate('addresses', 'addresses.book.deleted'));
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  return (
    <section aria-labelledby="addresses-heading" className="rounded-3xl bg-white p-6 shadow-[var(--shadow-card)]">
      <div className="flex items-center justify-between gap-3">
        <h2 id="addresses-heading" className="text-lg font-bold">
          {t('addresses.book.heading')}
        </h2>
        <Link to="/add-address?next=profile" className={buttonClass('outline', 'sm')}>
          {t('addresses.book.add')}
        </Link>
      </div>
      <div className="mt-4">
        {isPending ? (
          <div role="status" aria-label={t('addresses.book.loading')} className="space-y-2">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : isError ? (
          <p className="text-sm text-red-700">
            {t('msg.failedAddresses')}
            {errorMessage(error)}
          </p>
        ) : !addresses.length ? (
          <p className="text-sm text-stone-600">{t('msg.noAddress')}</p>
        ) : (
          <ul className="space-y-3">
            {addresses.map((a) => (
              <li key={a._id} className="rounded-2xl border border-stone-200 p-4">
                {editing === a._id ? (
                  <AddressForm
                    initial={a}
                    submitLabel={t('addresses.book.saveChanges')}
                    onSaved={() => setEditing(null)}
                    onCancel={() => setEditing(null)}
                  />
                ) : (
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div className="min-w-0 text-sm">
                      <p className="font-semibold text-stone-900">
                        {a.firstName} {a.lastName}
                      </p>
                      <p className="text-stone-700">{a.address}</p>
                      <DoorDetails door={a} address={a.address} />
                      <p className="text-stone-600">
                        {a.city}, {a.state} · {a.phone}
                      </p>
                    </div>
                    <div className="flex gap-2">
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => setEditing(a._id)}
                        aria-label={t('addresses.book.editLabel', { address: a.address })}
                      >
                        {t('addresses.book.edit')}
                      </Button>
                      <Button
                        variant="danger"
                        size="sm"
                        onClick={() => handleDelete(a)}
                        disabled={del.isPending}
                        aria-label={t('addresses.book.deleteLabel', { address: a.address })}
                      >
                        {t('addresses.book.delete')}
                      </Button>
                    </div>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
