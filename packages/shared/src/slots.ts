/**
 * Orders for later (issue 31, decision 0047): 30-minute delivery slots today and tomorrow (Lagos
 * time), only inside the delivery hours and the shops' opening hours, never one a shop cannot make
 * given its preparation time. A slot order is prepared from `prepareAt`, picked up at `pickupAt`
 * and offered to riders `SLOT_OFFER_MINUTES` before that.
 */
import { isOpenAt, isWithinDailyWindow, type DailyWindow, type WeeklyHours } from './opening.js';

/** How long a slot is. */
export const SLOT_MINUTES = 30;
/** From the shop's counter to the door: a slot order is picked up this long before its slot starts. */
export const SLOT_TRAVEL_MINUTES = 20;
/** A slot order reaches the riders' board this long before its pickup. */
export const SLOT_OFFER_MINUTES = 10;
/** Slots are offered for today and tomorrow. */
const SLOT_DAYS = 2;

const MINUTE_MS = 60_000;
const LAGOS_OFFSET_MS = 60 * MINUTE_MS;
const SLOT_MS = SLOT_MINUTES * MINUTE_MS;

/** What the slots of a cart depend on, per shop. */
export interface SlotShop {
  openingHours: WeeklyHours;
  /** The shop's own switch: switched off, it takes no order, now or for later. */
  isOpen: boolean;
  preparationMinutes: number;
}

export interface Slot {
  from: Date;
  to: Date;
}

/** When a slot order's shops start preparing: the slot's start less the ride and the longest preparation. */
export function prepareAt(from: Date, preparationMinutes: number): Date {
  return new Date(from.getTime() - (SLOT_TRAVEL_MINUTES + preparationMinutes) * MINUTE_MS);
}

/** When a slot order should leave the shop. */
export const pickupAt = (from: Date) => new Date(from.getTime() - SLOT_TRAVEL_MINUTES * MINUTE_MS);

/** When a slot order reaches the riders' board. */
export const offerAt = (from: Date) => new Date(pickupAt(from).getTime() - SLOT_OFFER_MINUTES * MINUTE_MS);

/** Whether these shops can all deliver in the slot starting at `from`, ordered at `now`. */
export function slotWorks(from: Date, now: Date, deliveryHours: DailyWindow, shops: SlotShop[]): boolean {
  if (from.getTime() % SLOT_MS !== 0 || !shops.length) return false;
  const last = new Date(from.getTime() + SLOT_MS - MINUTE_MS);
  if (!isWithinDailyWindow(deliveryHours, from) || !isWithinDailyWindow(deliveryHours, last)) return false;
  const pickup = pickupAt(from);
  return shops.every((s) => {
    const start = prepareAt(from, s.preparationMinutes);
    return s.isOpen && start >= now && isOpenAt(s.openingHours, start) && isOpenAt(s.openingHours, pickup);
  });
}

/** Every slot these shops can make, from `now` to the end of tomorrow (Lagos), in order. */
export function deliverySlots(now: Date, deliveryHours: DailyWindow, shops: SlotShop[]): Slot[] {
  const lagos = new Date(now.getTime() + LAGOS_OFFSET_MS);
  const end = Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth(), lagos.getUTCDate() + SLOT_DAYS) - LAGOS_OFFSET_MS;
  const slots: Slot[] = [];
  for (let t = Math.ceil(now.getTime() / SLOT_MS) * SLOT_MS; t < end; t += SLOT_MS) {
    const from = new Date(t);
    if (slotWorks(from, now, deliveryHours, shops)) slots.push({ from, to: new Date(t + SLOT_MS) });
  }
  return slots;
}

/** "1:00–1:30 pm", "11:30 am–12:00 pm": a slot in Lagos time, 12-hour. */
export function formatSlot(from: Date | string, to: Date | string): string {
  const part = (d: Date) => {
    const l = new Date(d.getTime() + LAGOS_OFFSET_MS);
    const h = l.getUTCHours();
    return { text: `${h % 12 === 0 ? 12 : h % 12}:${String(l.getUTCMinutes()).padStart(2, '0')}`, pm: h >= 12 };
  };
  const a = part(new Date(from));
  const b = part(new Date(to));
  const suffix = (pm: boolean) => (pm ? 'pm' : 'am');
  return a.pm === b.pm ? `${a.text}–${b.text} ${suffix(b.pm)}` : `${a.text} ${suffix(a.pm)}–${b.text} ${suffix(b.pm)}`;
}

/** Whether a slot starts on the same Lagos day as `now` (for "today" and "tomorrow"). */
export function isSameLagosDay(a: Date | string, b: Date | string): boolean {
  const day = (d: Date | string) => Math.floor((new Date(d).getTime() + LAGOS_OFFSET_MS) / (24 * 60 * MINUTE_MS));
  return day(a) === day(b);
}
