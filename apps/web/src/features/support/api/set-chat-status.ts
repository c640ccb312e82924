import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import type { ChatStatus, ChatStatusAnswer } from '@jara/shared';
import { t, type MessageId } from '../../../i18n';
import { api, errorMessage } from '../../../lib/api-client';

/** The server's success messages (English only), shown in the current language. */
const DONE = new Map<string, MessageId<'support'>>([
  ['Marked as resolved', 'support.thread.resolved'],
  ['Reopened', 'support.thread.reopened'],
]);

const setChatStatus = (chatId: string, status: ChatStatus) =>
  api.post<ChatStatusAnswer>(
    `/api/support/chats/${encodeURIComponent(chatId)}/${status === 'resolved' ? 'resolve' : 'reopen'}`,
  );

export function useSetChatStatus(chatId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (status: ChatStatus) => setChatStatus(chatId, status),
    onSuccess: (res) => {
      const done = DONE.get(res.message);
      toast.success(done ? t('support', done) : res.message);
      void qc.invalidateQueries({ queryKey: ['support', 'chats'] });
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
}
