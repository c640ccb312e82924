import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const confirmOrder = (orderId: string) => api.post<{ success: true; message: string }>(`/api/seller/orders/${orderId}/confirm`, {});

export function useConfirmOrder() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: confirmOrder, onSettled: () => qc.invalidateQueries({ queryKey: ['seller', 'orders'] }) });
}
