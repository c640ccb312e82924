import type { ChatDto, ChatMessageDto } from '@jara/shared';
import { api } from '../../../lib/api-client';

export interface ChatPageAnswer {
  chatId: string | null;
  messages: ChatMessageDto[];
  hasMore: boolean;
}

/** The signed-in user's conversation, latest page, oldest first (`GET /api/chat/get-chat/`). */
export async function getOwnChat(): Promise<ChatPageAnswer> {
  const res = await api.get<{ success: true; message: string; chat: ChatDto }>('/api/chat/get-chat/');
  return { chatId: res.chat._id, messages: res.chat.messages, hasMore: res.chat.hasMore };
}

/** The page of messages before `before` (cursor = the oldest message id shown). */
export async function getOlderMessages(before: string): Promise<Omit<ChatPageAnswer, 'chatId'>> {
  const res = await api.get<{ success: true; chat: ChatDto }>(`/api/chat/messages?before=${encodeURIComponent(before)}`);
  return { messages: res.chat.messages, hasMore: res.chat.hasMore };
}
