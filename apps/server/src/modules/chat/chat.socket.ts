import { readClientEvent, type JoinRoomAck } from '@jara/shared';
import type { AppContext } from '../../context.js';
import { readCookie } from '../../infra/realtime/realtime.js';
import { SESSION_COOKIE } from '../../infra/sessions.js';
import { findMessage, toMessageDto } from './chat.repo.js';
import { chatRoom, type ChatService } from './chat.service.js';

/** At most `limit` events per `windowMs` per socket; the rest are dropped silently. */
function eventBudget(limit: number, windowMs: number) {
  let count = 0;
  let resetAt = 0;
  return () => {
    const now = Date.now();
    if (now >= resetAt) {
      count = 0;
      resetAt = now + windowMs;
    }
    return ++count <= limit;
  };
}

/**
 * The spec's socket events, positional or as one object (`readClientEvent`), each re-checked by
 * the server: a socket joins only a room it may see, typing is relayed with the server-known
 * name, and `send-message` is relayed only for a saved message of that sender in that chat
 * (clients de-duplicate by id).
 */
export function registerChatSocket(ctx: AppContext, chats: ChatService): void {
  ctx.realtime.onConnection((socket) => {
    const user = socket.data.user;
    const allow = eventBudget(40, 10_000);
    const inRoom = (chatId: string) => socket.rooms.has(chatRoom(chatId));

    socket.on('join-room', async (...args: unknown[]) => {
      const { data, ack } = readClientEvent('join-room', args);
      const reply = (res: JoinRoomAck) => ack?.(res);
      if (!allow()) return reply({ ok: false, message: 'Too many requests.' });
      try {
        if (!data) return reply({ ok: false, message: 'Invalid conversation.' });
        const { roomId } = data;
        // The handshake's session may have ended since (logout): no new rooms for it.
        const token = readCookie(socket.request.headers.cookie, SESSION_COOKIE);
        const current = token ? await ctx.sessions.resolve(token) : null;
        if (!current || current.id !== user.id) {
          reply({ ok: false, message: 'Please log in again.' });
          socket.disconnect(true);
          return;
        }
        const chat = await chats.requireAccess(user, roomId).catch(() => null);
        if (!chat) return reply({ ok: false, message: 'You cannot join this conversation.' });
        await socket.join(chatRoom(roomId));
        reply({ ok: true });
      } catch (err) {
        ctx.log.warn({ err }, 'join-room failed');
        reply({ ok: false, message: 'Could not join the conversation.' });
      }
    });

    socket.on('leave-room', (...args: unknown[]) => {
      const { data } = readClientEvent('leave-room', args);
      if (data) void socket.leave(chatRoom(data.roomId));
    });

    // Listeners get SPEC §7's (userId, name) and (userId), then the chat id for clients with
    // several conversations open; the name is the session's, never the one sent.
    socket.on('typing', (...args: unknown[]) => {
      const { data } = readClientEvent('typing', args);
      if (!allow() || !data || !inRoom(data.chatId)) return;
      socket.to(chatRoom(data.chatId)).emit('typing', user.id, user.name, data.chatId);
    });

    socket.on('stop-typing', (...args: unknown[]) => {
      const { data } = readClientEvent('stop-typing', args);
      if (!allow() || !data || !inRoom(data.chatId)) return;
      socket.to(chatRoom(data.chatId)).emit('stop-typing', user.id, data.chatId);
    });

    socket.on('send-message', async (...args: unknown[]) => {
      const { data } = readClientEvent('send-message', args);
      if (!allow() || !data || !inRoom(data.roomId)) return;
      const { roomId, message } = data;
      try {
        const row = await findMessage(ctx.db, message._id);
        if (!row || row.chatId !== roomId || row.senderId !== user.id) return;
        // What is relayed is the saved message, never the client's copy of it.
        socket.to(chatRoom(roomId)).emit('receive-message', toMessageDto(row));
      } catch (err) {
        ctx.log.warn({ err }, 'send-message relay failed');
      }
    });
  });
}
