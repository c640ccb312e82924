import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactMessagesAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

export const contactMessagesQuery = (q: string) =>
  queryOptions({
    queryKey: ['support', 'contact', q],
    queryFn: async () => {
      const qs = q.trim() ? `?q=${encodeURIComponent(q.trim())}` : '';
      return (await api.get<ContactMessagesAnswer>(`/api/support/contact-messages${qs}`)).messages;
    },
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });

export const useContactMessages = (q: string) => useQuery(contactMessagesQuery(q));
