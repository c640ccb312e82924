import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RequestBody, RetryPayoutsAnswer, RetryPayoutsInput } from '@jara/shared';
import { api } from '../../../lib/api-client';

/** Sends failed payouts again (`POST /api/admin/payouts/retry`): each one's outcome, in the order asked. */
const retryPayouts = (body: RequestBody<typeof RetryPayoutsInput>) =>
  api.post<RetryPayoutsAnswer, typeof RetryPayoutsInput>('/api/admin/payouts/retry', body);

export function useRetryPayouts() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: retryPayouts,
    onSettled: () => qc.invalidateQueries({ queryKey: ['admin', 'payouts'] }),
  });
}
