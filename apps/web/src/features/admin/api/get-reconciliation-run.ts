import { useQuery } from '@tanstack/react-query';
import type { ReconciliationRunAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

const getReconciliationRun = (id: string) => api.get<ReconciliationRunAnswer>(`/api/admin/reconciliation/${id}`);

/** One run of the reconciliation and its differences. */
export function useReconciliationRun(id: string) {
  return useQuery({ queryKey: ['admin', 'reconciliation', id], queryFn: () => getReconciliationRun(id), staleTime: 0 });
}
