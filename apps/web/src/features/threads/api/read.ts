import type { ChatReadInput, OkAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

/** Marks the thread read (the chat's own call); a failure only leaves the unread count up. */
export function markChatReadQuietly(chatId: string): void {
  api.post<OkAnswer, typeof ChatReadInput>('/api/chat/read', { chatId }).catch((err: unknown) => console.error(err));
}
