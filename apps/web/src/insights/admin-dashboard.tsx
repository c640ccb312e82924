import type { AdminInsightsAnswer } from '@jara/shared';
import { useT } from '../i18n';
import { useAdminInsights } from './api/get-admin-insights';
import { DashboardFrame, Panel } from './dashboard-frame';
import { DataTable } from './data-table';
import { FigureCard, FigureGrid } from './figure-card';
import { minutes, share } from './figures';
import { bucketLabel, count, formatNaira, percent } from './format';
import { usePeriod } from './period';
import { Cancellations } from './cancellations';
import { InsightsEmpty } from './states';
import { TimeSeriesChart } from './time-series-chart';

type Answer = AdminInsightsAnswer;

function Sales({ data }: { data: Answer }) {
  const t = useT('insights');
  const { bucket } = data.period;
  const words =
    bucket === 'hour'
      ? ({
          orders: 'insights.admin.ordersPerHour',
          gmv: 'insights.admin.gmvPerHour',
          table: 'insights.admin.salesTableHour',
        } as const)
      : ({
          orders: 'insights.admin.ordersPerDay',
          gmv: 'insights.admin.gmvPerDay',
          table: 'insights.admin.salesTableDay',
        } as const);
  return (
    <Panel title={t('insights.admin.sales')}>
      {data.totals.orders === 0 ? (
        <InsightsEmpty message={t('insights.admin.noOrders')} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <TimeSeriesChart
            label={t(words.orders)}
            ats={data.series.map((p) => p.at)}
            bucket={bucket}
            values={data.series.map((p) => p.orders)}
            unit="count"
          />
          <TimeSeriesChart
            label={t(words.gmv)}
            ats={data.series.map((p) => p.at)}
            bucket={bucket}
            values={data.series.map((p) => p.gmvKobo)}
            unit="naira"
            kind="line"
          />
        </div>
      )}
      <DataTable
        caption={t(words.table)}
        tall
        rows={data.series}
        rowKey={(p) => p.at}
        columns={[
          {
            header: t(bucket === 'hour' ? 'insights.column.hour' : 'insights.column.day'),
            cell: (p) => bucketLabel(p.at, bucket),
          },
          { header: t('insights.column.orders'), cell: (p) => count(p.orders), numeric: true },
          { header: t('insights.column.gmv'), cell: (p) => formatNaira(p.gmvKobo), numeric: true },
        ]}
        footer={[t('insights.column.total'), count(data.totals.orders), formatNaira(data.totals.gmvKobo)]}
      />
    </Panel>
  );
}

function RefundsAndDisputes({ data }: { data: Answer }) {
  const t = useT('insights');
  const rows = [
    { key: 'refunds', name: t('insights.admin.refunds'), ...data.refunds },
    { key: 'disputes', name: t('insights.admin.disputes'), ...data.disputes },
  ];
  return (
    <Panel title={t('insights.admin.refundsAndDisputes')}>
      <DataTable
        caption={t('insights.admin.refundsTable')}
        rows={rows}
        rowKey={(r) => r.key}
        columns={[
          { header: t('insights.column.kind'), cell: (r) => r.name },
          { header: t('insights.column.count'), cell: (r) => count(r.count), numeric: true },
          { header: t('insights.column.amount'), cell: (r) => formatNaira(r.kobo), numeric: true },
          { header: t('insights.column.rate'), cell: (r) => percent(r.rate), numeric: true },
        ]}
      />
    </Panel>
  );
}

function Riders({ data }: { data: Answer }) {
  const t = useT('insights');
  return (
    <Panel title={t('insights.admin.ridersNow')}>
      <FigureGrid className="!grid-cols-3">
        <FigureCard label={t('insights.admin.ridersOnline')} value={count(data.riders.online)} />
        <FigureCard label={t('insights.admin.ridersBusy')} value={count(data.riders.busy)} />
        <FigureCard label={t('insights.admin.utilisation')} value={share(t, data.riders.utilisation)} />
      </FigureGrid>
    </Panel>
  );
}

function Times({ data }: { data: Answer }) {
  const t = useT('insights');
  const { times } = data;
  return (
    <Panel title={t('insights.admin.times')}>
      <p className="text-sm text-stone-600">{t('insights.admin.timesNote', { count: times.orders })}</p>
      <FigureGrid className="lg:!grid-cols-2">
        <FigureCard label={t('insights.admin.placedToDelivered')} value={minutes(t, times.placedToDeliveredMin)} />
        <FigureCard label={t('insights.admin.confirm')} value={minutes(t, times.confirmMin)} />
        <FigureCard label={t('insights.admin.waitForRider')} value={minutes(t, times.waitForRiderMin)} />
        <FigureCard label={t('insights.admin.ride')} value={minutes(t, times.rideMin)} />
      </FigureGrid>
    </Panel>
  );
}

