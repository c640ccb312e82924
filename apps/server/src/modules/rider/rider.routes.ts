import {
  AbsentAnswer,
  ArrivedAnswer,
  DeliverInput,
  EarningsAnswer,
  JobListAnswer,
  JobParams,
  MessageAnswer,
  MyRatingsAnswer,
  OnlineInput,
  PayoutInput,
  PayoutAnswer,
  RatingInput,
  RiderAnswer,
  RiderApplicationInput,
  RiderApplyAnswer,
  RiderMeAnswer,
  LiveDeliveryAnswer,
  RiderPositionAnswer,
  RiderPositionInput,
  POSITION_MIN_GAP_MS,
  Id,
  type DeliveryKind,
} from '@jara/shared';
import { z } from 'zod';
import type { Module } from '../types.js';
import { defaultAccess } from '../../lib/access.js';
import { rateLimit, requireUser } from '../../lib/http.js';
import { AcceptDeadline } from './accept-deadline.js';
import { RiderPositions } from './positions.js';
import { ORDER_ALERT_JOB, RiderService, runOrderAlert } from './rider.service.js';

const MINUTE = 60_000;

export const riderModule: Module = async (app, ctx) => {
  const rider = new RiderService(ctx);
  const positions = new RiderPositions(ctx);
  new AcceptDeadline(ctx);
  ctx.jobs.register(ORDER_ALERT_JOB, (payload) => runOrderAlert(ctx, payload));
  const tags = ['rider'];
  // The board and jobs are for riders; applying and rating a delivery for any user.
  defaultAccess(app, ['rider']);
  const anyUser = { access: 'user' } as const;

  app.get('/api/rider/me', { schema: { tags, response: { 200: RiderMeAnswer } }, config: anyUser }, async (req) => {
    return { success: true as const, rider: await rider.profile(requireUser(req)) };
  });

  app.post(
    '/api/rider/apply',
    { schema: { tags, body: RiderApplicationInput, response: { 200: RiderApplyAnswer } }, config: anyUser },
    async (req, reply) => {
      const user = requireUser(req);
      await rateLimit(ctx.limiter, reply, [{ key: `rider-apply:${user.id}`, limit: 20, windowMs: 60 * MINUTE }]);
      return { success: true as const, rider: await rider.apply(user, req.body), message: 'Application saved' };
    },
  );

  app.post(
    '/api/rider/online',
    { schema: { tags, body: OnlineInput, response: { 200: RiderAnswer } } },
    async (req) => {
      return { success: true as const, rider: await rider.setOnline(requireUser(req), req.body.isOnline) };
    },
  );

  app.get('/api/rider/jobs', { schema: { tags, response: { 200: JobListAnswer } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return { success: true as const, jobs: await rider.board(requireUser(req)) };
  });

  app.get('/api/rider/active', { schema: { tags, response: { 200: JobListAnswer } } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return { success: true as const, jobs: await rider.active(requireUser(req)) };
  });

  app.get('/api/rider/history', { schema: { tags, response: { 200: JobListAnswer } } }, async (req) => {
    return { success: true as const, jobs: await rider.history(requireUser(req)) };
  });

  app.post(
    '/api/rider/jobs/:kind/:id/accept',
    { schema: { tags, params: JobParams, response: { 200: MessageAnswer } } },
    async (req) => {
      await rider.accept(requireUser(req), req.params.kind, req.params.id);
      return { success: true as const, message: 'Order Assigned' };
    },
  );

  app.post(
    '/api/rider/jobs/:kind/:id/picked',
    { schema: { tags, params: JobParams, response: { 200: MessageAnswer } } },
    async (req) => {
      await rider.picked(requireUser(req), req.params.kind, req.params.id);
      return { success: true as const, message: 'Order Picked' };
    },
  );

  // Support's hand on a delivery stuck with a rider who accepted it and never came (issue 29).
  app.post(
    '/api/support/deliveries/:kind/:id/release',
    {
      schema: { tags: ['support'], params: JobParams, response: { 200: MessageAnswer } },
      config: { access: ['support', 'admin'] },
    },
    async (req) => {
      await rider.release(requireUser(req), req.params.kind, req.params.id);
      return { success: true as const, message: 'The delivery is back on the board for another rider.' };
    },
  );

  app.post(
    '/api/rider/jobs/:kind/:id/deliver',
    { schema: { tags, params: JobParams, body: DeliverInput, response: { 200: MessageAnswer } } },
    async (req, reply) => {
      const user = requireUser(req);
      // A second guard besides the per-job lock: no rider can sweep codes across many jobs.
      await rateLimit(ctx.limiter, reply, [{ key: `deliver:${user.id}`, limit: 30, windowMs: 15 * MINUTE }]);
      await rider.deliver(user, req.params.kind, req.params.id, req.body.code);
      return { success: true as const, message: 'Order Delivered' };
    },
  );

  app.post(
    '/api/rider/jobs/:kind/:id/arrived',
    { schema: { tags, params: JobParams, response: { 200: ArrivedAnswer } } },
    async (req) => {
      return { success: true as const, ...(await rider.arrived(requireUser(req), req.params.kind, req.params.id)) };
    },
  );

  app.post(
    '/api/rider/jobs/:kind/:id/absent',
    { schema: { tags, params: JobParams, response: { 200: AbsentAnswer } } },
    async (req) => {
      const r = await rider.customerAbsent(requireUser(req), req.params.kind, req.params.id);
      return {
        success: true as const,
        ...r,
        message: 'Support has been told. Keep the items safe; they will message you here.',
      };
    },
  );

  /** The rider's phone shares where it is while a delivery is under way (never logged, latest only). */
  app.post(
    '/api/rider/position',
    { schema: { tags, body: RiderPositionInput, response: { 200: RiderPositionAnswer } } },
    async (req, reply) => {
      const user = requireUser(req);
      await rider.requireRider(user);
      // One fixed window per accepted position: the next is taken 2 s after it, not before.
      const gate = () =>
        rateLimit(ctx.limiter, reply, [{ key: `rider-position:${user.id}`, limit: 1, windowMs: POSITION_MIN_GAP_MS }]);
      return { success: true as const, position: await positions.share(user.id, req.body, gate) };
    },
  );

  /** The latest position of an order's or a dispatch's rider, for the people of that delivery and staff. */
  for (const kind of ['order', 'dispatch'] as const satisfies DeliveryKind[]) {
    app.get(
      `/api/${kind}/:id/rider-position`,
      {
        schema: { tags: [...tags, kind], params: z.strictObject({ id: Id }), response: { 200: RiderPositionAnswer } },
        config: anyUser,
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return { success: true as const, position: await positions.latest(requireUser(req), kind, req.params.id) };
      },
    );

    /** The delivery as its tracking map shows it: pickups, door, the rider, the road and the estimate. */
    app.get(
      `/api/${kind}/:id/live`,
      {
        schema: { tags: [...tags, kind], params: z.strictObject({ id: Id }), response: { 200: LiveDeliveryAnswer } },
        config: anyUser,
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return { success: true as const, live: await positions.live(requireUser(req), kind, req.params.id) };
      },
    );
  }

  app.get('/api/rider/earnings', { schema: { tags, response: { 200: EarningsAnswer } } }, async (req) => {
    return { success: true as const, earnings: await rider.earnings(requireUser(req)) };
  });

  app.post(
    '/api/rider/payouts',
    { schema: { tags, body: PayoutInput, response: { 200: PayoutAnswer } } },
    async (req, reply) => {
      const user = requireUser(req);
      await rateLimit(ctx.limiter, reply, [{ key: `payout:${user.id}`, limit: 10, windowMs: 60 * MINUTE }]);
      return { success: true as const, payout: await rider.requestPayout(user, req.body), message: 'Payout requested' };
    },
  );

  /** Customers rate the rider of a delivered order or dispatch (from My Orders or /dispatch). */
  app.post(
    '/api/ratings',
    { schema: { tags, body: RatingInput, response: { 200: MessageAnswer } }, config: anyUser },
    async (req, reply) => {
      const user = requireUser(req);
      await rateLimit(ctx.limiter, reply, [{ key: `rate:${user.id}`, limit: 30, windowMs: 15 * MINUTE }]);
      await rider.rate(user, req.body);
      return { success: true as const, message: 'Thanks for rating your rider!' };
    },
  );

  app.get(
    '/api/ratings/mine',
    { schema: { tags, response: { 200: MyRatingsAnswer } }, config: anyUser },
    async (req) => {
      return { success: true as const, ratings: await rider.myRatings(requireUser(req)) };
    },
  );
};
