/**
 * A group as its members see it (GroupDto, naira): who is in it, their lines and shares (fixed
 * once closed, what the group would pay now before), and once placed the order it became.
 */
import { koboToNaira, type GroupDto, type GroupShare, type GroupSummaryDto, type OrderDto } from '@jara/shared';
import type { GroupRow, ItemRow, MemberRow } from './groups.repo.js';
import type { PricedLine } from './pricing.js';

/** The first word of a name: what members of a group see of each other. */
const firstName = (name: string | undefined) => name?.trim().split(/\s+/)[0] || '—';

const text = (address: Record<string, unknown>, key: string) =>
  typeof address[key] === 'string' ? (address[key] as string) : '';

/** The line's name and price: fixed at closing, else the catalogue's now, else (product gone) nothing. */
function lineOf(i: ItemRow, price: ReadonlyMap<string, PricedLine>) {
  const fixed =
    i.unitPriceKobo !== null
      ? { name: i.productName!, optionName: i.optionName!, image: i.image, unitPriceKobo: i.unitPriceKobo }
      : null;
  const l = fixed ?? price.get(i.id) ?? { name: '—', optionName: '', image: null, unitPriceKobo: 0 };
  return {
    _id: i.id,
    productId: i.productId,
    optionId: i.optionId,
    vendorId: i.vendorId,
    name: l.name,
    optionName: l.optionName,
    image: l.image,
    unitPrice: koboToNaira(l.unitPriceKobo),
    quantity: i.quantity,
  };
}

export function toGroupDto(p: {
  group: GroupRow;
  members: readonly MemberRow[];
  items: readonly ItemRow[];
  names: ReadonlyMap<string, { name: string }>;
  shops: ReadonlyMap<string, { businessName: string }>;
  viewerId: string;
  /** The open group's catalogue prices, its delivery fee and shares as they stand (null once closed). */
  estimate: { price: ReadonlyMap<string, PricedLine>; deliveryFeeKobo: number; shares: GroupShare[] } | null;
  order: OrderDto | null;
}): GroupDto {
  const { group: g, estimate } = p;
  const price = estimate?.price ?? new Map<string, PricedLine>();
  const shareOf = (m: MemberRow) => {
    const s = estimate
      ? estimate.shares.find((x) => x.memberId === m.id)
      : m.amountKobo !== null
        ? {
            itemsKobo: m.itemsKobo!,
            deliveryShareKobo: m.deliveryShareKobo!,
            serviceFeeKobo: m.serviceFeeKobo!,
            totalKobo: m.amountKobo,
          }
        : undefined;
    return s
      ? {
          items: koboToNaira(s.itemsKobo),
          delivery: koboToNaira(s.deliveryShareKobo),
          service: koboToNaira(s.serviceFeeKobo),
          total: koboToNaira(s.totalKobo),
        }
      : null;
  };
  return {
    _id: g.id,
    state: g.state,
    isHost: g.hostId === p.viewerId,
    hostName: firstName(p.names.get(g.hostId)?.name),
    token: g.token,
    cutOffAt: g.cutOffAt.toISOString(),
    createdAt: g.createdAt.toISOString(),
    closedAt: g.closedAt?.toISOString() ?? null,
    placedAt: g.placedAt?.toISOString() ?? null,
    ended: g.ended,
    address: {
      address: text(g.address, 'address'),
      placeName: text(g.address, 'placeName') || null,
      block: text(g.address, 'block'),
      floor: text(g.address, 'floor'),
      room: text(g.address, 'room'),
      landmark: text(g.address, 'landmark'),
    },
    deliveryNote: g.deliveryNote,
    vendors: g.vendorIds.map((id) => ({ _id: id, name: p.shops.get(id)?.businessName ?? '—' })),
    deliveryFee: koboToNaira(estimate ? estimate.deliveryFeeKobo : (g.deliveryFeeKobo ?? 0)),
    sharesFixed: estimate === null,
    members: p.members.map((m) => ({
      _id: m.id,
      name: firstName(p.names.get(m.userId)?.name),
      isHost: m.userId === g.hostId,
      isYou: m.userId === p.viewerId,
      state: m.state,
      items: p.items.filter((i) => i.memberId === m.id).map((i) => lineOf(i, price)),
      share: shareOf(m),
    })),
    order: p.order,
  };
}

/** A group in a list or an invitation: enough to know whose it is, where it goes and until when. */
export function toGroupSummary(
  g: GroupRow,
  memberCount: number,
  joined: boolean,
  names: ReadonlyMap<string, { name: string }>,
  shops: ReadonlyMap<string, { businessName: string }>,
): GroupSummaryDto {
  return {
    _id: g.id,
    state: g.state,
    hostName: firstName(names.get(g.hostId)?.name),
    vendors: g.vendorIds.map((id) => shops.get(id)?.businessName ?? '—'),
    place: text(g.address, 'placeName') || text(g.address, 'address'),
    cutOffAt: g.cutOffAt.toISOString(),
    memberCount,
    joined,
  };
}
