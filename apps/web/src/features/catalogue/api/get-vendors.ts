import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VendorListAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

export const vendorsQuery = queryOptions({
  queryKey: ['vendors'],
  queryFn: async () => (await api.get<VendorListAnswer>('/api/seller/list')).vendors,
});

export const useVendors = () => useQuery(vendorsQuery);
