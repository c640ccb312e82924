import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  doorLine,
  doorOf,
  koboToNaira,
  placeLine,
  shownOrderStatus,
  type ChatMediaType,
  type ItemStatus,
  type SupportChatSummary,
  type SupportContext,
} from '@jara/shared';
import { queryRows, type Executor } from '../../infra/db/client.js';
import { dispatches } from '../dispatch/dispatch.tables.js';
import { orderItems, orders } from '../orders/orders.tables.js';
import { users } from '../auth/auth.tables.js';

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The inbox: conversations by latest message, with the customer, a preview and the agent's unread count. */
export async function listSupportChats(
  ex: Executor,
  agentId: string,
  opts: { q?: string; status: 'open' | 'resolved' | 'all'; limit: number },
): Promise<SupportChatSummary[]> {
  const pattern = opts.q ? likePattern(opts.q) : null;
  const rows = await queryRows<{
    id: string;
    status: 'open' | 'resolved';
    last_message_at: Date | string;
    customer_id: string;
    name: string;
    email: string;
    body: string | null;
    media_type: string | null;
    sender_id: string | null;
    created_at: Date | string | null;
    unread: number | string;
  }>(
    ex,
    sql`
    SELECT c.id, c.status, c.last_message_at, u.id AS customer_id, u.name, u.email,
      lm.body, lm.media_type, lm.sender_id, lm.created_at,
      (SELECT count(*) FROM chat_messages m
        WHERE m.chat_id = c.id AND m.sender_id = c.customer_id
          AND m.created_at > COALESCE(r.last_read_at, 'epoch'::timestamptz)) AS unread
    FROM chats c
    JOIN users u ON u.id = c.customer_id
    LEFT JOIN chat_reads r ON r.chat_id = c.id AND r.user_id = ${agentId}
    LEFT JOIN LATERAL (
      SELECT m.body, m.media_type, m.sender_id, m.created_at FROM chat_messages m
      WHERE m.chat_id = c.id ORDER BY m.created_at DESC, m.id DESC LIMIT 1) lm ON true
    WHERE (${opts.status} = 'all' OR c.status = ${opts.status})
      AND (${pattern}::text IS NULL OR u.name ILIKE ${pattern} OR u.email ILIKE ${pattern})
    ORDER BY c.last_message_at DESC, c.id DESC
    LIMIT ${opts.limit}`,
  );
  const iso = (d: Date | string) => new Date(d).toISOString();
  return rows.map((r) => ({
    _id: r.id,
    status: r.status,
    customer: { _id: r.customer_id, name: r.name, email: r.email },
    lastMessage: r.created_at
      ? {
          message: r.body ?? '',
          mediaType: (r.media_type as ChatMediaType | null) ?? null,
          senderId: r.sender_id!,
          timestamp: iso(r.created_at),
        }
      : null,
    lastMessageAt: iso(r.last_message_at),
    unread: Number(r.unread),
  }));
}

export async function findCustomer(ex: Executor, id: string) {
  const [row] = await ex
    .select({ id: users.id, name: users.name, email: users.email, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

/** "Ada Obi — Ugbowo, Benin City" from an order's checkout copy of its address. */
function deliverTo(address: Record<string, unknown>): string {
  const s = (k: string) => (typeof address[k] === 'string' ? (address[k] as string) : '');
  const who = [s('firstName'), s('lastName')].filter(Boolean).join(' ');
  const where = placeLine(s('address'), s('city'));
  return [who, where].filter(Boolean).join(' — ');
}

/** What an agent needs to answer "where is my order": the customer's recent paid orders and dispatches. */
export async function customerContext(ex: Executor, customerId: string, limit = 5): Promise<SupportContext | null> {
  const customer = await findCustomer(ex, customerId);
  if (!customer) return null;
  const recentOrders = await ex
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      amountKobo: orders.amountKobo,
      address: orders.address,
      deliveryNote: orders.deliveryNote,
    })
    .from(orders)
    .where(and(eq(orders.userId, customerId), eq(orders.paymentState, 'paid')))
    .orderBy(desc(orders.createdAt))
    .limit(limit);
  const items = recentOrders.length
    ? await ex
        .select({
          orderId: orderItems.orderId,
          name: orderItems.productName,
          quantity: orderItems.quantity,
          status: orderItems.status,
        })
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            recentOrders.map((o) => o.id),
          ),
        )
    : [];
  const recentDispatches = await ex
    .select({
      id: dispatches.id,
      createdAt: dispatches.createdAt,
      status: dispatches.status,
      deliveryFeeKobo: dispatches.deliveryFeeKobo,
      isExpress: dispatches.isExpress,
      dropoff: dispatches.dropoff,
    })
    .from(dispatches)
    .where(and(eq(dispatches.userId, customerId), eq(dispatches.paymentState, 'paid')))
    .orderBy(desc(dispatches.createdAt))
    .limit(limit);
  return {
    customer: {
      _id: customer.id,
      name: customer.name,
      email: customer.email,
      memberSince: customer.createdAt.toISOString(),
    },
    orders: recentOrders.map((o) => {
      const its = items.filter((i) => i.orderId === o.id);
      return {
        _id: o.id,
        createdAt: o.createdAt.toISOString(),
        amount: koboToNaira(o.amountKobo),
        status: shownOrderStatus(its.map((i) => i.status as ItemStatus)),
        items: its.map((i) => ({ name: i.name, quantity: i.quantity, status: i.status })),
        deliverTo: deliverTo(o.address),
        door: doorOf(o.address),
        deliveryNote: o.deliveryNote,
      };
    }),
    dispatches: recentDispatches.map((d) => {
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
