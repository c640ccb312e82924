import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApplicationsAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

const getApplications = () => api.get<ApplicationsAnswer>('/api/admin/applications');

const applicationsQuery = queryOptions({
  queryKey: ['admin', 'applications'],
  queryFn: getApplications,
  staleTime: 0,
});

export function useApplications() {
  return useQuery(applicationsQuery);
}
