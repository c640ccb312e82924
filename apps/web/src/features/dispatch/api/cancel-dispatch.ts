import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DispatchDto } from '@jara/shared';
import { api } from '../../../lib/api-client';
import { dispatchesQuery } from './get-dispatches';

export const cancelDispatch = (id: string) =>
  api.post<{ success: true; message: string; order: DispatchDto }>(`/api/dispatch/cancel/${encodeURIComponent(id)}`);

export function useCancelDispatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cancelDispatch,
    onSuccess: ({ order }) => {
      qc.setQueryData(dispatchesQuery.queryKey, (list) => list?.map((d) => (d._id === order._id ? order : d)));
    },
    onSettled: () => qc.invalidateQueries({ queryKey: dispatchesQuery.queryKey }),
  });
}
