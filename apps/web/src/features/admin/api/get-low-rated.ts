import { useQuery } from '@tanstack/react-query';
import type { LowRatedRidersAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

const getLowRated = async () => (await api.get<LowRatedRidersAnswer>('/api/admin/riders/low-rated')).riders;

export function useLowRated() {
  return useQuery({ queryKey: ['admin', 'low-rated'], queryFn: getLowRated, staleTime: 0 });
}
