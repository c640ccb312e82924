import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RiderInsightsAnswer, InsightsQuery } from '@jara/shared';
import { api } from '../../lib/api-client';

const getRiderInsights = (q: InsightsQuery) =>
  api.get<RiderInsightsAnswer, typeof InsightsQuery>('/api/rider/insights', { query: q });

const riderInsightsQuery = (q: InsightsQuery) =>
  queryOptions({ queryKey: ['insights', 'rider', q], queryFn: () => getRiderInsights(q), staleTime: 60_000 });

/** The rider's own work over a period. The figures of the last period stay on screen while the next one loads. */
export function useRiderInsights(q: InsightsQuery) {
  return useQuery({ ...riderInsightsQuery(q), placeholderData: keepPreviousData });
}
