import { z } from 'zod';
import {
  batchDeliveryFee,
  CheckoutAnswer,
  CheckoutInput,
  DeliveryFeeAnswer,
  DeliveryFeeInput,
  Id,
  koboToNaira,
  OrderAnswer,
  OrderCancelAnswer,
  OrderListAnswer,
  OrderListQuery,
  QuoteAnswer,
  QuoteInput,
  SlotsAnswer,
  SlotsQuery,
} from '@jara/shared';
import { moduleWith } from '../types.js';
import type { PaymentService } from '../payments/index.js';
import { defaultAccess } from '../../lib/access.js';
import { rateLimit, requireUser } from '../../lib/http.js';
import { AppError } from '../../lib/errors.js';
import { OrderCancellation } from './cancellation.service.js';
import { CheckoutService } from './checkout.service.js';
import { ConfirmDeadline } from './confirm-deadline.js';
import { MyOrdersService } from './my-orders.service.js';
import { deliverNotice, ORDER_NOTICE_JOB } from './order-notices.js';
import { OrderPayments } from './order-payments.js';
import { registerSlotOffers } from './slot-offers.js';
import { slotsForCart } from './slots.service.js';

export const ordersModule = moduleWith<{ payments: PaymentService }>(async (app, ctx, { payments }) => {
  defaultAccess(app, 'user');
  const checkout = new CheckoutService(ctx, payments);
  const mine = new MyOrdersService(ctx);
  const cancellation = new OrderCancellation(ctx, payments);
  const paid = new OrderPayments(ctx);
  payments.registerPurpose('order', {
    onPaid: (tx, payment) => paid.onPaid(tx, payment),
    onFailed: (tx, payment) => paid.onFailed(tx, payment),
    onRefunded: (tx, payment, amount) => paid.onRefunded(tx, payment, amount),
  });
  ctx.jobs.register(ORDER_NOTICE_JOB, ({ orderId, kind }) => deliverNotice(ctx, orderId, kind));
  new ConfirmDeadline(ctx, payments);
  registerSlotOffers(ctx);

  app.post(
    '/api/order/delivery-fee',
    {
      schema: { tags: ['order'], body: DeliveryFeeInput, response: { 200: DeliveryFeeAnswer } },
      config: { access: 'public' },
    },
    async (req, reply) => {
      await rateLimit(ctx.limiter, reply, [{ key: `fee:ip:${req.ip}`, limit: 120, windowMs: 60_000 }]);
      const { latitude, longitude, vendorIds } = req.body;
      const kobo = await checkout.deliveryFee(ctx.db, { latitude, longitude }, vendorIds);
      const { discountPercent, waitMinutes } = ctx.config.batch;
      return {
        success: true as const,
        totalDeliveryFee: koboToNaira(kobo),
        batch: { deliveryFee: koboToNaira(batchDeliveryFee(kobo, discountPercent)), waitMinutes },
      };
    },
  );

  app.get(
    '/api/order/slots',
    {
      schema: { tags: ['order'], querystring: SlotsQuery, response: { 200: SlotsAnswer } },
      config: { access: 'public' },
    },
    async (req, reply) => {
      await rateLimit(ctx.limiter, reply, [{ key: `slots:ip:${req.ip}`, limit: 120, windowMs: 60_000 }]);
      return { success: true as const, ...(await slotsForCart(ctx, req.query.vendorIds)) };
    },
  );

  app.post(
    '/api/order/quote',
    { schema: { tags: ['order'], body: QuoteInput, response: { 200: QuoteAnswer } } },
    async (req, reply) => {
      const user = requireUser(req);
      await rateLimit(ctx.limiter, reply, [{ key: `quote:user:${user.id}`, limit: 120, windowMs: 60_000 }]);
      reply.header('cache-control', 'no-store');
      try {
        return { success: true as const, ...(await checkout.quoteAnswer(user, req.body)) };
      } catch (err) {
        // Guessing codes is slowed down: 30 codes that name no offer in 10 minutes, then 429s.
        // A cart asking again with its good code (each quantity or slot change) is not counted.
        if (err instanceof AppError && err.code === 'promo_unknown')
          await rateLimit(ctx.limiter, reply, [
            { key: `promo-code:user:${user.id}`, limit: 30, windowMs: 10 * 60_000 },
          ]);
        throw err;
      }
    },
  );

  app.post(
    '/api/payment/paystack',
    { schema: { tags: ['payment'], body: CheckoutInput, response: { 200: CheckoutAnswer } } },
    async (req, reply) => {
      const user = requireUser(req);
      await rateLimit(ctx.limiter, reply, [{ key: `checkout:user:${user.id}`, limit: 20, windowMs: 10 * 60_000 }]);
      const { url, reference } = await checkout.checkout(user, req.body);
      return { success: true as const, url, reference };
    },
  );

  app.get(
    '/api/order/user',
    { schema: { tags: ['order'], querystring: OrderListQuery, response: { 200: OrderListAnswer } } },
    async (req) => {
      const user = requireUser(req);
      const { page, limit } = req.query;
      const { orders: list, hasMore } = await mine.listForUser(user.id, page, limit);
      return { success: true as const, orders: list, page, limit, hasMore };
    },
  );

  app.get(
    '/api/order/:id',
    { schema: { tags: ['order'], params: z.strictObject({ id: Id }), response: { 200: OrderAnswer } } },
    async (req, reply) => {
      const user = requireUser(req);
      reply.header('cache-control', 'no-store');
      return { success: true as const, order: await mine.getForUser(user.id, req.params.id) };
    },
  );

  app.post(
    '/api/order/cancel/:id',
    { schema: { tags: ['order'], params: z.strictObject({ id: Id }), response: { 200: OrderCancelAnswer } } },
    async (req, reply) => {
      const user = requireUser(req);
      await rateLimit(ctx.limiter, reply, [{ key: `cancel:user:${user.id}`, limit: 20, windowMs: 60_000 }]);
      const order = await cancellation.cancel(user.id, req.params.id);
      return { success: true as const, message: 'Order cancelled. Your refund is on its way.', order };
    },
  );
});
