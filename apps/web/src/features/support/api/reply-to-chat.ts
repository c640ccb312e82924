import type { ChatMessageDto, SupportReplyAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

/** An agent's answer, text and/or one image or video (multipart). */
export async function replyToChat(chatId: string, message: string, file: File | null): Promise<ChatMessageDto> {
  const body = new FormData();
  body.set('message', message);
  if (file) body.set('attachment', file);
  return (await api.post<SupportReplyAnswer>(`/api/support/chats/${encodeURIComponent(chatId)}/reply`, body))
    .newMessage;
}
