import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { ChatStatus, ChatStatusAnswer } from '@jara/shared';
import { api, errorMessage } from '../../../lib/api-client';

const setChatStatus = (chatId: string, status: ChatStatus) =>
  api.post<ChatStatusAnswer>(
    `/api/support/chats/${encodeURIComponent(chatId)}/${status === 'resolved' ? 'resolve' : 'reopen'}`,
  );

export function useSetChatStatus(chatId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (status: ChatStatus) => setChatStatus(chatId, status),
    onSuccess: (res) => {
      toast.success(res.message);
      void qc.invalidateQueries({ queryKey: ['support', 'chats'] });
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
}
