import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StatusEventDto } from '@jara/shared';
import { api } from '../../../lib/api-client';
import type { OrderFilters } from './get-orders';

export interface AdminDispatchRow {
  _id: string; createdAt: string; paidAt: string | null; paymentState: string; status: string; amount: number; isExpress: boolean;
  customerName: string; riderName: string | null; locked: boolean; pickup: string; dropoff: string;
}
export type AdminDispatchDetail = AdminDispatchRow & {
  history: StatusEventDto[];
  payments: { _id: string; reference: string; state: string; amount: number; refunded: number }[];
  refunds: { _id: string; amount: number; reason: string; state: string }[];
};

const qs = (f: OrderFilters) => new URLSearchParams(Object.entries(f).filter(([, v]) => v)).toString();

export const getAdminDispatches = async (f: OrderFilters) => (await api.get<{ success: true; dispatches: AdminDispatchRow[] }>(`/api/admin/dispatches?${qs(f)}`)).dispatches;

export function useAdminDispatches(f: OrderFilters) {
  return useQuery({ ...queryOptions({ queryKey: ['admin', 'dispatches', f], queryFn: () => getAdminDispatches(f), staleTime: 0 }), placeholderData: keepPreviousData });
}

export const getAdminDispatch = async (id: string) => (await api.get<{ success: true; dispatch: AdminDispatchDetail }>(`/api/admin/dispatches/${id}`)).dispatch;

export function useAdminDispatch(id: string | null) {
  return useQuery({ queryKey: ['admin', 'dispatch', id], queryFn: () => getAdminDispatch(id!), enabled: !!id, staleTime: 0 });
}
