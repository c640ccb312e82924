import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface OutboxMail { _id: number; to: string; subject: string; text: string; sentAt: string | null; createdAt: string }

export const getOutbox = async () => (await api.get<{ success: true; messages: OutboxMail[] }>('/api/admin/outbox')).messages;

export function useOutbox() {
  return useQuery({ queryKey: ['admin', 'outbox'], queryFn: getOutbox, staleTime: 0 });
}
