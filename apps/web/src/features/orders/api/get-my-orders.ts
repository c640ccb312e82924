import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { OrderListAnswer, OrderListQuery } from '@jara/shared';
import { api } from '../../../lib/api-client';

const PAGE_SIZE = 10;

const getMyOrders = (page: number) =>
  api.get<OrderListAnswer, typeof OrderListQuery>('/api/order/user', { query: { page, limit: PAGE_SIZE } });

export const myOrdersQuery = infiniteQueryOptions({
  queryKey: ['orders', 'mine'],
  queryFn: ({ pageParam }) => getMyOrders(pageParam),
  initialPageParam: 1,
  getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  // Statuses change while the page is open; always ask again on a visit.
  staleTime: 0,
});

export function useMyOrders(enabled: boolean) {
  return useInfiniteQuery({ ...myOrdersQuery, enabled });
}
