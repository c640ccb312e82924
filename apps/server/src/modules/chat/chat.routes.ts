import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CHAT_MSG,
  ChatAnswer,
  ChatMessagesAnswer,
  ChatMessagesQuery,
  ChatReadInput,
  ChatUnreadAnswer,
  DisputeAnswer,
  DisputeSettleInput,
  OkAnswer,
  OrderThreadAnswer,
  SupportThreadQuery,
  ThreadParams,
  ThreadSendAnswer,
  ThreadsAnswer,
  str,
} from '@jara/shared';
import { moduleWith, type Module } from '../types.js';
import { DisputeService } from '../disputes/index.js';
import type { PaymentService } from '../payments/index.js';
import { defaultAccess } from '../../lib/access.js';
import { readMultipartForm } from '../../infra/uploads/uploads.js';
import { sendUpload } from '../../infra/uploads/serve.js';
import { notFound } from '../../lib/errors.js';
import { rateLimit, requireUser } from '../../lib/http.js';
import { findChatOfMedia } from './chat.repo.js';
import { ChatService } from './chat.service.js';
import { ThreadService } from './threads.service.js';
import { registerChatSocket } from './chat.socket.js';

const MINUTE = 60_000;
const MEDIA_NAME = /^[0-9a-f-]{36}\.(webp|mp4|webm|mov)$/;
const Media = z.any().describe('The image or video, with range requests');

/** The customer side of the support chat (SPEC §7): fetch, page, send, media, unread. */
export const chatModule = moduleWith<{ payments: PaymentService }>(async (app, ctx, { payments }) => {
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
      if (!chat || !(await chats.mayOpen(user, chat))) throw notFound();
      return sendUpload(req, reply, ctx.storage, key);
    },
  );

  registerThreadRoutes(app, ctx, new ThreadService(ctx, chats, new DisputeService(ctx, payments)));
});

const ThreadsQuery = z.strictObject({ limit: z.coerce.number().int().min(1).max(100).default(50) });

/** Order threads (issue 29): the same conversations, one per order or dispatch, with their own calls. */
function registerThreadRoutes(app: Parameters<Module>[0], ctx: Parameters<Module>[1], threads: ThreadService): void {
  app.get(
    '/api/threads',
    { schema: { tags: ['threads'], querystring: ThreadsQuery, response: { 200: ThreadsAnswer } } },
    async (req) => ({ success: true as const, threads: await threads.list(requireUser(req), req.query.limit) }),
  );

  app.get(
    '/api/threads/:kind/:id',
    {
      schema: {
        tags: ['threads'],
        params: ThreadParams,
        querystring: SupportThreadQuery,
        response: { 200: OrderThreadAnswer },
      },
    },
    async (req) => {
      const { kind, id } = req.params;
      return { success: true as const, thread: await threads.open(requireUser(req), kind, id, req.query) };
    },
  );

  app.post(
    '/api/threads/:kind/:id/messages',
    {
      schema: {
        tags: ['threads'],
        params: ThreadParams,
        consumes: ['multipart/form-data'],
        response: { 200: ThreadSendAnswer },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      await rateLimit(ctx.limiter, reply, [
        { key: `chat:send:min:${user.id}`, limit: 20, windowMs: MINUTE },
        { key: `chat:send:hour:${user.id}`, limit: 300, windowMs: 60 * MINUTE },
      ]);
      const form = await readMultipartForm(req, { fileField: 'attachment', tooLongMessage: CHAT_MSG.tooLong });
      const { kind, id } = req.params;
      const newMessage = await threads.send(user, kind, id, form.fields, form.file);
      return { success: true as const, message: 'Message sent', newMessage };
    },
  );

  // Disputes (issue 30): the customer reports a problem from the order's thread; staff settle it.
  app.post(
    '/api/threads/order/:id/disputes',
    {
      schema: {
        tags: ['threads'],
        params: z.strictObject({ id: z.uuid({ message: 'Invalid id' }) }),
        consumes: ['multipart/form-data'],
        response: { 200: DisputeAnswer },
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      await rateLimit(ctx.limiter, reply, [{ key: `dispute:${user.id}`, limit: 10, windowMs: 60 * MINUTE }]);
      const form = await readMultipartForm(req, { fileField: 'attachment', tooLongMessage: CHAT_MSG.tooLong });
      return {
        success: true as const,
        dispute: await threads.openDispute(user, req.params.id, form.fields, form.file),
      };
    },
  );

  app.post(
    '/api/support/disputes/:id/settle',
    {
      schema: {
        tags: ['support'],
        params: z.strictObject({ id: z.uuid({ message: 'Invalid id' }) }),
        body: DisputeSettleInput,
        response: { 200: DisputeAnswer },
      },
      config: { access: ['support', 'admin'] },
    },
    async (req) => ({
      success: true as const,
      dispute: await threads.settleDispute(requireUser(req), req.params.id, req.body),
    }),
  );

  app.post(
    '/api/threads/:kind/:id/help',
    { schema: { tags: ['threads'], params: ThreadParams, response: { 200: OkAnswer } } },
    async (req) => {
      const { kind, id } = req.params;
      await threads.askForHelp(requireUser(req), kind, id);
      return { success: true as const };
    },
  );
}
