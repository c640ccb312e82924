import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

export const confirmOrder = (orderId: string) => api.post<MessageAnswer>(`/api/seller/orders/${orderId}/confirm`, {});

export function useConfirmOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: confirmOrder,
    onSettled: () => qc.invalidateQueries({ queryKey: ['seller', 'orders'] }),
  });
}
