import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SupportChatsAnswer, SupportChatsQuery } from '@jara/shared';
import { api } from '../../../lib/api-client';

export type InboxFilter = SupportChatsQuery['status'];

const supportChatsQuery = (q: string, status: InboxFilter) =>
  queryOptions({
    queryKey: ['support', 'chats', { q, status }],
    queryFn: async () =>
      (
        await api.get<SupportChatsAnswer, typeof SupportChatsQuery>('/api/support/chats', {
          query: { status, q: q.trim() },
        })
      ).chats,
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });

export const useSupportChats = (q: string, status: InboxFilter) => useQuery(supportChatsQuery(q, status));
