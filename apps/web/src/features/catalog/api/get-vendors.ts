import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VendorDto } from '@jara/shared';
import { api } from '../../../lib/api-client';

export const vendorsQuery = queryOptions({
  queryKey: ['vendors'],
  queryFn: async () => (await api.get<{ success: true; vendors: VendorDto[] }>('/api/seller/list')).vendors,
});

export const useVendors = () => useQuery(vendorsQuery);
