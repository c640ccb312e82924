import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CHAT_MSG,
  ChatAnswer,
  ChatMessagesAnswer,
  ChatMessagesQuery,
  ChatReadInput,
  ChatUnreadAnswer,
  OkAnswer,
  str,
} from '@jara/shared';
import type { Module } from '../types.js';
import { defaultAccess } from '../../lib/access.js';
import { readMultipartForm } from '../../infra/uploads/uploads.js';
import { sendUpload } from '../../infra/uploads/serve.js';
import { notFound } from '../../lib/errors.js';
import { rateLimit, requireUser } from '../../lib/http.js';
import { findChatOfMedia } from './chat.repo.js';
import { ChatService } from './chat.service.js';
import { registerChatSocket } from './chat.socket.js';

const MINUTE = 60_000;
const MEDIA_NAME = /^[0-9a-f-]{36}\.(webp|mp4|webm|mov)$/;
const Media = z.any().describe('The image or video, with range requests');

/** The customer side of the support chat (SPEC §7): fetch, page, send, media, unread. */
export const chatModule: Module = async (app, ctx) => {
  defaultAccess(app, 'user');
  const chats = new ChatService(ctx);
  registerChatSocket(ctx, chats);

  const getChat = async (req: FastifyRequest) => {
    const user = requireUser(req);
    const chat = await chats.ownChat(user, { limit: ChatMessagesQuery.parse({}).limit });
    return { success: true as const, message: chat._id ? 'Chat loaded' : 'No messages yet', chat };
  };
  app.get('/api/chat/get-chat/', { schema: { tags: ['chat'], response: { 200: ChatAnswer } } }, getChat);
  app.get('/api/chat/get-chat', { schema: { tags: ['chat'], hide: true, response: { 200: ChatAnswer } } }, getChat);

  app.get(
    '/api/chat/messages',
    { schema: { tags: ['chat'], querystring: ChatMessagesQuery, response: { 200: ChatMessagesAnswer } } },
    async (req) => {
      const user = requireUser(req);
      const { before, limit, chatId } = req.query;
      if (chatId) {
        await chats.requireAccess(user, chatId);
        return { success: true as const, chat: { _id: chatId, ...(await chats.page(chatId, { before, limit })) } };
      }
      return { success: true as const, chat: await chats.ownChat(user, { before, limit }) };
    },
  );

  app.post(
    '/api/chat/send',
    { schema: { tags: ['chat'], consumes: ['multipart/form-data'], response: { 200: ChatAnswer } } },
    async (req, reply: FastifyReply) => {
      const user = requireUser(req);
      await rateLimit(ctx.limiter, reply, [
        { key: `chat:send:min:${user.id}`, limit: 20, windowMs: MINUTE },
        { key: `chat:send:hour:${user.id}`, limit: 300, windowMs: 60 * MINUTE },
      ]);
      const form = await readMultipartForm(req, { fileField: 'attachment', tooLongMessage: CHAT_MSG.tooLong });
      const { chat } = await chats.send(user, form.fields, form.file);
      const page = await chats.page(chat.id, { limit: ChatMessagesQuery.parse({}).limit });
      return { success: true as const, message: 'Message sent', chat: { _id: chat.id, status: chat.status, ...page } };
    },
  );

  app.get('/api/chat/unread', { schema: { tags: ['chat'], response: { 200: ChatUnreadAnswer } } }, async (req) => {
    const user = requireUser(req);
    return { success: true as const, ...(await chats.unreadFor(user)) };
  });

  app.post(
    '/api/chat/read',
    { schema: { tags: ['chat'], body: ChatReadInput, response: { 200: OkAnswer } } },
    async (req) => {
      const user = requireUser(req);
      await chats.markRead(user, req.body.chatId);
      return { success: true as const };
    },
  );

  app.get(
    '/api/chat/media/:name',
    { schema: { tags: ['chat'], params: z.object({ name: str().max(60) }), response: { 200: Media, 206: Media } } },
    async (req, reply) => {
      const user = requireUser(req);
      if (!MEDIA_NAME.test(req.params.name)) throw notFound();
      const key = `chat/${req.params.name}`;
      const chat = await findChatOfMedia(ctx.db, key);
      // Someone else's file answers exactly like a missing one.
      if (!chat || !chats.canAccess(user, chat)) throw notFound();
      return sendUpload(req, reply, ctx.storage, key);
    },
  );
};
