import {
  CANCELLED,
  doorLine,
  doorOf,
  koboToNaira,
  placeLine,
  shownOrderStatus,
  type ItemStatus,
  type ThreadCardDto,
  type ThreadKind,
} from '@jara/shared';
import type { Executor } from '../../infra/db/client.js';
import { shopsByIds } from '../catalogue/index.js';
import { findDispatch } from '../dispatch/index.js';
import { lastReachedAt } from '../order-events/index.js';
import { orderWithItems, slotOf } from '../orders/index.js';
import { loadDispatchTracking, loadOrderTracking } from '../tracking/index.js';
import type { MemberRole } from './chat.repo.js';

const DELIVERED: ItemStatus = 'Order Delivered';

/**
 * The people of an order or a dispatch, as its thread admits them: the customer (the dispatch's
 * sender), the owners of the shops of its items, and the rider while assigned. Read from the order
 * or dispatch on every call, so a rider replaced is out at once.
 */
export interface ThreadParty {
  customerId: string;
  members: { userId: string; role: MemberRole; name: string }[];
  /** Delivered or cancelled (every item), and when: the thread closes THREAD_OPEN_DAYS later. */
  endedAt: Date | null;
  card: Omit<ThreadCardDto, 'timeline'>;
  /** The customer's phone as given at checkout (the sender's, for a dispatch). */
  customerPhone: string;
  /** The timeline as `viewerId` may see it (the rider's phone only for the customer, while active). */
  timeline(viewerId: string): Promise<ThreadCardDto['timeline']>;
}

const reference = (id: string) => id.slice(0, 8);

/** "Ada Obi — Ugbowo, Benin City" from a checkout copy of an address. */
export function deliverTo(address: Record<string, unknown>): string {
  const s = (k: string) => (typeof address[k] === 'string' ? (address[k] as string) : '');
  const who = [s('firstName'), s('lastName')].filter(Boolean).join(' ');
  return [who, placeLine(s('address'), s('city'))].filter(Boolean).join(' — ');
}

/** The party of a paid order or dispatch; null when there is none (or it was never paid: no thread before payment). */
export function partyOf(ex: Executor, kind: ThreadKind, id: string): Promise<ThreadParty | null> {
  return kind === 'order' ? orderParty(ex, id) : dispatchParty(ex, id);
}

async function orderParty(ex: Executor, id: string): Promise<ThreadParty | null> {
  const found = await orderWithItems(ex, id);
  if (!found || !found.order.paidAt) return null;
  const { order: o, items } = found;
  const shops = await shopsByIds(ex, [...new Set(items.map((i) => i.vendorId))]);
  const statuses = items.map((i) => i.status as ItemStatus);
  const over = statuses.every((s) => s === DELIVERED || s === CANCELLED);
  const endedAt = over ? new Date(Math.max(...items.map((i) => i.updatedAt.getTime()))) : null;
  const members: ThreadParty['members'] = [{ userId: o.userId, role: 'customer', name: '' }];
  for (const shop of shops.values())
    if (shop.userId && !members.some((m) => m.userId === shop.userId))
      members.push({ userId: shop.userId, role: 'vendor', name: shop.businessName });
  if (o.riderId && !members.some((m) => m.userId === o.riderId))
    members.push({ userId: o.riderId, role: 'rider', name: '' });
  const status = shownOrderStatus(statuses);
  return {
    customerId: o.userId,
    members,
    endedAt,
    customerPhone: typeof o.address.phone === 'string' ? o.address.phone : '',
    card: {
      kind: 'order',
      _id: o.id,
      reference: reference(o.id),
      status,
      amount: koboToNaira(o.amountKobo),
      items: items.map((i) => ({
        name: i.productName,
        option: i.optionName,
        quantity: i.quantity,
        price: koboToNaira(i.unitPriceKobo),
        shop: shops.get(i.vendorId)?.businessName ?? '',
        status: i.status,
      })),
      deliverTo: deliverTo(o.address),
      door: doorOf(o.address),
      deliveryNote: o.deliveryNote,
      createdAt: o.createdAt.toISOString(),
      slot: slotOf(o),
    },
    async timeline(viewerId) {
      const facts = {
        id: o.id,
        userId: o.userId,
        paidAt: o.paidAt,
        lockedAt: o.lockedAt,
        riderId: o.riderId,
        status,
        items: items.map((i) => ({
          id: i.id,
          vendorName: shops.get(i.vendorId)?.businessName ?? '',
          vendorUserId: shops.get(i.vendorId)?.userId ?? null,
          status: i.status,
        })),
      };
      return (await loadOrderTracking(ex, [facts], viewerId)).get(o.id)?.timeline ?? [];
    },
  };
}

async function dispatchParty(ex: Executor, id: string): Promise<ThreadParty | null> {
  const d = await findDispatch(ex, id);
  if (!d || !d.paidAt) return null;
  const over = d.status === DELIVERED || d.status === CANCELLED;
  const endedAt = over ? ((await lastReachedAt(ex, [d.id], d.status)).get(d.id) ?? d.createdAt) : null;
  const members: ThreadParty['members'] = [{ userId: d.userId, role: 'customer', name: '' }];
  if (d.riderId && d.riderId !== d.userId) members.push({ userId: d.riderId, role: 'rider', name: '' });
  const drop = d.dropoff as Record<string, unknown>;
  const pickup = d.pickup as Record<string, unknown>;
  return {
    customerId: d.userId,
    members,
    endedAt,
    customerPhone: typeof pickup.phone === 'string' ? pickup.phone : '',
    card: {
      kind: 'dispatch',
      _id: d.id,
      reference: reference(d.id),
      status: d.status,
      amount: koboToNaira(d.amountKobo),
      items: [],
      deliverTo: [deliverTo(drop), doorLine(doorOf(drop))].filter(Boolean).join(' · '),
      door: doorOf(drop),
      deliveryNote: d.deliveryNote,
      createdAt: d.createdAt.toISOString(),
    },
    async timeline(viewerId) {
      const facts = {
        id: d.id,
        userId: d.userId,
        status: d.status,
        paidAt: d.paidAt,
        lockedAt: d.lockedAt,
        riderId: d.riderId,
      };
      return (await loadDispatchTracking(ex, [facts], viewerId)).get(d.id)?.timeline ?? [];
    },
  };
}
