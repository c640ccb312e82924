import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JobListAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

const getJobHistory = async () => (await api.get<JobListAnswer>('/api/rider/history')).jobs;

const jobHistoryQuery = queryOptions({ queryKey: ['rider', 'history'], queryFn: getJobHistory, staleTime: 0 });

export function useJobHistory() {
  return useQuery(jobHistoryQuery);
}
