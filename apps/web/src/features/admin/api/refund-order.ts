import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminRefundAnswer, RefundInput, RequestBody } from '@jara/shared';
import { api } from '../../../lib/api-client';

const refundOrder = ({ orderId, itemId, reason }: { orderId: string } & RequestBody<typeof RefundInput>) =>
  api.post<AdminRefundAnswer, typeof RefundInput>(`/api/admin/orders/${orderId}/refund`, {
    reason,
    ...(itemId ? { itemId } : {}),
  });

export function useRefundOrder() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: refundOrder, onSettled: () => qc.invalidateQueries({ queryKey: ['admin'] }) });
}
