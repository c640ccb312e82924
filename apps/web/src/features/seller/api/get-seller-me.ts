import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SellerMeAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

const getSellerMe = async () => (await api.get<SellerMeAnswer>('/api/seller/me')).vendor;

export const sellerMeQuery = queryOptions({ queryKey: ['seller', 'me'], queryFn: getSellerMe, staleTime: 30_000 });

export function useSellerMe(enabled: boolean) {
  return useQuery({ ...sellerMeQuery, enabled });
}
