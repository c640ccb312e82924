import { queryOptions, useQuery } from '@tanstack/react-query';
import { nairaToKobo, type PublicConfig } from '@jara/shared';
import { api } from '../../../lib/api-client';

/**
 * One trip's cheapest and dearest delivery fee in the server's table, kobo, from /api/config
 * (the same cached answer the rest of the app reads). Null from a config cached before it said.
 */
const deliveryFeeRangeQuery = queryOptions({
  queryKey: ['config'],
  queryFn: () => api.get<PublicConfig>('/api/config'),
  staleTime: Infinity,
  select: (c: PublicConfig) =>
    c.deliveryFeeRange
      ? { minKobo: nairaToKobo(c.deliveryFeeRange.min), maxKobo: nairaToKobo(c.deliveryFeeRange.max) }
      : null,
});

export const useDeliveryFeeRange = () => useQuery(deliveryFeeRangeQuery).data ?? null;
