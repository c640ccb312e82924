import type { OkAnswer, SupportThread, SupportThreadAnswer, SupportThreadQuery } from '@jara/shared';
import { api } from '../../../lib/api-client';

/** One conversation for an agent, latest page or the page before `before`. */
export async function getSupportChat(chatId: string, before?: string): Promise<SupportThread> {
  const path = `/api/support/chats/${encodeURIComponent(chatId)}`;
  return (await api.get<SupportThreadAnswer, typeof SupportThreadQuery>(path, { query: { before } })).chat;
}

export const markSupportChatRead = (chatId: string) =>
  api.post<OkAnswer>(`/api/support/chats/${encodeURIComponent(chatId)}/read`);
