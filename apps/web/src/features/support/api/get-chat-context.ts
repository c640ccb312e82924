import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SupportContextAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

const chatContextQuery = (chatId: string) =>
  queryOptions({
    queryKey: ['support', 'context', chatId],
    queryFn: async () =>
      (await api.get<SupportContextAnswer>(`/api/support/chats/${encodeURIComponent(chatId)}/context`)).context,
    staleTime: 30_000,
  });

export const useChatContext = (chatId: string) => useQuery(chatContextQuery(chatId));
