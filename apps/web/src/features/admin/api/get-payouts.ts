import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPayoutsAnswer, AdminPayoutsQuery, PayeeType, PayoutState } from '@jara/shared';
import { api } from '../../../lib/api-client';

/** The payouts list's filters as the panel holds them: '' is no filter. */
export interface PayoutFilters {
  state: PayoutState | '';
  payee: PayeeType | '';
}

const getPayouts = (f: PayoutFilters) =>
  api.get<AdminPayoutsAnswer, typeof AdminPayoutsQuery>('/api/admin/payouts', {
    query: { state: f.state || undefined, payee: f.payee || undefined },
  });

const adminPayoutsQuery = (f: PayoutFilters) =>
  queryOptions({
    queryKey: ['admin', 'payouts', f],
    queryFn: () => getPayouts(f),
    select: (a) => a.payouts,
    // Payouts change state as the provider answers: always ask again on a visit.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

/** The latest 200 payouts, newest first, in a state and to a kind of payee (`GET /api/admin/payouts`). */
export function useAdminPayouts(f: PayoutFilters) {
  return useQuery(adminPayoutsQuery(f));
}
