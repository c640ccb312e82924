import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VendorAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

export const vendorQuery = (vendorId: string) =>
  queryOptions({
    queryKey: ['vendor', vendorId],
    queryFn: async () => (await api.get<VendorAnswer>(`/api/seller/vendor/${encodeURIComponent(vendorId)}`)).vendor,
    retry: false,
  });

export const useVendor = (vendorId: string) => useQuery(vendorQuery(vendorId));
