import type { ChatMessageDto } from './schemas/chat.js';

/** Answer to `join-room` (optional acknowledgement; the spec's clients may omit it). */
export interface JoinRoomAck {
  ok: boolean;
  message?: string;
}

/** Events a browser sends (SPEC §7; names kept as the spec has them). */
export interface ClientToServerEvents {
  'join-room': (roomId: string, userId?: string, ack?: (res: JoinRoomAck) => void) => void;
  'leave-room': (roomId: string) => void;
  typing: (chatId: string, userId?: string, name?: string) => void;
  'stop-typing': (chatId: string, userId?: string) => void;
  'send-message': (roomId: string, message: { _id: string }) => void;
}

/** Events the server sends. The sender's id and name always come from the server's session. */
export interface ServerToClientEvents {
  'receive-message': (message: ChatMessageDto) => void;
  typing: (userId: string, name: string, chatId: string) => void;
  'stop-typing': (userId: string, chatId: string) => void;
  /** Support inbox: a conversation changed (new message, resolved, reopened). */
  'chat.updated': (update: { chatId: string; status: 'open' | 'resolved'; lastMessageAt: string }) => void;
}
