import {
  MessageAnswer,
  PushPublicKeyAnswer,
  PushSubscriptionInput,
  PushUnsubscribeInput,
  PushUnsubscribedAnswer,
} from '@jara/shared';
import type { Module } from '../types.js';
import { defaultAccess } from '../../lib/access.js';
import { rateLimit, requireUser } from '../../lib/http.js';
import { PushService } from './push.service.js';
import { PUSH_CHAT_JOB, PUSH_SEND_JOB, PUSH_STATUS_JOB, PUSH_VENDOR_ORDER_JOB } from './queue.js';

/** Web push: the public key, the caller's subscriptions, and the jobs that send. */
export const pushModule: Module = async (app, ctx) => {
  defaultAccess(app, 'user');
  const push = new PushService(ctx);
  // Made (or read) at start, so the first instance to start keeps the pair for all.
  await push.vapidKeys();

  ctx.jobs.register(PUSH_STATUS_JOB, async (payload) => {
    const m = await push.statusMessage(payload);
    if (m) await push.notifyUser(m.userId, m.payload);
  });
  ctx.jobs.register(PUSH_CHAT_JOB, async ({ chatId, messageId }) => {
    for (const m of await push.chatMessage(chatId, messageId)) await push.notifyUser(m.userId, m.payload);
  });
  ctx.jobs.register(PUSH_VENDOR_ORDER_JOB, async ({ orderId }) => {
    for (const m of await push.vendorOrderMessages(orderId)) await push.notifyUser(m.userId, m.payload);
  });
  ctx.jobs.register(PUSH_SEND_JOB, async ({ subscriptionId, payload }) => {
    await push.sendOne(subscriptionId, payload);
  });

  app.get(
    '/api/push/public-key',
    { schema: { tags: ['push'], response: { 200: PushPublicKeyAnswer } }, config: { access: 'public' } },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return { success: true as const, publicKey: (await push.vapidKeys()).publicKey };
    },
  );

  app.post(
    '/api/push/subscriptions',
    { schema: { tags: ['push'], body: PushSubscriptionInput, response: { 201: MessageAnswer } } },
    async (req, reply) => {
      const user = requireUser(req);
      await rateLimit(ctx.limiter, reply, [{ key: `push-sub:user:${user.id}`, limit: 30, windowMs: 60 * 60_000 }]);
      await push.subscribe(user.id, req.body, req.headers['user-agent'] ?? null);
      reply.code(201);
      return { success: true as const, message: 'Notifications are on.' };
    },
  );

  app.delete(
    '/api/push/subscriptions',
    { schema: { tags: ['push'], body: PushUnsubscribeInput, response: { 200: PushUnsubscribedAnswer } } },
    async (req) => {
      const removed = await push.unsubscribe(requireUser(req).id, req.body.endpoint);
      return { success: true as const, removed, message: 'Notifications are off.' };
    },
  );
};
