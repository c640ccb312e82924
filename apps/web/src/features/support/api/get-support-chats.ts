import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SupportChatsAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

export type InboxFilter = 'all' | 'open' | 'resolved';

export const supportChatsQuery = (q: string, status: InboxFilter) =>
  queryOptions({
    queryKey: ['support', 'chats', { q, status }],
    queryFn: async () => {
      const params = new URLSearchParams({ status });
      if (q.trim()) params.set('q', q.trim());
      return (await api.get<SupportChatsAnswer>(`/api/support/chats?${params}`)).chats;
    },
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });

export const useSupportChats = (q: string, status: InboxFilter) => useQuery(supportChatsQuery(q, status));
