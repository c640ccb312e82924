import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderCancelAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';
import { myOrdersQuery } from './get-my-orders';

const cancelOrder = (id: string) => api.post<OrderCancelAnswer>(`/api/order/cancel/${id}`);

export function useCancelOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSettled: () => qc.invalidateQueries({ queryKey: myOrdersQuery.queryKey }),
  });
}
