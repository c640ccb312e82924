import { useState } from 'react';
import { EXPORT_KINDS, EXPORT_MSG, ExportQuery, lagosMonthOf, type ExportKind } from '@jara/shared';
import { buttonClass } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { useT, type MessageId } from '../../../i18n';
import { adminExportUrl } from '../api/export-url';

const KIND: Record<ExportKind, { name: MessageId<'admin'>; note: MessageId<'admin'> }> = {
  orders: { name: 'admin.exports.orders', note: 'admin.exports.ordersNote' },
  'order-items': { name: 'admin.exports.orderItems', note: 'admin.exports.orderItemsNote' },
  payouts: { name: 'admin.exports.payouts', note: 'admin.exports.payoutsNote' },
  refunds: { name: 'admin.exports.refunds', note: 'admin.exports.refundsNote' },
  ledger: { name: 'admin.exports.ledger', note: 'admin.exports.ledgerNote' },
};

/** The schema's words, in the reader's language. */
const PROBLEM: Record<string, MessageId<'admin'>> = {
  [EXPORT_MSG.dayFormat]: 'admin.exports.dayFormat',
  [EXPORT_MSG.endBeforeStart]: 'admin.exports.endBeforeStart',
  [EXPORT_MSG.tooLong]: 'admin.exports.tooLong',
};

/**
 * /admin/exports: CSV files for the accountant over a period of Lagos days (this month unless
 * changed), one download link per kind. The period is checked with the server's own schema first.
 */
export function ExportsPanel() {
  const t = useT('admin');
  const [period, setPeriod] = useState(() => lagosMonthOf(new Date()));
  const checked = ExportQuery.safeParse(period);
  const problems = checked.success
    ? { from: [], to: [] }
    : {
        from: checked.error.issues
          .filter((i) => i.path[0] === 'from')
          .map((i) => t(PROBLEM[i.message] ?? 'admin.exports.dayFormat')),
        to: checked.error.issues
          .filter((i) => i.path[0] === 'to')
          .map((i) => t(PROBLEM[i.message] ?? 'admin.exports.dayFormat')),
      };
  return (
    <section aria-labelledby="exports-heading" className="space-y-4">
      <div>
        <h2 id="exports-heading" className="text-xl font-bold">
          {t('admin.exports.heading')}
        </h2>
        <p className="mt-1 text-sm text-stone-600">{t('admin.exports.intro')}</p>
      </div>
      <div className="grid max-w-xl gap-3 sm:grid-cols-2">
        <TextField
          type="date"
          label={t('admin.exports.from')}
          value={period.from}
          errors={problems.from}
          onChange={(e) => setPeriod((p) => ({ ...p, from: e.target.value }))}
        />
        <TextField
          type="date"
          label={t('admin.exports.to')}
          value={period.to}
          errors={problems.to}
          onChange={(e) => setPeriod((p) => ({ ...p, to: e.target.value }))}
        />
      </div>
      <ul className="divide-y divide-stone-200 rounded-[var(--radius-card)] bg-white shadow-[var(--shadow-card)]">
        {EXPORT_KINDS.map((kind) => (
          <li key={kind} className="flex flex-wrap items-center gap-3 p-4 sm:p-5">
            <div className="min-w-48 flex-1">
              <h3 className="font-semibold">{t(KIND[kind].name)}</h3>
              <p className="text-sm text-stone-600">{t(KIND[kind].note)}</p>
            </div>
            {checked.success ? (
              <a
                href={adminExportUrl(kind, checked.data)}
                download
                className={buttonClass('outline', 'sm')}
                aria-label={t('admin.exports.downloadNamed', { name: t(KIND[kind].name) })}
              >
                {t('admin.exports.download')}
              </a>
            ) : (
              <span className="text-sm text-stone-600">{t('admin.exports.fixPeriod')}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
