import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, JoinRoomAck, ServerToClientEvents } from '@jara/shared';
import { ensureConnected, getSocket } from '../../../lib/socket';

export type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The app's one socket, typed with the chat events, connected on first use. */
export function chatSocket(): ChatSocket {
  return ensureConnected() as unknown as ChatSocket;
}

export function peekChatSocket(): ChatSocket {
  return getSocket() as unknown as ChatSocket;
}

/** Joins a conversation's room (the server checks the caller may). */
export function joinChat(chatId: string, userId: string): Promise<JoinRoomAck> {
  const socket = chatSocket();
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ ok: false, message: 'No answer from the server.' }), 5000);
    socket.emit('join-room', chatId, userId, (res) => {
      clearTimeout(timer);
      resolve(res);
    });
  });
}

export function leaveChat(chatId: string): void {
  peekChatSocket().emit('leave-room', chatId);
}
