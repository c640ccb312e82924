import type { InsightsCancellation } from '@jara/shared';
import { useT } from '../i18n';
import { Panel } from './dashboard-frame';
import { DataTable } from './data-table';
import { count } from './format';
import { REASON_WORDS } from './reasons';
import { InsightsEmpty } from './states';

/** Cancelled orders by reason, most first (shared by the admin's and the vendor's dashboards). */
export function Cancellations({ rows }: { rows: InsightsCancellation[] }) {
  const t = useT('insights');
  const sorted = [...rows].sort((a, b) => b.count - a.count);
  return (
    <Panel title={t('insights.cancellations.title')}>
      {sorted.length === 0 ? (
        <InsightsEmpty message={t('insights.cancellations.none')} />
      ) : (
        <DataTable
          caption={t('insights.cancellations.table')}
          rows={sorted}
          rowKey={(r) => r.reason}
          columns={[
            { header: t('insights.column.reason'), cell: (r) => t(REASON_WORDS[r.reason]) },
            { header: t('insights.column.orders'), cell: (r) => count(r.count), numeric: true },
          ]}
          footer={[t('insights.column.total'), count(sorted.reduce((a, r) => a + r.count, 0))]}
        />
      )}
    </Panel>
  );
}
