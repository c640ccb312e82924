import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminRefundsAnswer, AdminRefundsQuery, RefundSource, RefundState } from '@jara/shared';
import { api } from '../../../lib/api-client';

const PAGE_SIZE = 25;

/** The refund queue's filters as the panel holds them: '' is no filter. */
export interface RefundFilters {
  state: RefundState | '';
  source: RefundSource | '';
  /** Lagos days (YYYY-MM-DD), both included. */
  from: string;
  to: string;
  q: string;
}

const getRefunds = (f: RefundFilters, before: string | undefined) =>
  api.get<AdminRefundsAnswer, typeof AdminRefundsQuery>('/api/admin/refunds', {
    query: {
      state: f.state || undefined,
      source: f.source || undefined,
      from: f.from || undefined,
      to: f.to || undefined,
      q: f.q.trim() || undefined,
      before,
      limit: PAGE_SIZE,
    },
  });

const adminRefundsQuery = (f: RefundFilters) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'refunds', f],
    queryFn: ({ pageParam }) => getRefunds(f, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Refunds change state as the provider answers: always ask again on a visit.
    staleTime: 0,
  });

/** Pages of refunds, newest first, with the totals of everything the filters match. */
export function useAdminRefunds(f: RefundFilters) {
  return useInfiniteQuery({ ...adminRefundsQuery(f), placeholderData: keepPreviousData });
}
