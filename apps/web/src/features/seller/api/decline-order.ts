import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

export const declineOrder = ({ orderId, reason }: { orderId: string; reason: string }) =>
  api.post<MessageAnswer>(`/api/seller/orders/${orderId}/decline`, { reason });

export function useDeclineOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: declineOrder,
    onSettled: () => qc.invalidateQueries({ queryKey: ['seller', 'orders'] }),
  });
}
