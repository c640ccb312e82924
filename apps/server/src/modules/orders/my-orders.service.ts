import type { OrderDto } from '@jara/shared';
import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import * as repo from './orders.repo.js';
import { orderViews } from './order-views.js';

/** My Orders: the caller's own paid orders, with their timelines. */
export class MyOrdersService {
  constructor(private readonly ctx: AppContext) {}

  /** My Orders: the caller's paid orders, newest first. */
  async listForUser(
    userId: string,
    page: number,
    limit: number,
    now = new Date(),
  ): Promise<{ orders: OrderDto[]; hasMore: boolean }> {
    const rows = await repo.listPaidOrders(this.ctx.db, userId, limit + 1, (page - 1) * limit);
    const pageRows = rows.slice(0, limit);
    return {
      orders: await orderViews(this.ctx.db, pageRows, userId, now, this.ctx.clock.now()),
      hasMore: rows.length > limit,
    };
  }

  /** One paid order of the caller, with its timeline; anyone else's is 404. */
  async getForUser(userId: string, orderId: string, now = new Date()): Promise<OrderDto> {
    const order = await repo.findOrder(this.ctx.db, orderId);
    if (!order || order.userId !== userId || order.paymentState !== 'paid') throw notFound('Order not found.');
    return (await orderViews(this.ctx.db, [order], userId, now, this.ctx.clock.now()))[0]!;
  }
}
