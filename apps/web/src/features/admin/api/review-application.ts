import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

export interface Review {
  kind: 'vendor' | 'rider';
  id: string;
  approve: boolean;
  reason?: string;
}

export const reviewApplication = ({ kind, id, approve, reason }: Review) =>
  api.post<MessageAnswer>(
    `/api/admin/applications/${kind}/${id}/${approve ? 'approve' : 'reject'}`,
    approve ? {} : { reason },
  );

export function useReviewApplication() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: reviewApplication, onSettled: () => qc.invalidateQueries({ queryKey: ['admin'] }) });
}
