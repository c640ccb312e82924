import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RiderProfileDto } from '@jara/shared';
import { api } from '../../../lib/api-client';

export const getRiderMe = async () => (await api.get<{ success: true; rider: RiderProfileDto | null }>('/api/rider/me')).rider;

export const riderMeQuery = queryOptions({ queryKey: ['rider', 'me'], queryFn: getRiderMe, staleTime: 30_000 });

export function useRiderMe(enabled: boolean) {
  return useQuery({ ...riderMeQuery, enabled });
}
