import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JobListAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

const getActiveJobs = async () => (await api.get<JobListAnswer>('/api/rider/active')).jobs;

export const activeJobsQuery = queryOptions({ queryKey: ['rider', 'active'], queryFn: getActiveJobs, staleTime: 0 });

export function useActiveJobs(enabled: boolean) {
  return useQuery({ ...activeJobsQuery, enabled });
}
