import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeliveryKind, MyRatingsAnswer } from '@jara/shared';
import { api } from '../../lib/api-client';

const getMyRatings = async () => (await api.get<MyRatingsAnswer>('/api/ratings/mine')).ratings;

/** One request for the whole page: every delivered card reads its own rating from it. */
export const myRatingsQuery = queryOptions({ queryKey: ['ratings', 'mine'], queryFn: getMyRatings, staleTime: 60_000 });

export function useMyRating(subjectType: DeliveryKind, subjectId: string) {
  return useQuery({
    ...myRatingsQuery,
    select: (list) => list.find((r) => r.subjectType === subjectType && r.subjectId === subjectId) ?? null,
  });
}
