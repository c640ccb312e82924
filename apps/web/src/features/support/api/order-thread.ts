import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DisputeAnswer,
  DisputeSettleInput,
  MessageAnswer,
  OrderThreadAnswer,
  RequestBody,
  ThreadKind,
} from '@jara/shared';
import { api } from '../../../lib/api-client';

export interface ThreadSubject {
  kind: ThreadKind;
  _id: string;
}

const orderThreadQuery = ({ kind, _id }: ThreadSubject) =>
  queryOptions({
    queryKey: ['threads', kind, _id],
    queryFn: async () => (await api.get<OrderThreadAnswer>(`/api/threads/${kind}/${_id}`)).thread,
    staleTime: 10_000,
  });

/** The order or dispatch of an order thread, as its people see it, with the phones support calls. */
export const useOrderThread = (subject: ThreadSubject) => useQuery(orderThreadQuery(subject));

/** Takes the delivery back from a rider who accepted it and did not come: it goes back on the board. */
export function useReleaseRider(subject: ThreadSubject) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<MessageAnswer>(`/api/support/deliveries/${subject.kind}/${subject._id}/release`),
    onSuccess: () => qc.invalidateQueries({ queryKey: orderThreadQuery(subject).queryKey }),
  });
}

interface Settlement {
  /** The order the dispute is about: its thread is read again once settled. */
  orderId: string;
  disputeId: string;
  input: RequestBody<typeof DisputeSettleInput>;
}

/** Settles an open dispute: a refund (naira) borne by the vendor, the rider or the platform, or a rejection. */
export function useSettleDispute() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ disputeId, input }: Settlement) =>
      (await api.post<DisputeAnswer, typeof DisputeSettleInput>(`/api/support/disputes/${disputeId}/settle`, input))
        .dispute,
    onSettled: (_dispute, _err, { orderId }) =>
      qc.invalidateQueries({ queryKey: orderThreadQuery({ kind: 'order', _id: orderId }).queryKey }),
  });
}
