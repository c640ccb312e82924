import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DisputeAnswer, DisputeDto, DisputeOpenFields } from '@jara/shared';
import { api } from '../../../lib/api-client';
import { threadQuery } from './threads';

interface DisputeReport {
  orderId: string;
  /** The multipart fields, as the server reads them (the amount as typed, in naira). */
  fields: DisputeOpenFields;
  /** One optional photo of the problem, sent as `attachment`. */
  photo: File | null;
}

/** `POST /api/threads/order/:id/disputes` (multipart): the dispute as opened. */
async function openDispute({ orderId, fields, photo }: DisputeReport): Promise<DisputeDto> {
  const body = new FormData();
  body.set('reason', fields.reason);
  body.set('amount', fields.amount);
  if (fields.itemId) body.set('itemId', fields.itemId);
  if (fields.note) body.set('note', fields.note);
  if (photo) body.set('attachment', photo);
  return (await api.post<DisputeAnswer>(`/api/threads/order/${orderId}/disputes`, body)).dispute;
}

/** The customer reports a problem with a delivered order; its thread is read again either way. */
export function useOpenDispute() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: openDispute,
    onSettled: (_answer, _err, { orderId }) =>
      qc.invalidateQueries({ queryKey: threadQuery('order', orderId).queryKey }),
  });
}
