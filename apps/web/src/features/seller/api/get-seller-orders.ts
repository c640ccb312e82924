import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SellerOrdersAnswer, SellerOrdersQuery } from '@jara/shared';
import { api } from '../../../lib/api-client';

export type OrderScope = SellerOrdersQuery['scope'];

const getSellerOrders = async (scope: OrderScope) =>
  (await api.get<SellerOrdersAnswer, typeof SellerOrdersQuery>('/api/seller/orders', { query: { scope } })).orders;

const sellerOrdersQuery = (scope: OrderScope) =>
  queryOptions({
    queryKey: ['seller', 'orders', scope],
    queryFn: () => getSellerOrders(scope),
    staleTime: 0,
    refetchInterval: 60_000,
  });

export function useSellerOrders(scope: OrderScope) {
  return useQuery(sellerOrdersQuery(scope));
}
