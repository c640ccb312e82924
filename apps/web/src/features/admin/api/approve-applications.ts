import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkApproveAnswer, BulkApproveInput, RequestBody } from '@jara/shared';
import { api } from '../../../lib/api-client';

/** Approves several applications, each on its own; the answer says which went and why the others did not. */
const approveApplications = (body: RequestBody<typeof BulkApproveInput>) =>
  api.post<BulkApproveAnswer, typeof BulkApproveInput>('/api/admin/applications/approve', body);

export function useApproveApplications() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: approveApplications,
    onSettled: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}
