import { queryOptions } from '@tanstack/react-query';
import type { ChatReadInput, ChatUnreadAnswer, OkAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

export const unreadQuery = (userId: string | undefined) =>
  queryOptions({
    queryKey: ['chat', 'unread', userId ?? 'guest'],
    queryFn: async () => {
      const res = await api.get<ChatUnreadAnswer>('/api/chat/unread');
      return { chatId: res.chatId, unread: res.unread };
    },
    enabled: !!userId,
    staleTime: 30_000,
  });

export const markChatRead = (chatId: string) => api.post<OkAnswer, typeof ChatReadInput>('/api/chat/read', { chatId });
