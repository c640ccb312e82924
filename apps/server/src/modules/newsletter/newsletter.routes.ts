import { MessageAnswer, NewsletterInput } from '@jara/shared';
import type { Module } from '../types.js';
import { defaultAccess } from '../../lib/access.js';
import { rateLimit } from '../../lib/http.js';
import { NewsletterService } from './newsletter.service.js';

const HOUR = 3_600_000;

export const newsletterModule: Module = async (app, ctx) => {
  defaultAccess(app, 'public');
  const newsletter = new NewsletterService(ctx);
  app.post(
    '/api/newsletter/subscribe',
    { schema: { tags: ['newsletter'], body: NewsletterInput, response: { 200: MessageAnswer } } },
    async (req, reply) => {
      await rateLimit(ctx.limiter, reply, [{ key: `newsletter:ip:${req.ip}`, limit: 20, windowMs: HOUR }]);
      await newsletter.subscribe(req.body.email);
      return { success: true as const, message: 'Thanks for subscribing!' };
    },
  );
};
