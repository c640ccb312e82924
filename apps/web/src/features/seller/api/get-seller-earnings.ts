import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EarningsAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

const getSellerEarnings = async () => (await api.get<EarningsAnswer>('/api/seller/earnings')).earnings;

export const sellerEarningsQuery = queryOptions({
  queryKey: ['seller', 'earnings'],
  queryFn: getSellerEarnings,
  staleTime: 0,
});

export function useSellerEarnings() {
  return useQuery(sellerEarningsQuery);
}
