import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StatusEventDto } from '@jara/shared';
import { api } from '../../../lib/api-client';

export interface AdminOrderDetail {
  _id: string; createdAt: string; paidAt: string | null; paymentState: string; itemsTotal: number; deliveryFee: number; serviceFee: number; amount: number;
  address: Record<string, unknown>; customer: { _id: string; name: string; email: string } | null; rider: { _id: string; name: string } | null;
  codeAttempts: number; locked: boolean; status: string;
  items: { _id: string; productName: string; optionName: string; quantity: number; unitPrice: number; status: string; cancelReason: string | null }[];
  history: StatusEventDto[];
  payments: { _id: string; reference: string; state: string; amount: number; refunded: number; provider: string }[];
  refunds: { _id: string; amount: number; reason: string; state: string; createdAt: string }[];
}

export const getAdminOrder = async (id: string) => (await api.get<{ success: true; order: AdminOrderDetail }>(`/api/admin/orders/${id}`)).order;

export const adminOrderQuery = (id: string) => queryOptions({ queryKey: ['admin', 'order', id], queryFn: () => getAdminOrder(id), staleTime: 0 });

export function useAdminOrder(id: string | null) {
  return useQuery({ ...adminOrderQuery(id ?? ''), enabled: !!id });
}
