import type { ChatAnswer, ChatMessageDto } from '@jara/shared';
import { api, ApiError } from '../../../lib/api-client';
import { t } from '../../../i18n';

/** `POST /api/chat/send` (multipart); the first message creates the conversation. Returns the saved message. */
export async function sendChatMessage(args: {
  chatId: string | null;
  message: string;
  file: File | null;
  selfId: string;
}): Promise<ChatMessageDto> {
  const body = new FormData();
  body.set('message', args.message);
  body.set('chatId', args.chatId ?? '');
  if (args.file) body.set('attachment', args.file);
  const res = await api.post<ChatAnswer>('/api/chat/send', body);
  // The answer's last message is the new one; an agent's reply saved a moment later may follow it.
  const mine = [...res.chat.messages].reverse().find((m) => m.senderId === args.selfId);
  if (!mine) throw new ApiError(t('chat', 'chat.unexpectedAnswer'), 200, 'bad_response');
  return mine;
}
