import type { ChatAnswer, ChatMessageDto, ChatMessagesAnswer, ChatMessagesQuery } from '@jara/shared';
import { api } from '../../../lib/api-client';

/** A page of the caller's conversation as the thread keeps it. */
export interface ChatPage {
  chatId: string | null;
  messages: ChatMessageDto[];
  hasMore: boolean;
}

/** The signed-in user's conversation, latest page, oldest first (`GET /api/chat/get-chat/`). */
export async function getOwnChat(): Promise<ChatPage> {
  const res = await api.get<ChatAnswer>('/api/chat/get-chat/');
  return { chatId: res.chat._id, messages: res.chat.messages, hasMore: res.chat.hasMore };
}

/** The page of messages before `before` (cursor = the oldest message id shown). */
export async function getOlderMessages(before: string): Promise<Omit<ChatPage, 'chatId'>> {
  const res = await api.get<ChatMessagesAnswer, typeof ChatMessagesQuery>('/api/chat/messages', { query: { before } });
  return { messages: res.chat.messages, hasMore: res.chat.hasMore };
}
