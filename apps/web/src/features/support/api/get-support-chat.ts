import type { OkAnswer, SupportThread, SupportThreadAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

/** One conversation for an agent, latest page or the page before `before`. */
export async function getSupportChat(chatId: string, before?: string): Promise<SupportThread> {
  const qs = before ? `?before=${encodeURIComponent(before)}` : '';
  return (await api.get<SupportThreadAnswer>(`/api/support/chats/${encodeURIComponent(chatId)}${qs}`)).chat;
}

export const markSupportChatRead = (chatId: string) =>
  api.post<OkAnswer>(`/api/support/chats/${encodeURIComponent(chatId)}/read`);
