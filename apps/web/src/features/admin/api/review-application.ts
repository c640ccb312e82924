import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplicationParams, MessageAnswer, RejectInput, RequestBody } from '@jara/shared';
import { api } from '../../../lib/api-client';

/** An approval, or a rejection with the reason the applicant is told. */
type Review = ApplicationParams & ({ approve: true } | ({ approve: false } & RequestBody<typeof RejectInput>));

const reviewApplication = ({ kind, id, ...review }: Review) =>
  review.approve
    ? api.post<MessageAnswer>(`/api/admin/applications/${kind}/${id}/approve`)
    : api.post<MessageAnswer, typeof RejectInput>(`/api/admin/applications/${kind}/${id}/reject`, {
        reason: review.reason,
      });

export function useReviewApplication() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: reviewApplication, onSettled: () => qc.invalidateQueries({ queryKey: ['admin'] }) });
}
