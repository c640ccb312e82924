import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReconciliationRunAnswer, RunReconciliationInput } from '@jara/shared';
import { api } from '../../../lib/api-client';

const runReconciliation = (day: string) =>
  api.post<ReconciliationRunAnswer, typeof RunReconciliationInput>('/api/admin/reconciliation', { day });

/** Reconciles one day now (a day run before is run again: its findings are replaced). */
export function useRunReconciliation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: runReconciliation,
    onSuccess: (answer) => qc.setQueryData(['admin', 'reconciliation', answer.run._id], answer),
    onSettled: () => qc.invalidateQueries({ queryKey: ['admin', 'reconciliation'], exact: true }),
  });
}
