import type { ChatMessageDto, ChatStatus } from '@jara/shared';
import { api } from '../../../lib/api-client';

export interface SupportThreadAnswer {
  _id: string;
  status: ChatStatus;
  customer: { _id: string; name: string; email: string } | null;
  messages: ChatMessageDto[];
  hasMore: boolean;
}

/** One conversation for an agent, latest page or the page before `before`. */
export async function getSupportChat(chatId: string, before?: string): Promise<SupportThreadAnswer> {
  const qs = before ? `?before=${encodeURIComponent(before)}` : '';
  return (await api.get<{ success: true; chat: SupportThreadAnswer }>(`/api/support/chats/${encodeURIComponent(chatId)}${qs}`)).chat;
}

export const markSupportChatRead = (chatId: string) => api.post<{ success: true }>(`/api/support/chats/${encodeURIComponent(chatId)}/read`);
