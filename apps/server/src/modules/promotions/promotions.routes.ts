import {
  LivePromotionsAnswer,
  MessageAnswer,
  PromotionAnswer,
  PromotionBarInput,
  PromotionIdParams,
  PromotionInput,
  PromotionsAnswer,
  PromotionUsesAnswer,
} from '@jara/shared';
import { z } from 'zod';
import { defaultAccess } from '../../lib/access.js';
import { requireUser } from '../../lib/http.js';
import type { Module } from '../types.js';
import { PromotionsService } from './promotions.service.js';

const UserParams = z.strictObject({ userId: z.uuid({ message: 'Invalid id' }) });

/**
 * Promotions (decision 0051): a shop runs its own at /api/seller/promotions, an admin the
 * platform's at /api/admin/promotions; anyone reads the running automatic ones for labels.
 * Checkout prices them (orders module).
 */
export const promotionsModule: Module = async (app, ctx) => {
  defaultAccess(app, ['admin']);
  const promotions = new PromotionsService(ctx);
  const shop = { access: ['vendor'] } as const;
  const seller = ['seller'];
  const admin = ['admin'];

  app.get(
    '/api/promotions/live',
    { schema: { tags: ['promotions'], response: { 200: LivePromotionsAnswer } }, config: { access: 'public' } },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return { success: true as const, promotions: await promotions.live() };
    },
  );

  app.get(
    '/api/seller/promotions',
    { schema: { tags: seller, response: { 200: PromotionsAnswer } }, config: shop },
    async (req) => ({ success: true as const, promotions: await promotions.shopList(requireUser(req)) }),
  );

  app.post(
    '/api/seller/promotions',
    { schema: { tags: seller, body: PromotionInput, response: { 200: PromotionAnswer } }, config: shop },
    async (req) => ({ success: true as const, promotion: await promotions.shopCreate(requireUser(req), req.body) }),
  );

  app.put(
    '/api/seller/promotions/:id',
    {
      schema: { tags: seller, params: PromotionIdParams, body: PromotionInput, response: { 200: PromotionAnswer } },
      config: shop,
    },
    async (req) => ({
      success: true as const,
      promotion: await promotions.shopEdit(requireUser(req), req.params.id, req.body),
    }),
  );

  app.get('/api/admin/promotions', { schema: { tags: admin, response: { 200: PromotionsAnswer } } }, async () => ({
    success: true as const,
    promotions: await promotions.adminList(),
  }));

  app.post(
    '/api/admin/promotions',
    { schema: { tags: admin, body: PromotionInput, response: { 200: PromotionAnswer } } },
    async (req) => ({ success: true as const, promotion: await promotions.adminCreate(requireUser(req), req.body) }),
  );

  app.put(
    '/api/admin/promotions/:id',
    { schema: { tags: admin, params: PromotionIdParams, body: PromotionInput, response: { 200: PromotionAnswer } } },
    async (req) => ({ success: true as const, promotion: await promotions.adminEdit(req.params.id, req.body) }),
  );

  app.get(
    '/api/admin/promotions/:id/uses',
    { schema: { tags: admin, params: PromotionIdParams, response: { 200: PromotionUsesAnswer } } },
    async (req) => ({ success: true as const, people: await promotions.people(req.params.id) }),
  );

  app.post(
    '/api/admin/promotions/people/:userId/bar',
    { schema: { tags: admin, params: UserParams, body: PromotionBarInput, response: { 200: MessageAnswer } } },
    async (req) => {
      await promotions.bar(requireUser(req), req.params.userId, req.body.barred, req.body.reason);
      return {
        success: true as const,
        message: req.body.barred ? 'The account can no longer use offers.' : 'The account can use offers again.',
      };
    },
  );
};
