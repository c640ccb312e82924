import { Link } from 'react-router';
import type { ChecklistItem, ChecklistKey } from '@jara/shared';
import { Card } from '../../../components/ui/card';
import { useT, type MessageId, type Translate } from '../../../i18n';
import { useChecklist } from '../api/get-checklist';

const LABEL: Record<ChecklistKey, MessageId<'admin'>> = {
  admin: 'admin.checklist.admin',
  payments: 'admin.checklist.payments',
  smtp: 'admin.checklist.smtp',
  categories: 'admin.checklist.categories',
  delivery_hours: 'admin.checklist.deliveryHours',
  first_vendor: 'admin.checklist.firstVendor',
};

/** What to do about a missing item: a hint, and a link when the fix is in the admin. */
function Hint({ item, t }: { item: ChecklistItem; t: Translate<'admin'> }) {
  switch (item.key) {
    case 'admin':
      return <>{t('admin.checklist.admin.hint')}</>;
    case 'payments':
      return (
        <>
          {item.detail === 'paystack_test' ? t('admin.checklist.payments.test') : t('admin.checklist.payments.sandbox')}
        </>
      );
    case 'smtp':
      return <>{t('admin.checklist.smtp.hint')}</>;
    case 'categories':
      return (
        <>
          {t('admin.checklist.categories.hint')}{' '}
          <Link to="/admin/categories" className="font-semibold text-brand-700 underline">
            {t('admin.checklist.categories.link')}
          </Link>
        </>
      );
    case 'delivery_hours':
      return <>{t('admin.checklist.deliveryHours.hint', { hours: (item.detail ?? '').replace('-', '–') })}</>;
    case 'first_vendor':
      return <>{t('admin.checklist.firstVendor.hint')}</>;
  }
}

/**
 * The first-run checklist at the top of the admin's first screen: each thing a new deployment
 * needs, the missing ones with what to do. Gone once everything is done (and while it loads).
 */
export function FirstRunChecklist() {
  const t = useT('admin');
  const { data } = useChecklist();
  if (!data || data.every((i) => i.done)) return null;
  const done = data.filter((i) => i.done).length;
  return (
    <Card className="mb-6 border-l-4 border-amber-400">
      <h2 id="first-run-checklist" className="text-lg font-bold">
        {t('admin.checklist.title')}
      </h2>
      <p className="mt-1 text-sm text-stone-700">{t('admin.checklist.progress', { done, total: data.length })}</p>
      <ul className="mt-3 space-y-2 text-sm">
        {data.map((item) => (
          <li key={item.key} className="flex gap-2">
            <span
              aria-hidden="true"
              className={`mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full text-xs font-bold ${item.done ? 'bg-brand-100 text-brand-900' : 'bg-amber-100 text-amber-900'}`}
            >
              {item.done ? '✓' : '!'}
            </span>
            <div className="min-w-0">
              <p className={item.done ? 'text-stone-600' : 'font-semibold'}>
                <span className="sr-only">
                  {item.done
                    ? t('admin.checklist.doneLabel', { item: t(LABEL[item.key]) })
                    : t('admin.checklist.missingLabel', { item: t(LABEL[item.key]) })}
                </span>
                <span aria-hidden="true">{t(LABEL[item.key])}</span>
              </p>
              {!item.done && (
                <p className="break-words text-stone-700">
                  <Hint item={item} t={t} />
                </p>
              )}
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
