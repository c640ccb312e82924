import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JobDto } from '@jara/shared';
import { api } from '../../../lib/api-client';

export const getJobHistory = async () => (await api.get<{ success: true; jobs: JobDto[] }>('/api/rider/history')).jobs;

export const jobHistoryQuery = queryOptions({ queryKey: ['rider', 'history'], queryFn: getJobHistory, staleTime: 0 });

export function useJobHistory() {
  return useQuery(jobHistoryQuery);
}
