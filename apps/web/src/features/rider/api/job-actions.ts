import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobKind } from '@jara/shared';
import { api } from '../../../lib/api-client';

type Action = 'accept' | 'picked' | 'arrived' | 'absent';
export interface JobRef { kind: JobKind; id: string }

/** POST /api/rider/jobs/:kind/:id/(accept|picked|arrived|absent) */
export const jobAction = (action: Action, { kind, id }: JobRef) =>
  api.post<{ success: true; message: string; arrivedAt?: string; waitUntil?: string; chatId?: string }>(`/api/rider/jobs/${kind}/${id}/${action}`);

/** POST /api/rider/jobs/:kind/:id/deliver with the customer's code. */
export const deliverJob = ({ kind, id, code }: JobRef & { code: string }) =>
  api.post<{ success: true; message: string }>(`/api/rider/jobs/${kind}/${id}/deliver`, { code });

function useRefreshRider() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: ['rider'] });
}

export function useJobAction(action: Action) {
  const refresh = useRefreshRider();
  return useMutation({ mutationFn: (ref: JobRef) => jobAction(action, ref), onSettled: refresh });
}

export function useDeliverJob() {
  const refresh = useRefreshRider();
  return useMutation({ mutationFn: deliverJob, onSettled: refresh });
}
