import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageAnswer, MyRatingDto, RatingInput } from '@jara/shared';
import { api } from '../../lib/api-client';
import { myRatingsQuery } from './get-my-ratings';

const rateRider = (input: RatingInput) => api.post<MessageAnswer, typeof RatingInput>('/api/ratings', input);

/** Rates the rider of a delivered order or dispatch; the card shows the stars at once. */
export function useRateRider() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: rateRider,
    onSuccess: (_res, input) => {
      const given: MyRatingDto = { subjectType: input.subjectType, subjectId: input.subjectId, stars: input.stars };
      qc.setQueryData(myRatingsQuery.queryKey, (list) => [
        ...(list ?? []).filter((r) => !(r.subjectType === given.subjectType && r.subjectId === given.subjectId)),
        given,
      ]);
    },
    // e.g. 'already_rated' from another tab: ask the server what is true.
    onError: () => qc.invalidateQueries({ queryKey: myRatingsQuery.queryKey }),
  });
}
