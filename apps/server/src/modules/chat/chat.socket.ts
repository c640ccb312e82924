import type { JoinRoomAck } from '@jara/shared';
import type { AppContext } from '../../context.js';
import { readCookie } from '../../infra/realtime/realtime.js';
import { SESSION_COOKIE } from '../../infra/sessions.js';
import { findMessage, toMessageDto } from './chat.repo.js';
import { chatRoom, type ChatService } from './chat.service.js';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isId = (v: unknown): v is string => typeof v === 'string' && UUID_RE.test(v);

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
 * The spec's socket events, each re-checked by the server: a socket joins only a room it may
 * see, typing is relayed with the server-known name, and `send-message` is relayed only for a
 * saved message of that sender in that chat (clients de-duplicate by id).
 */
export function registerChatSocket(ctx: AppContext, chats: ChatService): void {
  ctx.realtime.onConnection((socket) => {
    const user = socket.data.user;
    const allow = eventBudget(40, 10_000);
    const inRoom = (chatId: unknown): chatId is string => isId(chatId) && socket.rooms.has(chatRoom(chatId));

    socket.on('join-room', async (roomId, _userId, ack) => {
      const reply = (res: JoinRoomAck) => (typeof ack === 'function' ? ack(res) : undefined);
      if (!allow()) return reply({ ok: false, message: 'Too many requests.' });
      try {
        if (!isId(roomId)) return reply({ ok: false, message: 'Invalid conversation.' });
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

    socket.on('leave-room', (roomId) => {
      if (isId(roomId)) void socket.leave(chatRoom(roomId));
    });

    socket.on('typing', (chatId) => {
      if (!allow() || !inRoom(chatId)) return;
      socket.to(chatRoom(chatId)).emit('typing', user.id, user.name, chatId);
    });

    socket.on('stop-typing', (chatId) => {
      if (!allow() || !inRoom(chatId)) return;
      socket.to(chatRoom(chatId)).emit('stop-typing', user.id, chatId);
    });

    socket.on('send-message', async (roomId, message) => {
      if (!allow() || !inRoom(roomId)) return;
      const id = message && typeof message === 'object' ? (message as { _id?: unknown })._id : undefined;
      if (!isId(id)) return;
      try {
        const row = await findMessage(ctx.db, id);
        if (!row || row.chatId !== roomId || row.senderId !== user.id) return;
        // What is relayed is the saved message, never the client's copy of it.
        socket.to(chatRoom(roomId)).emit('receive-message', toMessageDto(row));
      } catch (err) {
        ctx.log.warn({ err }, 'send-message relay failed');
      }
    });
  });
}
