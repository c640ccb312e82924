import {
  CreateGroupInput,
  GroupAnswer,
  GroupInviteAnswer,
  GroupInviteParams,
  GroupItemInput,
  GroupItemParams,
  GroupItemQuantity,
  GroupListAnswer,
  GroupParams,
  GroupPayAnswer,
  JoinGroupInput,
  okAnswer,
} from '@jara/shared';
import { z } from 'zod';
import { defaultAccess } from '../../lib/access.js';
import { rateLimit, requireUser } from '../../lib/http.js';
import type { PaymentService } from '../payments/index.js';
import { moduleWith } from '../types.js';
import { registerGroupNotices } from './group-notices.js';
import { GroupPayments } from './group-payments.js';
import { GroupService } from './groups.service.js';
import { Placement } from './placement.js';

const GroupIdAnswer = okAnswer({ groupId: z.string() });

/**
 * Group orders (decision 0049): every route is for a signed-in student; each answers only a
 * group's members (the host for the host's actions), anyone else as if it did not exist.
 */
export const groupsModule = moduleWith<{ payments: PaymentService }>(async (app, ctx, { payments }) => {
  defaultAccess(app, 'user');
  const placement = new Placement(ctx);
  const groups = new GroupService(ctx, payments, placement);
  const shares = new GroupPayments(ctx, payments);
  registerGroupNotices(ctx);
  const minute = 60_000;

  app.get('/api/group', { schema: { tags: ['group'], response: { 200: GroupListAnswer } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return { success: true as const, groups: await groups.list(requireUser(req).id) };
  });

  app.post(
    '/api/group',
    { schema: { tags: ['group'], body: CreateGroupInput, response: { 200: GroupIdAnswer } } },
    async (req, reply) => {
      const user = requireUser(req);
      await rateLimit(ctx.limiter, reply, [{ key: `group-open:user:${user.id}`, limit: 10, windowMs: 10 * minute }]);
      return { success: true as const, groupId: await groups.create(user.id, req.body) };
    },
  );

  app.get(
    '/api/group/invite/:token',
    { schema: { tags: ['group'], params: GroupInviteParams, response: { 200: GroupInviteAnswer } } },
    async (req, reply) => {
      const user = requireUser(req);
      await rateLimit(ctx.limiter, reply, [{ key: `group-link:user:${user.id}`, limit: 60, windowMs: 10 * minute }]);
      reply.header('cache-control', 'no-store');
      return { success: true as const, invite: await groups.invite(user.id, req.params.token) };
    },
  );

  app.post(
    '/api/group/join',
    { schema: { tags: ['group'], body: JoinGroupInput, response: { 200: GroupIdAnswer } } },
    async (req, reply) => {
      const user = requireUser(req);
      await rateLimit(ctx.limiter, reply, [{ key: `group-link:user:${user.id}`, limit: 60, windowMs: 10 * minute }]);
      return { success: true as const, groupId: await groups.join(user.id, req.body.token) };
    },
  );

  app.get(
    '/api/group/:id',
    { schema: { tags: ['group'], params: GroupParams, response: { 200: GroupAnswer } } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { success: true as const, group: await groups.view(requireUser(req).id, req.params.id) };
    },
  );

  app.post(
    '/api/group/:id/items',
    { schema: { tags: ['group'], params: GroupParams, body: GroupItemInput, response: { 200: okAnswer({}) } } },
    async (req, reply) => {
      const user = requireUser(req);
      await rateLimit(ctx.limiter, reply, [{ key: `group-items:user:${user.id}`, limit: 120, windowMs: minute }]);
      await groups.addItem(user.id, req.params.id, req.body);
      return { success: true as const };
    },
  );

  app.put(
    '/api/group/:id/items/:itemId',
    {
      schema: { tags: ['group'], params: GroupItemParams, body: GroupItemQuantity, response: { 200: okAnswer({}) } },
    },
    async (req, reply) => {
      const user = requireUser(req);
      await rateLimit(ctx.limiter, reply, [{ key: `group-items:user:${user.id}`, limit: 120, windowMs: minute }]);
      await groups.setItem(user.id, req.params.id, req.params.itemId, req.body.quantity);
      return { success: true as const };
    },
  );

  app.post(
    '/api/group/:id/close',
    { schema: { tags: ['group'], params: GroupParams, response: { 200: okAnswer({}) } } },
    async (req) => {
      await groups.close(requireUser(req).id, req.params.id);
      return { success: true as const };
    },
  );

  app.post(
    '/api/group/:id/pay',
    { schema: { tags: ['group'], params: GroupParams, response: { 200: GroupPayAnswer } } },
    async (req, reply) => {
      const user = requireUser(req);
      await rateLimit(ctx.limiter, reply, [{ key: `group-pay:user:${user.id}`, limit: 20, windowMs: 10 * minute }]);
      return { success: true as const, ...(await shares.pay(user, req.params.id)) };
    },
  );

  app.post(
    '/api/group/:id/place',
    { schema: { tags: ['group'], params: GroupParams, response: { 200: okAnswer({}) } } },
    async (req) => {
      await placement.placeNow(requireUser(req).id, req.params.id);
      return { success: true as const };
    },
  );

  app.post(
    '/api/group/:id/cancel',
    { schema: { tags: ['group'], params: GroupParams, response: { 200: okAnswer({}) } } },
    async (req) => {
      await groups.cancel(requireUser(req).id, req.params.id);
      return { success: true as const };
    },
  );
});
