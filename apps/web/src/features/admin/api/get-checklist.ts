import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChecklistAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

const getChecklist = () => api.get<ChecklistAnswer>('/api/admin/checklist');

const checklistQuery = queryOptions({
  queryKey: ['admin', 'checklist'],
  queryFn: getChecklist,
  select: (a) => a.items,
});

/** The first-run checklist: what this deployment still lacks (`GET /api/admin/checklist`). */
export function useChecklist() {
  return useQuery(checklistQuery);
}
