import { AdminInsightsAnswer, InsightsQuery, RiderInsightsAnswer, VendorInsightsAnswer } from '@jara/shared';
import { requireUser } from '../../lib/http.js';
import { moduleWith } from '../types.js';
import type { InsightsService } from './insights.service.js';

/**
 * The dashboards' figures (issue 33): the admin's, a vendor's own shop's, a rider's own, for a
 * period of Lagos days (`?period=today|7d|30d|custom&from&to`). Never cached by the browser: the
 * server keeps each answer a short while itself.
 */
export const insightsModule = moduleWith<{ insights: InsightsService }>(async (app, _ctx, { insights }) => {
  const tags = ['insights'];
  const querystring = InsightsQuery;

  app.get(
    '/api/admin/insights',
    { schema: { tags, querystring, response: { 200: AdminInsightsAnswer } }, config: { access: ['admin'] } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return insights.admin(req.query);
    },
  );

  app.get(
    '/api/seller/insights',
    { schema: { tags, querystring, response: { 200: VendorInsightsAnswer } }, config: { access: ['vendor'] } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return insights.vendor(requireUser(req), req.query);
    },
  );

  app.get(
    '/api/rider/insights',
    { schema: { tags, querystring, response: { 200: RiderInsightsAnswer } }, config: { access: ['rider'] } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return insights.rider(requireUser(req), req.query);
    },
  );
});
