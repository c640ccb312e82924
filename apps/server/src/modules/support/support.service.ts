import {
  doorLine,
  doorOf,
  koboToNaira,
  shownOrderStatus,
  type ItemStatus,
  type SupportChatsQuery,
  type SupportChatSummary,
  type SupportContext,
  type SupportThread,
} from '@jara/shared';
import type { AppContext } from '../../context.js';
import type { SessionUser } from '../../infra/sessions.js';
import { notFound } from '../../lib/errors.js';
import { accountIdsMatching, accountsByIds, findUserById } from '../auth/index.js';
import { deliverTo, subjectOf, type ChatService } from '../chat/index.js';
import { recentPaidDispatches } from '../dispatch/index.js';
import { recentPaidOrders } from '../orders/index.js';

/** How many of the customer's latest orders and dispatches the agent sees beside the thread. */
const CONTEXT_LIMIT = 5;

/**
 * The agents' side of the support chat: the inbox, a conversation with its customer, their recent
 * orders. The conversations are the chat module's, the customers the accounts', the orders and
 * dispatches their modules': this service only puts them side by side.
 */
export class SupportService {
  constructor(
    private readonly ctx: AppContext,
    private readonly chats: ChatService,
  ) {}

  /** Conversations by latest message, with the agent's own unread counts; `q` searches the customer's name or email. */
  async inbox(agent: SessionUser, query: SupportChatsQuery): Promise<SupportChatSummary[]> {
    const customerIds = query.q ? await accountIdsMatching(this.ctx.db, query.q) : null;
    if (customerIds && !customerIds.length) return [];
    const list = await this.chats.inbox(agent, { customerIds, status: query.status, limit: query.limit });
    const customers = await accountsByIds(
      this.ctx.db,
      list.map((c) => c.customerId),
    );
    return list.flatMap(({ customerId, ...c }) => {
      const customer = customers.get(customerId);
      if (!customer) return [];
      return [
        {
          _id: c._id,
          status: c.status,
          customer: { _id: customerId, name: customer.name, email: customer.email },
          subject: c.subject,
          lastMessage: c.lastMessage,
          lastMessageAt: c.lastMessageAt,
          unread: c.unread,
        },
      ];
    });
  }

  /** One conversation, latest page or the page before `before`. */
  async thread(agent: SessionUser, chatId: string, page: { before?: string; limit: number }): Promise<SupportThread> {
    const chat = await this.chats.requireAccess(agent, chatId);
    const customer = await findUserById(this.ctx.db, chat.customerId);
    return {
      _id: chat.id,
      status: chat.status,
      customer: customer ? { _id: customer.id, name: customer.name, email: customer.email } : null,
      subject: subjectOf(chat),
      ...(await this.chats.page(chat.id, page)),
    };
  }

  /** What the agent needs to answer "where is my order": the customer's recent paid orders and dispatches. */
  async context(agent: SessionUser, chatId: string): Promise<SupportContext> {
    const chat = await this.chats.requireAccess(agent, chatId);
    const db = this.ctx.db;
    const customer = await findUserById(db, chat.customerId);
    if (!customer) throw notFound('Customer not found.');
    const orders = await recentPaidOrders(db, customer.id, CONTEXT_LIMIT);
    const dispatches = await recentPaidDispatches(db, customer.id, CONTEXT_LIMIT);
    return {
      customer: {
        _id: customer.id,
        name: customer.name,
        email: customer.email,
        memberSince: customer.createdAt.toISOString(),
      },
      orders: orders.map(({ order: o, items }) => ({
        _id: o.id,
        createdAt: o.createdAt.toISOString(),
        amount: koboToNaira(o.amountKobo),
        status: shownOrderStatus(items.map((i) => i.status as ItemStatus)),
        items: items.map((i) => ({ name: i.productName, quantity: i.quantity, status: i.status })),
        deliverTo: deliverTo(o.address),
        door: doorOf(o.address),
        deliveryNote: o.deliveryNote,
      })),
      dispatches: dispatches.map((d) => {
        const drop = (d.dropoff ?? {}) as { address?: string; firstName?: string; lastName?: string };
        const place = [drop.address, doorLine(doorOf(d.dropoff))].filter(Boolean).join(' · ');
        return {
          _id: d.id,
          createdAt: d.createdAt.toISOString(),
          status: d.status,
          deliveryFee: koboToNaira(d.deliveryFeeKobo),
          isExpress: d.isExpress,
          dropoff: [drop.firstName, drop.lastName].filter(Boolean).join(' ') + (place ? ` — ${place}` : ''),
        };
      }),
    };
  }
}
