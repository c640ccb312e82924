import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminInsightsAnswer, InsightsQuery } from '@jara/shared';
import { api } from '../../lib/api-client';

const getAdminInsights = (q: InsightsQuery) =>
  api.get<AdminInsightsAnswer, typeof InsightsQuery>('/api/admin/insights', { query: q });

const adminInsightsQuery = (q: InsightsQuery) =>
  queryOptions({ queryKey: ['insights', 'admin', q], queryFn: () => getAdminInsights(q), staleTime: 60_000 });

/** The business's figures over a period (the admin's dashboard). The figures of the last period stay on screen while the next one loads. */
export function useAdminInsights(q: InsightsQuery) {
  return useQuery({ ...adminInsightsQuery(q), placeholderData: keepPreviousData });
}
