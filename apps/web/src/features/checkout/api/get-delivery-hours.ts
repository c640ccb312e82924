import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@jara/shared';
import { api } from '../../../lib/api-client';

/** The delivery hours the server enforces at checkout (from /api/config). */
const deliveryHoursQuery = queryOptions({
  queryKey: ['config', 'delivery-hours'],
  queryFn: async () => (await api.get<PublicConfig>('/api/config')).deliveryHours,
  staleTime: Infinity,
});

export const useDeliveryHours = () => useQuery(deliveryHoursQuery);
