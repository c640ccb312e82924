/**
 * Group orders (issue 31, decision 0049): roommates share one delivery to one address, each
 * paying their own share. The rules both sides use: how many, how long, and how the delivery fee
 * is shared out.
 */
import { cartTotals } from './fees.js';
import type { Kobo } from './money.js';

/** At most this many people in one group, the host included. */
export const GROUP_MAX_MEMBERS = 30;
/** At most this many shops in one group (one rider collects from each). */
export const GROUP_MAX_VENDORS = 3;
/** At most this many different lines (product and option) per member. */
export const GROUP_MAX_LINES = 20;
/** How long a host may give the group before its cut-off, in minutes (the choices offered). */
export const GROUP_CUT_OFF_CHOICES = [15, 30, 45, 60, 90, 120] as const;

export const GROUP_STATES = ['open', 'paying', 'placed', 'cancelled'] as const;
/**
 * `open`: joining and adding items; `paying`: closed by the host, each share fixed and paid on its
 * own; `placed`: the order went to the shops with the shares paid; `cancelled`: no order.
 */
export type GroupState = (typeof GROUP_STATES)[number];

export const GROUP_MEMBER_STATES = ['joined', 'paid', 'dropped'] as const;
export type GroupMemberState = (typeof GROUP_MEMBER_STATES)[number];

/** One member's part of the bill (kobo): their items, their part of the delivery fee, the service fee on both. */
export interface GroupShare {
  memberId: string;
  itemsKobo: Kobo;
  deliveryShareKobo: Kobo;
  serviceFeeKobo: Kobo;
  totalKobo: Kobo;
}

/**
 * Shares the delivery fee out among the members who have something to pay for (items above
 * zero): each pays the fee divided by their number, rounded down, and the kobo left over go to
 * the host (to the first of them when the host has nothing in the order), so the shares add up to
 * the fee exactly. Each then pays the service fee on their own items plus their part of the fee.
 * Members with no items get no share. In the order given.
 */
export function groupShares(
  deliveryFeeKobo: Kobo,
  members: readonly { memberId: string; itemsKobo: Kobo; isHost: boolean }[],
): GroupShare[] {
  if (!Number.isSafeInteger(deliveryFeeKobo) || deliveryFeeKobo < 0) throw new Error('the delivery fee is not kobo');
  const paying = members.filter((m) => m.itemsKobo > 0);
  if (!paying.length) return [];
  const each = Math.floor(deliveryFeeKobo / paying.length);
  const leftover = deliveryFeeKobo - each * paying.length;
  const takesLeftover = (paying.find((m) => m.isHost) ?? paying[0]!).memberId;
  return paying.map((m) => {
    const delivery = each + (m.memberId === takesLeftover ? leftover : 0);
    const totals = cartTotals(m.itemsKobo, delivery);
    return {
      memberId: m.memberId,
      itemsKobo: m.itemsKobo,
      deliveryShareKobo: delivery,
      serviceFeeKobo: totals.serviceFeeKobo,
      totalKobo: totals.totalKobo,
    };
  });
}
