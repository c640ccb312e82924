import { z } from 'zod';
import { CHAT_MSG, ChatMessagesQuery, ContactReplyInput, SupportChatsQuery, str } from '@jara/shared';
import type { Module } from '../types.js';
import { defaultAccess } from '../../lib/access.js';
import { readMultipartForm } from '../../infra/uploads/uploads.js';
import { sendUpload } from '../../infra/uploads/serve.js';
import { notFound } from '../../lib/errors.js';
import { rateLimit, requireRole } from '../../lib/http.js';
import { ChatService } from '../chat/index.js';
import { findContactMessage, listContactMessages, recordContactReply, toContactDto } from '../contact/index.js';
import { customerContext, findCustomer, listSupportChats } from './support.repo.js';

const MINUTE = 60_000;
const IdParams = z.object({ id: z.uuid({ message: 'Invalid id' }) });
const AGENT_ROLES = ['support', 'admin'] as const;

/** The support inbox (support agents and admins): conversations, replies, status, context, contact messages. */
export const supportModule: Module = async (app, ctx) => {
  defaultAccess(app, AGENT_ROLES);
  const chats = new ChatService(ctx);

  app.get('/api/support/chats', { schema: { tags: ['support'], querystring: SupportChatsQuery } }, async (req) => {
    const agent = requireRole(req, ...AGENT_ROLES);
    return { success: true, chats: await listSupportChats(ctx.db, agent.id, req.query) };
  });

  app.get('/api/support/chats/:id', { schema: { tags: ['support'], params: IdParams, querystring: ChatMessagesQuery.pick({ before: true, limit: true }) } }, async (req) => {
    const agent = requireRole(req, ...AGENT_ROLES);
    const chat = await chats.requireAccess(agent, req.params.id);
    const customer = await findCustomer(ctx.db, chat.customerId);
    const page = await chats.page(chat.id, req.query);
    return {
      success: true,
      chat: { _id: chat.id, status: chat.status, customer: customer ? { _id: customer.id, name: customer.name, email: customer.email } : null, ...page },
    };
  });

  app.post('/api/support/chats/:id/read', { schema: { tags: ['support'], params: IdParams } }, async (req) => {
    const agent = requireRole(req, ...AGENT_ROLES);
    await chats.markRead(agent, req.params.id);
    return { success: true };
  });

  app.post('/api/support/chats/:id/reply', { schema: { tags: ['support'], params: IdParams, consumes: ['multipart/form-data'] } }, async (req, reply) => {
    const agent = requireRole(req, ...AGENT_ROLES);
    await rateLimit(ctx.limiter, reply, [{ key: `chat:reply:${agent.id}`, limit: 60, windowMs: MINUTE }]);
    const form = await readMultipartForm(req, { fileField: 'attachment', tooLongMessage: CHAT_MSG.tooLong });
    const { chat, message } = await chats.reply(agent, req.params.id, form.fields, form.file);
    return { success: true, message: 'Reply sent', chat: { _id: chat.id, status: chat.status }, newMessage: message };
  });

  for (const [action, status] of [['resolve', 'resolved'], ['reopen', 'open']] as const) {
    app.post(`/api/support/chats/:id/${action}`, { schema: { tags: ['support'], params: IdParams } }, async (req) => {
      const agent = requireRole(req, ...AGENT_ROLES);
      const chat = await chats.setStatus(agent, req.params.id, status);
      return { success: true, message: status === 'resolved' ? 'Marked as resolved' : 'Reopened', chat: { _id: chat.id, status: chat.status } };
    });
  }

  app.get('/api/support/chats/:id/context', { schema: { tags: ['support'], params: IdParams } }, async (req) => {
    const agent = requireRole(req, ...AGENT_ROLES);
    const chat = await chats.requireAccess(agent, req.params.id);
    const context = await customerContext(ctx.db, chat.customerId);
    if (!context) throw notFound('Customer not found.');
    return { success: true, context };
  });

  app.get('/api/support/contact-messages', {
    schema: { tags: ['support'], querystring: z.strictObject({ q: str().trim().max(100).optional(), limit: z.coerce.number().int().min(1).max(200).default(100) }) },
  }, async (req) => {
    requireRole(req, ...AGENT_ROLES);
    const rows = await listContactMessages(ctx.db, req.query);
    return { success: true, messages: rows.map(toContactDto) };
  });

  app.get('/api/support/contact-messages/:id/attachment', { schema: { tags: ['support'], params: IdParams } }, async (req, reply) => {
    requireRole(req, ...AGENT_ROLES);
    const row = await findContactMessage(ctx.db, req.params.id);
    if (!row?.attachmentKey) throw notFound();
    // Documents download rather than open in the app's origin.
    const download = row.attachmentKey.endsWith('.pdf') ? `contact-${row.id.slice(0, 8)}.pdf` : undefined;
    return sendUpload(req, reply, ctx.storage, row.attachmentKey, download);
  });

  app.post('/api/support/contact-messages/:id/reply', { schema: { tags: ['support'], params: IdParams, body: ContactReplyInput } }, async (req, reply) => {
    const agent = requireRole(req, ...AGENT_ROLES);
    await rateLimit(ctx.limiter, reply, [{ key: `contact:reply:${agent.id}`, limit: 30, windowMs: MINUTE }]);
    const row = await ctx.db.transaction(async (tx) => {
      const original = await findContactMessage(tx, req.params.id);
      if (!original) throw notFound('Message not found.');
      const updated = await recordContactReply(tx, original.id, req.body.message, agent.id);
      await ctx.mailer.send(tx, {
        to: original.email,
        subject: `Re: ${original.subject}`,
        text: `Hello ${original.name},\n\n${req.body.message}\n\n${agent.name}, Jara support\n\n---\nYou wrote:\n${original.message.split('\n').map((l) => `> ${l}`).join('\n')}`,
      });
      return updated!;
    });
    return { success: true, message: 'Reply sent by email', contactMessage: toContactDto(row) };
  });
};
