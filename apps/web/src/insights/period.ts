import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { InsightsQuery, INSIGHTS_PERIODS, type InsightsPeriodKind } from '@jara/shared';

/** The period a dashboard shows when the address names none, or names one the server would refuse. */
const DEFAULT_PERIOD: InsightsQuery = { period: '7d' };

/** The period in `?period=…&from=…&to=…`, checked with the schema the server checks it with. */
function readPeriod(params: URLSearchParams): InsightsQuery {
  const raw = {
    period: params.get('period') ?? undefined,
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
  };
  const parsed = InsightsQuery.safeParse(raw);
  if (!parsed.success) return DEFAULT_PERIOD;
  const { period, from, to } = parsed.data;
  // Only a custom period has its own days: the others end on the server's Lagos today.
  return period === 'custom' ? { period, from, to } : { period };
}

/** Whether a string names one of the periods (a radio button's value). */
export const isPeriodKind = (value: string): value is InsightsPeriodKind =>
  (INSIGHTS_PERIODS as readonly string[]).includes(value);

/**
 * The dashboard's period, kept in the address (so a link or a reload shows the same figures), and
 * how to change it; other search parameters are left alone.
 */
export function usePeriod(): [InsightsQuery, (next: InsightsQuery) => void] {
  const [params, setParams] = useSearchParams();
  const period = readPeriod(params);
  const setPeriod = useCallback(
    (next: InsightsQuery) =>
      setParams((current) => {
        const out = new URLSearchParams(current);
        out.set('period', next.period ?? DEFAULT_PERIOD.period!);
        for (const key of ['from', 'to'] as const) {
          const value = next.period === 'custom' ? next[key] : undefined;
          if (value) out.set(key, value);
          else out.delete(key);
        }
        return out;
      }),
    [setParams],
  );
  return [period, setPeriod];
}
