import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AbsentAnswer, ArrivedAnswer, DeliverInput, JobParams, MessageAnswer, RequestBody } from '@jara/shared';
import { api } from '../../../lib/api-client';

/** What each action answers. */
interface ActionAnswers {
  accept: MessageAnswer;
  picked: MessageAnswer;
  arrived: ArrivedAnswer;
  absent: AbsentAnswer;
}
type Action = keyof ActionAnswers;
export type JobRef = JobParams;

/** POST /api/rider/jobs/:kind/:id/(accept|picked|arrived|absent) */
const jobAction = <A extends Action>(action: A, { kind, id }: JobRef) =>
  api.post<ActionAnswers[A]>(`/api/rider/jobs/${kind}/${id}/${action}`);

/** POST /api/rider/jobs/:kind/:id/deliver with the customer's code. */
const deliverJob = ({ kind, id, code }: JobRef & RequestBody<typeof DeliverInput>) =>
  api.post<MessageAnswer, typeof DeliverInput>(`/api/rider/jobs/${kind}/${id}/deliver`, { code });

function useRefreshRider() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: ['rider'] });
}

export function useJobAction<A extends Action>(action: A) {
  const refresh = useRefreshRider();
  return useMutation({ mutationFn: (ref: JobRef) => jobAction<A>(action, ref), onSettled: refresh });
}

export function useDeliverJob() {
  const refresh = useRefreshRider();
  return useMutation({ mutationFn: deliverJob, onSettled: refresh });
}
