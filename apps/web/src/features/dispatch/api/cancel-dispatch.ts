import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import type { DispatchCancelAnswer } from '@jara/shared';
import { api, errorMessage } from '../../../lib/api-client';
import { dispatchesQuery } from './get-dispatches';

const cancelDispatch = (id: string) => api.post<DispatchCancelAnswer>(`/api/dispatch/cancel/${encodeURIComponent(id)}`);

/** Cancels and tells the user here: the card leaves the Ongoing tab (unmounts) as soon as it succeeds. */
export function useCancelDispatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cancelDispatch,
    onSuccess: ({ order, message }) => {
      toast.success(message);
      qc.setQueryData(dispatchesQuery.queryKey, (list) => list?.map((d) => (d._id === order._id ? order : d)));
    },
    onError: (err) => toast.error(errorMessage(err)),
    onSettled: () => qc.invalidateQueries({ queryKey: dispatchesQuery.queryKey }),
  });
}
