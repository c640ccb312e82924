import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SellerOrdersAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

export type OrderScope = 'active' | 'today' | 'past';

export const getSellerOrders = async (scope: OrderScope) =>
  (await api.get<SellerOrdersAnswer>(`/api/seller/orders?scope=${scope}`)).orders;

export const sellerOrdersQuery = (scope: OrderScope) =>
  queryOptions({
    queryKey: ['seller', 'orders', scope],
    queryFn: () => getSellerOrders(scope),
    staleTime: 0,
    refetchInterval: 60_000,
  });

export function useSellerOrders(scope: OrderScope) {
  return useQuery(sellerOrdersQuery(scope));
}
