import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactReplyAnswer, ContactReplyInput } from '@jara/shared';
import { api } from '../../../lib/api-client';

const replyToContact = (id: string, message: string) =>
  api.post<ContactReplyAnswer, typeof ContactReplyInput>(
    `/api/support/contact-messages/${encodeURIComponent(id)}/reply`,
    { message },
  );

export function useReplyToContact(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => replyToContact(id, message),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['support', 'contact'] }),
  });
}
