import type { JoinRoomAck } from '@jara/shared';
import { ensureConnected, getSocket, type AppSocket } from '../lib/socket';

export type ChatSocket = AppSocket;

/** The app's one socket, connected on first use. */
export function chatSocket(): ChatSocket {
  return ensureConnected();
}

function peekChatSocket(): ChatSocket {
  return getSocket();
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
