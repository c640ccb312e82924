import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface PublicConfig {
  googleClientId: string | null;
  campusName: string;
}

export const configQuery = queryOptions({
  queryKey: ['config'],
  queryFn: () => api.get<PublicConfig>('/api/config'),
  staleTime: Infinity,
});

export const useConfig = () => useQuery(configQuery);
