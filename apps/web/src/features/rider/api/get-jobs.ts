import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JobListAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

const getJobBoard = async () => (await api.get<JobListAnswer>('/api/rider/jobs')).jobs;

/** The live board; sockets keep it fresh, the interval covers missed pushes. */
export const jobBoardQuery = queryOptions({
  queryKey: ['rider', 'board'],
  queryFn: getJobBoard,
  staleTime: 0,
  refetchInterval: 30_000,
});

export function useJobBoard(enabled: boolean) {
  return useQuery({ ...jobBoardQuery, enabled });
}
