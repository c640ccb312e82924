import { useQuery } from '@tanstack/react-query';
import type { OutboxAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

const getOutbox = async () => (await api.get<OutboxAnswer>('/api/admin/outbox')).messages;

export function useOutbox() {
  return useQuery({ queryKey: ['admin', 'outbox'], queryFn: getOutbox, staleTime: 0 });
}
