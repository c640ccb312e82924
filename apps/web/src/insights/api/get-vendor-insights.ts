import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { VendorInsightsAnswer, InsightsQuery } from '@jara/shared';
import { api } from '../../lib/api-client';

const getVendorInsights = (q: InsightsQuery) =>
  api.get<VendorInsightsAnswer, typeof InsightsQuery>('/api/seller/insights', { query: q });

const vendorInsightsQuery = (q: InsightsQuery) =>
  queryOptions({ queryKey: ['insights', 'vendor', q], queryFn: () => getVendorInsights(q), staleTime: 60_000 });

/** The vendor's own shop's figures over a period. The figures of the last period stay on screen while the next one loads. */
export function useVendorInsights(q: InsightsQuery) {
  return useQuery({ ...vendorInsightsQuery(q), placeholderData: keepPreviousData });
}