function Funnel({ data }: { data: Answer }) {
  const t = useT('insights');
  const { cart, checkout, paid } = data.funnel;
  const rows = [
    { key: 'cart', name: t('insights.funnel.cart'), people: cart, previous: null },
    { key: 'checkout', name: t('insights.funnel.checkout'), people: checkout, previous: cart },
    { key: 'paid', name: t('insights.funnel.paid'), people: paid, previous: checkout },
  ];
  const widest = Math.max(cart, checkout, paid, 1);
  return (
    <Panel title={t('insights.funnel.title')}>
      <p className="text-sm text-stone-600">{t('insights.funnel.note')}</p>
      <div aria-hidden="true" className="space-y-1.5">
        {rows.map((r) => (
          <div key={r.key} className="flex items-center gap-2 text-xs">
            <span className="w-20 shrink-0 text-stone-700">{r.name}</span>
            <span
              className="h-5 rounded bg-brand-600"
              style={{ width: `${(r.people / widest) * 100}%`, minWidth: 2 }}
            />
            <span className="tabular-nums text-stone-700">{count(r.people)}</span>
          </div>
        ))}
      </div>
      <DataTable
        caption={t('insights.funnel.table')}
        rows={rows}
        rowKey={(r) => r.key}
        columns={[
          { header: t('insights.column.step'), cell: (r) => r.name },
          { header: t('insights.column.people'), cell: (r) => count(r.people), numeric: true },
          {
            header: t('insights.column.ofPrevious'),
            cell: (r) =>
              r.previous === null ? '' : r.previous === 0 ? t('insights.none') : percent(r.people / r.previous),
            numeric: true,
          },
        ]}
      />
    </Panel>
  );
}

function TopVendors({ data }: { data: Answer }) {
  const t = useT('insights');
  return (
    <Panel title={t('insights.admin.topVendors')}>
      {data.topVendors.length === 0 ? (
        <InsightsEmpty message={t('insights.admin.noSales')} />
      ) : (
        <DataTable
          caption={t('insights.admin.topVendorsTable')}
          rows={data.topVendors}
          rowKey={(v) => v.id}
          columns={[
            { header: t('insights.column.shop'), cell: (v) => v.name },
            { header: t('insights.column.orders'), cell: (v) => count(v.orders), numeric: true },
            { header: t('insights.column.sales'), cell: (v) => formatNaira(v.salesKobo), numeric: true },
          ]}
        />
      )}
    </Panel>
  );
}

function TopProducts({ data }: { data: Answer }) {
  const t = useT('insights');
  return (
    <Panel title={t('insights.admin.topProducts')}>
      {data.topProducts.length === 0 ? (
        <InsightsEmpty message={t('insights.admin.noSales')} />
      ) : (
        <DataTable
          caption={t('insights.admin.topProductsTable')}
          rows={data.topProducts}
          rowKey={(p) => p.id}
          columns={[
            { header: t('insights.column.product'), cell: (p) => p.name },
            { header: t('insights.column.shop'), cell: (p) => p.vendorName },
            { header: t('insights.column.quantity'), cell: (p) => count(p.quantity), numeric: true },
            { header: t('insights.column.sales'), cell: (p) => formatNaira(p.salesKobo), numeric: true },
          ]}
        />
      )}
    </Panel>
  );
}

/** /admin/dashboard: the business at a glance over a period, each picture with its numbers in a table. */
export function AdminDashboard() {
  const t = useT('insights');
  const [period] = usePeriod();
  const query = useAdminInsights(period);
  return (
    <DashboardFrame heading={t('insights.admin.heading')} intro={t('insights.admin.intro')} query={query}>
      {(data) => (
        <>
          <FigureGrid>
            <FigureCard label={t('insights.admin.orders')} value={count(data.totals.orders)} />
            <FigureCard label={t('insights.admin.gmv')} value={formatNaira(data.totals.gmvKobo)} />
            <FigureCard label={t('insights.admin.averageBasket')} value={formatNaira(data.totals.averageBasketKobo)} />
            <FigureCard label={t('insights.admin.deliveryFees')} value={formatNaira(data.totals.deliveryFeeKobo)} />
            <FigureCard label={t('insights.admin.serviceFees')} value={formatNaira(data.totals.serviceFeeKobo)} />
            <FigureCard label={t('insights.admin.commission')} value={formatNaira(data.totals.commissionKobo)} />
            <FigureCard label={t('insights.admin.newCustomers')} value={count(data.customers.new)} />
            <FigureCard label={t('insights.admin.returningCustomers')} value={count(data.customers.returning)} />
          </FigureGrid>
          <Sales data={data} />
          <div className="grid items-start gap-5 lg:grid-cols-2">
            <RefundsAndDisputes data={data} />
            <Cancellations rows={data.cancellations} />
            <Riders data={data} />
            <Times data={data} />
            <Funnel data={data} />
            <TopVendors data={data} />
          </div>
          <TopProducts data={data} />
        </>
      )}
    </DashboardFrame>
  );
}
