import { z } from 'zod';
import {
  CHAT_MSG,
  ChatStatusAnswer,
  ContactMessagesAnswer,
  ContactMessagesQuery,
  ContactReplyAnswer,
  ContactReplyInput,
  OkAnswer,
  SupportChatsAnswer,
  SupportChatsQuery,
  SupportContextAnswer,
  SupportReplyAnswer,
  SupportThreadQuery,
  SupportThreadAnswer,
} from '@jara/shared';
import type { Module } from '../types.js';
import { defaultAccess } from '../../lib/access.js';
import { readMultipartForm } from '../../infra/uploads/uploads.js';
import { sendUpload } from '../../infra/uploads/serve.js';
import { rateLimit, requireRole } from '../../lib/http.js';
import { ChatService } from '../chat/index.js';
import { ContactService } from '../contact/index.js';
import { SupportService } from './support.service.js';

const MINUTE = 60_000;
const IdParams = z.object({ id: z.uuid({ message: 'Invalid id' }) });
const AGENT_ROLES = ['support', 'admin'] as const;
const Upload = z.any().describe('The stored file (image, video or PDF), with range requests');

/** The support inbox (support agents and admins): conversations, replies, status, context, contact messages. */
export const supportModule: Module = async (app, ctx) => {
  defaultAccess(app, AGENT_ROLES);
  const chats = new ChatService(ctx);
  const support = new SupportService(ctx, chats);
  const contact = new ContactService(ctx);

  app.get(
    '/api/support/chats',
    { schema: { tags: ['support'], querystring: SupportChatsQuery, response: { 200: SupportChatsAnswer } } },
    async (req) => {
      const agent = requireRole(req, ...AGENT_ROLES);
      return { success: true as const, chats: await support.inbox(agent, req.query) };
    },
  );

  app.get(
    '/api/support/chats/:id',
    {
      schema: {
        tags: ['support'],
        params: IdParams,
        querystring: SupportThreadQuery,
        response: { 200: SupportThreadAnswer },
      },
    },
    async (req) => {
      const agent = requireRole(req, ...AGENT_ROLES);
      return { success: true as const, chat: await support.thread(agent, req.params.id, req.query) };
    },
  );

  app.post(
    '/api/support/chats/:id/read',
    { schema: { tags: ['support'], params: IdParams, response: { 200: OkAnswer } } },
    async (req) => {
      const agent = requireRole(req, ...AGENT_ROLES);
      await chats.markRead(agent, req.params.id);
      return { success: true as const };
    },
  );

  app.post(
    '/api/support/chats/:id/reply',
    {
      schema: {
        tags: ['support'],
        params: IdParams,
        consumes: ['multipart/form-data'],
        response: { 200: SupportReplyAnswer },
      },
    },
    async (req, reply) => {
      const agent = requireRole(req, ...AGENT_ROLES);
      await rateLimit(ctx.limiter, reply, [{ key: `chat:reply:${agent.id}`, limit: 60, windowMs: MINUTE }]);
      const form = await readMultipartForm(req, { fileField: 'attachment', tooLongMessage: CHAT_MSG.tooLong });
      const { chat, message } = await chats.reply(agent, req.params.id, form.fields, form.file);
      return {
        success: true as const,
        message: 'Reply sent',
        chat: { _id: chat.id, status: chat.status },
        newMessage: message,
      };
    },
  );

  for (const [action, status] of [
    ['resolve', 'resolved'],
    ['reopen', 'open'],
  ] as const) {
    app.post(
      `/api/support/chats/:id/${action}`,
      { schema: { tags: ['support'], params: IdParams, response: { 200: ChatStatusAnswer } } },
      async (req) => {
        const agent = requireRole(req, ...AGENT_ROLES);
        const chat = await chats.setStatus(agent, req.params.id, status);
        return {
          success: true as const,
          message: status === 'resolved' ? 'Marked as resolved' : 'Reopened',
          chat: { _id: chat.id, status: chat.status },
        };
      },
    );
  }

  app.get(
    '/api/support/chats/:id/context',
    { schema: { tags: ['support'], params: IdParams, response: { 200: SupportContextAnswer } } },
    async (req) => {
      const agent = requireRole(req, ...AGENT_ROLES);
      return { success: true as const, context: await support.context(agent, req.params.id) };
    },
  );

  app.get(
    '/api/support/contact-messages',
    {
      schema: {
        tags: ['support'],
        querystring: ContactMessagesQuery,
        response: { 200: ContactMessagesAnswer },
      },
    },
    async (req) => {
      requireRole(req, ...AGENT_ROLES);
      return { success: true as const, messages: await contact.list(req.query) };
    },
  );

  app.get(
    '/api/support/contact-messages/:id/attachment',
    { schema: { tags: ['support'], params: IdParams, response: { 200: Upload, 206: Upload } } },
    async (req, reply) => {
      requireRole(req, ...AGENT_ROLES);
      const { key, download } = await contact.attachment(req.params.id);
      return sendUpload(req, reply, ctx.storage, key, download);
    },
  );

  app.post(
    '/api/support/contact-messages/:id/reply',
    { schema: { tags: ['support'], params: IdParams, body: ContactReplyInput, response: { 200: ContactReplyAnswer } } },
    async (req, reply) => {
      const agent = requireRole(req, ...AGENT_ROLES);
      await rateLimit(ctx.limiter, reply, [{ key: `contact:reply:${agent.id}`, limit: 30, windowMs: MINUTE }]);
      const contactMessage = await contact.reply(agent, req.params.id, req.body.message);
      return { success: true as const, message: 'Reply sent by email', contactMessage };
    },
  );
};
