import { useQuery } from '@tanstack/react-query';
import type { EtaAccuracyAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

const getEtaAccuracy = async () => (await api.get<EtaAccuracyAnswer>('/api/admin/eta-accuracy')).accuracy;

/** How close the arrival estimates came, over the latest delivered jobs. */
export function useEtaAccuracy() {
  return useQuery({ queryKey: ['admin', 'eta-accuracy'], queryFn: getEtaAccuracy, staleTime: 0 });
}
