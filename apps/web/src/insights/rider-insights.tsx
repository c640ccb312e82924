import { useT } from '../i18n';
import { useRiderInsights } from './api/get-rider-insights';
import { DashboardFrame, Panel } from './dashboard-frame';
import { DataTable } from './data-table';
import { FigureCard, FigureGrid } from './figure-card';
import { rating, share } from './figures';
import { bucketLabel, count, formatNaira } from './format';
import { usePeriod } from './period';
import { InsightsEmpty } from './states';
import { TimeSeriesChart } from './time-series-chart';

/** /rider/insights: the rider's own work over a period: earnings per day, jobs, on time, ratings, hours online. */
export function RiderInsights() {
  const t = useT('insights');
  const [period] = usePeriod();
  const query = useRiderInsights(period);
  return (
    <DashboardFrame heading={t('insights.rider.heading')} intro={t('insights.rider.intro')} query={query}>
      {(data) => {
        const { bucket } = data.period;
        return (
          <>
            <FigureGrid>
              <FigureCard label={t('insights.rider.earnings')} value={formatNaira(data.totals.earningsKobo)} />
              <FigureCard label={t('insights.rider.jobs')} value={count(data.totals.jobs)} />
              <FigureCard label={t('insights.rider.onTime')} value={share(t, data.totals.onTimeShare)} />
              <FigureCard
                label={t('insights.rider.hoursOnline')}
                value={t('insights.hours', { hours: data.totals.hoursOnline })}
              />
              <FigureCard
                label={t('insights.rider.rating')}
                value={rating(t, data.ratings.average)}
                note={t('insights.ratingsCount', { count: data.ratings.count })}
              />
            </FigureGrid>
            <Panel title={t('insights.rider.earningsTitle')}>
              {data.totals.jobs === 0 && data.totals.earningsKobo === 0 ? (
                <InsightsEmpty message={t('insights.rider.noJobs')} />
              ) : (
                <TimeSeriesChart
                  label={t(bucket === 'hour' ? 'insights.rider.earningsPerHour' : 'insights.rider.earningsPerDay')}
                  ats={data.series.map((p) => p.at)}
                  bucket={bucket}
                  values={data.series.map((p) => p.earningsKobo)}
                  unit="naira"
                />
              )}
              <DataTable
                caption={t(bucket === 'hour' ? 'insights.rider.tableHour' : 'insights.rider.tableDay')}
                tall
                rows={data.series}
                rowKey={(p) => p.at}
                columns={[
                  {
                    header: t(bucket === 'hour' ? 'insights.column.hour' : 'insights.column.day'),
                    cell: (p) => bucketLabel(p.at, bucket),
                  },
                  { header: t('insights.column.jobs'), cell: (p) => count(p.jobs), numeric: true },
                  { header: t('insights.column.earnings'), cell: (p) => formatNaira(p.earningsKobo), numeric: true },
                ]}
                footer={[t('insights.column.total'), count(data.totals.jobs), formatNaira(data.totals.earningsKobo)]}
              />
            </Panel>
          </>
        );
      }}
    </DashboardFrame>
  );
}
