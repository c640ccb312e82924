import { z } from 'zod';
import {
  DispatchAnswer,
  DispatchCancelAnswer,
  DispatchFeeAnswer,
  DispatchFeeInput,
  DispatchListAnswer,
  DispatchPaymentAnswer,
  DispatchRequestInput,
  Id,
  koboToNaira,
} from '@jara/shared';
import { moduleWith } from '../types.js';
import type { PaymentService } from '../payments/index.js';
import { defaultAccess } from '../../lib/access.js';
import { rateLimit, requireUser } from '../../lib/http.js';
import { DISPATCH_ALERT_JOB, DISPATCH_PUSH_JOB, runPush, runSupportAlert } from './dispatch-notices.js';
import { DispatchSenderService } from './sender.service.js';

const MINUTE = 60_000;

export const dispatchModule = moduleWith<{ payments: PaymentService }>(async (app, ctx, { payments }) => {
  defaultAccess(app, 'user');
  const service = new DispatchSenderService(ctx, payments);

  ctx.jobs.register(DISPATCH_PUSH_JOB, ({ dispatchId }) => runPush(ctx, dispatchId));
  ctx.jobs.register(DISPATCH_ALERT_JOB, ({ dispatchId }) => runSupportAlert(ctx, dispatchId));

  // Confirmation, replays and reconciliation are the shared payment mechanism's; these run inside it.
  payments.registerPurpose('dispatch', {
    onPaid: (tx, payment) => service.onPaid(tx, payment),
    onFailed: (tx, payment) => service.onFailed(tx, payment),
    onRefunded: (tx, payment, amount) => service.onRefunded(tx, payment, amount),
  });

  app.post(
    '/api/dispatch/delivery-fee',
    {
      schema: { tags: ['dispatch'], body: DispatchFeeInput, response: { 200: DispatchFeeAnswer } },
      config: { access: 'public' },
    },
    async (req, reply) => {
      await rateLimit(ctx.limiter, reply, [{ key: `dispatch-fee:ip:${req.ip}`, limit: 120, windowMs: MINUTE }]);
      const { latitude1, longitude1, latitude2, longitude2 } = req.body;
      const fee = service.quoteFee(
        { latitude: latitude1, longitude: longitude1 },
        { latitude: latitude2, longitude: longitude2 },
      );
      return { success: true as const, deliveryFee: koboToNaira(fee) };
    },
  );

  app.get(
    '/api/dispatch/user',
    { schema: { tags: ['dispatch'], response: { 200: DispatchListAnswer } } },
    async (req, reply) => {
      const user = requireUser(req);
      reply.header('cache-control', 'no-store');
      return { success: true as const, orders: await service.listForSender(user.id) };
    },
  );

  app.get(
    '/api/dispatch/:id',
    { schema: { tags: ['dispatch'], params: z.strictObject({ id: Id }), response: { 200: DispatchAnswer } } },
    async (req, reply) => {
      const user = requireUser(req);
      reply.header('cache-control', 'no-store');
      return { success: true as const, order: await service.getForSender(user.id, req.params.id) };
    },
  );

  app.post(
    '/api/dispatch/cancel/:id',
    { schema: { tags: ['dispatch'], params: z.strictObject({ id: Id }), response: { 200: DispatchCancelAnswer } } },
    async (req, reply) => {
      const user = requireUser(req);
      await rateLimit(ctx.limiter, reply, [
        { key: `dispatch-cancel:user:${user.id}`, limit: 30, windowMs: 15 * MINUTE },
      ]);
      const order = await service.cancel(user.id, req.params.id);
      return { success: true as const, message: 'Dispatch cancelled. Your refund is on its way.', order };
    },
  );

  app.post(
    '/api/payment/paystack-dispatch',
    { schema: { tags: ['dispatch', 'payment'], body: DispatchRequestInput, response: { 200: DispatchPaymentAnswer } } },
    async (req, reply) => {
      const user = requireUser(req);
      await rateLimit(ctx.limiter, reply, [{ key: `dispatch-pay:user:${user.id}`, limit: 20, windowMs: 15 * MINUTE }]);
      const { url, reference } = await service.request(user.id, req.body);
      return { success: true as const, url, reference };
    },
  );
});
