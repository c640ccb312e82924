import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JobKind } from '@jara/shared';
import { api } from '../api-client';

/** A rating the signed-in customer gave (GET /api/ratings/mine). */
export interface MyRating {
  subjectType: JobKind;
  subjectId: string;
  stars: number;
}

export const getMyRatings = async () => (await api.get<{ success: true; ratings: MyRating[] }>('/api/ratings/mine')).ratings;

/** One request for the whole page: every delivered card reads its own rating from it. */
export const myRatingsQuery = queryOptions({ queryKey: ['ratings', 'mine'], queryFn: getMyRatings, staleTime: 60_000 });

export function useMyRating(subjectType: JobKind, subjectId: string) {
  return useQuery({ ...myRatingsQuery, select: (list) => list.find((r) => r.subjectType === subjectType && r.subjectId === subjectId) ?? null });
}
