import { useQuery } from '@tanstack/react-query';
import type { ReconciliationRunsAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

const getReconciliationRuns = async () => (await api.get<ReconciliationRunsAnswer>('/api/admin/reconciliation')).runs;

/** The daily reconciliation's runs, newest day first. */
export function useReconciliationRuns() {
  return useQuery({ queryKey: ['admin', 'reconciliation'], queryFn: getReconciliationRuns, staleTime: 0 });
}
