import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactMessagesAnswer, ContactMessagesQuery } from '@jara/shared';
import { api } from '../../../lib/api-client';

const contactMessagesQuery = (q: string) =>
  queryOptions({
    queryKey: ['support', 'contact', q],
    queryFn: async () =>
      (
        await api.get<ContactMessagesAnswer, typeof ContactMessagesQuery>('/api/support/contact-messages', {
          query: { q: q.trim() },
        })
      ).messages,
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });

export const useContactMessages = (q: string) => useQuery(contactMessagesQuery(q));
