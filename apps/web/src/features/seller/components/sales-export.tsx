import { useState } from 'react';
import { EXPORT_MSG, ExportQuery, lagosMonthOf } from '@jara/shared';
import { buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { useT, type MessageId } from '../../../i18n';
import { salesExportUrl } from '../api/sales-export-url';

/** The schema's words, in the reader's language. */
const PROBLEM: Record<string, MessageId<'seller'>> = {
  [EXPORT_MSG.dayFormat]: 'seller.export.dayFormat',
  [EXPORT_MSG.endBeforeStart]: 'seller.export.endBeforeStart',
  [EXPORT_MSG.tooLong]: 'seller.export.tooLong',
};

/** On the earnings screen: the shop's own order lines of a period (this month unless changed) as a CSV file. */
export function SalesExport() {
  const t = useT('seller');
  const [period, setPeriod] = useState(() => lagosMonthOf(new Date()));
  const checked = ExportQuery.safeParse(period);
  const problems = (field: 'from' | 'to') =>
    checked.success
      ? []
      : checked.error.issues
          .filter((i) => i.path[0] === field)
          .map((i) => t(PROBLEM[i.message] ?? 'seller.export.dayFormat'));
  return (
    <Card className="mb-5">
      <h2 className="text-lg font-bold">{t('seller.export.heading')}</h2>
      <p className="mt-1 text-sm text-stone-600">{t('seller.export.intro')}</p>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <TextField
          type="date"
          className="min-w-40 flex-1"
          label={t('seller.export.from')}
          value={period.from}
          errors={problems('from')}
          onChange={(e) => setPeriod((p) => ({ ...p, from: e.target.value }))}
        />
        <TextField
          type="date"
          className="min-w-40 flex-1"
          label={t('seller.export.to')}
          value={period.to}
          errors={problems('to')}
          onChange={(e) => setPeriod((p) => ({ ...p, to: e.target.value }))}
        />
        {checked.success && (
          <a href={salesExportUrl(checked.data)} download className={buttonClass('outline', 'md')}>
            {t('seller.export.download')}
          </a>
        )}
      </div>
    </Card>
  );
}
