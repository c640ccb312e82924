import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeclineInput, MessageAnswer, RequestBody } from '@jara/shared';
import { api } from '../../../lib/api-client';

const declineOrder = ({ orderId, ...body }: { orderId: string } & RequestBody<typeof DeclineInput>) =>
  api.post<MessageAnswer, typeof DeclineInput>(`/api/seller/orders/${orderId}/decline`, body);

export function useDeclineOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: declineOrder,
    onSettled: () => qc.invalidateQueries({ queryKey: ['seller', 'orders'] }),
  });
}
