import { formatDayTime, type VendorInsightsAnswer } from '@jara/shared';
import { StatusPill } from '../components/ui/status-pill';
import { useT } from '../i18n';
import { useVendorInsights } from './api/get-vendor-insights';
import { Cancellations } from './cancellations';
import { DashboardFrame, Panel } from './dashboard-frame';
import { DataTable } from './data-table';
import { FigureCard, FigureGrid } from './figure-card';
import { minutes, rating } from './figures';
import { bucketLabel, count, formatNaira } from './format';
import { HeatMap } from './heat-map';
import { usePeriod } from './period';
import { InsightsEmpty } from './states';
import { TimeSeriesChart } from './time-series-chart';

type Answer = VendorInsightsAnswer;

function Sales({ data }: { data: Answer }) {
  const t = useT('insights');
  const { bucket } = data.period;
  return (
    <Panel title={t('insights.vendor.sales')}>
      {data.totals.orders === 0 ? (
        <InsightsEmpty message={t('insights.vendor.noOrders')} />
      ) : (
        <TimeSeriesChart
          label={t(bucket === 'hour' ? 'insights.vendor.salesPerHour' : 'insights.vendor.salesPerDay')}
          ats={data.series.map((p) => p.at)}
          bucket={bucket}
          values={data.series.map((p) => p.salesKobo)}
          unit="naira"
        />
      )}
      <DataTable
        caption={t(bucket === 'hour' ? 'insights.vendor.salesTableHour' : 'insights.vendor.salesTableDay')}
        tall
        rows={data.series}
        rowKey={(p) => p.at}
        columns={[
          {
            header: t(bucket === 'hour' ? 'insights.column.hour' : 'insights.column.day'),
            cell: (p) => bucketLabel(p.at, bucket),
          },
          { header: t('insights.column.orders'), cell: (p) => count(p.orders), numeric: true },
          { header: t('insights.column.sales'), cell: (p) => formatNaira(p.salesKobo), numeric: true },
        ]}
        footer={[t('insights.column.total'), count(data.totals.orders), formatNaira(data.totals.salesKobo)]}
      />
    </Panel>
  );
}

function TopItems({ data }: { data: Answer }) {
  const t = useT('insights');
  return (
    <Panel title={t('insights.vendor.topItems')}>
      {data.topItems.length === 0 ? (
        <InsightsEmpty message={t('insights.vendor.noOrders')} />
      ) : (
        <DataTable
          caption={t('insights.vendor.topItemsTable')}
          rows={data.topItems}
          rowKey={(i) => i.id}
          columns={[
            { header: t('insights.column.product'), cell: (i) => i.name },
            { header: t('insights.column.quantity'), cell: (i) => count(i.quantity), numeric: true },
            { header: t('insights.column.sales'), cell: (i) => formatNaira(i.salesKobo), numeric: true },
          ]}
        />
      )}
    </Panel>
  );
}

function Payouts({ data }: { data: Answer }) {
  const t = useT('insights');
  return (
    <Panel title={t('insights.vendor.payouts')}>
      {data.payouts.length === 0 ? (
        <InsightsEmpty message={t('insights.vendor.noPayouts')} />
      ) : (
        <DataTable
          caption={t('insights.vendor.payoutsTable')}
          rows={data.payouts}
          rowKey={(p) => `${p.at}:${p.amountKobo}:${p.status}`}
          columns={[
            { header: t('insights.column.asked'), cell: (p) => formatDayTime(p.at) },
            { header: t('insights.column.amount'), cell: (p) => formatNaira(p.amountKobo), numeric: true },
            { header: t('insights.column.status'), cell: (p) => <StatusPill status={p.status} /> },
          ]}
          footer={[t('insights.vendor.paidOut'), formatNaira(data.paidOutKobo), '']}
        />
      )}
    </Panel>
  );
}

/** /seller/insights: the vendor's own shop over a period: sales, best sellers, busy hours, speed, ratings, cancellations, payouts. */
export function VendorInsights() {
  const t = useT('insights');
  const [period] = usePeriod();
  const query = useVendorInsights(period);
  return (
    <DashboardFrame heading={t('insights.vendor.heading')} intro={t('insights.vendor.intro')} query={query}>
      {(data) => (
        <>
          <FigureGrid>
            <FigureCard label={t('insights.vendor.orders')} value={count(data.totals.orders)} />
            <FigureCard label={t('insights.vendor.salesTotal')} value={formatNaira(data.totals.salesKobo)} />
            <FigureCard label={t('insights.vendor.averageOrder')} value={formatNaira(data.totals.averageOrderKobo)} />
            <FigureCard
              label={t('insights.vendor.preparation')}
              value={minutes(t, data.preparation.medianMin)}
              note={t('insights.vendor.preparationNote', { count: data.preparation.orders })}
            />
            <FigureCard
              label={t('insights.vendor.rating')}
              value={rating(t, data.ratings.average)}
              note={t('insights.ratingsCount', { count: data.ratings.count })}
            />
            <FigureCard label={t('insights.vendor.paidOut')} value={formatNaira(data.paidOutKobo)} />
          </FigureGrid>
          <Sales data={data} />
          <Panel title={t('insights.vendor.busyHours')}>
            {data.busyHours.length === 0 ? (
              <InsightsEmpty message={t('insights.vendor.noOrders')} />
            ) : (
              <HeatMap cells={data.busyHours} caption={t('insights.vendor.busyHoursCaption')} />
            )}
          </Panel>
          <div className="grid items-start gap-5 lg:grid-cols-2">
            <TopItems data={data} />
            <Cancellations rows={data.cancellations} />
          </div>
          <Payouts data={data} />
        </>
      )}
    </DashboardFrame>
  );
}
