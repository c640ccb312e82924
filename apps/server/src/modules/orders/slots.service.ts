import { deliverySlots, isWithinDailyWindow, vendorOpenState, type SlotsAnswer } from '@jara/shared';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../lib/errors.js';
import { approvedShops } from '../catalogue/index.js';
import * as repo from './orders.repo.js';

/**
 * The delivery slots a cart's shops can make from now to the end of tomorrow (decision 0047), each
 * marked full when one of the shops has taken its capacity in it, and whether the cart can be
 * delivered as soon as possible now.
 */
export async function slotsForCart(ctx: AppContext, vendorIds: string[]): Promise<Omit<SlotsAnswer, 'success'>> {
  const shops = await approvedShops(ctx.db, vendorIds);
  if (shops.length !== vendorIds.length)
    throw badRequest('A vendor in your cart is no longer available.', 'unknown_vendor');
  const now = ctx.clock.now();
  const hours = ctx.config.deliveryHours;
  const slots = deliverySlots(now, hours, shops);
  const taken = await repo.ordersInSlots(
    ctx.db,
    vendorIds,
    slots.map((s) => s.from),
  );
  return {
    asap: isWithinDailyWindow(hours, now) && shops.every((s) => vendorOpenState(s.openingHours, s.isOpen, now).open),
    slots: slots.map(({ from, to }) => ({
      from: from.toISOString(),
      to: to.toISOString(),
      full: shops.some((s) => (taken.get(`${s.id}|${from.toISOString()}`) ?? 0) >= s.slotCapacity),
    })),
  };
}
