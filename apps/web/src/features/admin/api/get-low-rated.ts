import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface LowRatedRider { _id: string; name: string; email: string; average: number; count: number }

export const getLowRated = async () => (await api.get<{ success: true; riders: LowRatedRider[] }>('/api/admin/riders/low-rated')).riders;

export function useLowRated() {
  return useQuery({ queryKey: ['admin', 'low-rated'], queryFn: getLowRated, staleTime: 0 });
}
