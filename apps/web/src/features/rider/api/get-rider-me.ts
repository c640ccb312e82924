import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RiderMeAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

const getRiderMe = async () => (await api.get<RiderMeAnswer>('/api/rider/me')).rider;

export const riderMeQuery = queryOptions({ queryKey: ['rider', 'me'], queryFn: getRiderMe, staleTime: 30_000 });

export function useRiderMe(enabled: boolean) {
  return useQuery({ ...riderMeQuery, enabled });
}
