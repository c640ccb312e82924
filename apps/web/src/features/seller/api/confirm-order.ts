import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ItemsActionInput, MessageAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

/** Every item of the order that is still waiting (no `itemIds`). */
const confirmOrder = (orderId: string) =>
  api.post<MessageAnswer, typeof ItemsActionInput>(`/api/seller/orders/${orderId}/confirm`, {});

export function useConfirmOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: confirmOrder,
    onSettled: () => qc.invalidateQueries({ queryKey: ['seller', 'orders'] }),
  });
}

/** The shop's part of the order is ready: the rider is told when to come (a timeline step, not a status). */
export function useReadyOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => api.post<MessageAnswer>(`/api/seller/orders/${orderId}/ready`),
    onSettled: () => qc.invalidateQueries({ queryKey: ['seller', 'orders'] }),
  });
}
