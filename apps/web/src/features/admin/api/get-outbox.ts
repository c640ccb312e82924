import { useQuery } from '@tanstack/react-query';
import type { OutboxAnswer, OutboxMail, OutboxSms } from '@jara/shared';
import { api } from '../../../lib/api-client';

/** One message of the outbox: an email or a text (SMS), newest first. */
type OutboxEntry = ({ kind: 'mail' } & OutboxMail) | ({ kind: 'sms' } & OutboxSms);

const getOutbox = async (): Promise<OutboxEntry[]> => {
  const { messages, sms } = await api.get<OutboxAnswer>('/api/admin/outbox');
  return [
    ...messages.map((m) => ({ kind: 'mail' as const, ...m })),
    ...(sms ?? []).map((m) => ({ kind: 'sms' as const, ...m })),
  ].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
};

export function useOutbox() {
  return useQuery({ queryKey: ['admin', 'outbox'], queryFn: getOutbox, staleTime: 0 });
}
