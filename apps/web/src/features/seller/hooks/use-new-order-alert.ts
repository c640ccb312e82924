import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SellerOrderDto } from '@jara/shared';
import { useT, type Translate } from '../../../i18n';
import { useSellerOrders } from '../api/get-seller-orders';
import { chime, RING_EVERY_MS } from './chime';

/** The orders the vendor has said "Got it" to, kept for the tab's life: a reload does not ring them again. */
const ACKNOWLEDGED_KEY = 'jara.seller.acknowledgedOrders';

/** An order waits for the vendor while an item of it is still 'Order Placed' (what Confirm acts on). */
const isWaiting = (o: SellerOrderDto) => o.items.some((i) => i.status === 'Order Placed');

function readAcknowledged(): Set<string> {
  try {
    const kept: unknown = JSON.parse(sessionStorage.getItem(ACKNOWLEDGED_KEY) ?? '[]');
    return new Set(Array.isArray(kept) ? kept.filter((id): id is string => typeof id === 'string') : []);
  } catch {
    return new Set(); // storage refused (private mode) or spoilt: ringing again is the safe side
  }
}

function keepAcknowledged(ids: Set<string>) {
  try {
    sessionStorage.setItem(ACKNOWLEDGED_KEY, JSON.stringify([...ids]));
  } catch {
    /* not kept: a reload rings these again, which is better than missing one */
  }
}

/** Chimes at once when more orders wait than before, then every RING_EVERY_MS while any do. */
function useRing(count: number) {
  const rang = useRef(0);
  useEffect(() => {
    const more = count > rang.current;
    rang.current = count;
    if (!count) return;
    if (more) chime();
    const timer = setInterval(chime, RING_EVERY_MS);
    return () => clearInterval(timer);
  }, [count]);
}

/**
 * "(2) New orders · " before the page's title while orders wait, so a vendor in another tab sees
 * it; the page's own title comes back after. Checked again on every ring: a screen that sets its
 * title meanwhile (a language switch) gets the badge too.
 */
function useTitleBadge(count: number, t: Translate<'seller'>) {
  useEffect(() => {
    if (!count) return;
    let shown: { plain: string; badged: string } | null = null;
    const badge = () => {
      const plain = shown && document.title === shown.badged ? shown.plain : document.title;
      shown = { plain, badged: t('seller.alert.documentTitle', { count, title: plain }) };
      document.title = shown.badged;
    };
    badge();
    const timer = setInterval(badge, RING_EVERY_MS);
    return () => {
      clearInterval(timer);
      if (shown && document.title === shown.badged) document.title = shown.plain;
    };
  }, [count, t]);
}

/**
 * New orders ring until the vendor acknowledges them: the chime repeats and the title carries a
 * badge. Derived from the active orders (refetched on `vendor.order.created`, and every minute),
 * so an order already waiting when the page loads rings too.
 *
 * Acknowledged means the vendor said so: "Got it" on the banner, or confirming or declining the
 * order (it stops waiting). Opening the Orders tab is not enough: a vendor leaves the shop's
 * phone on that tab on the counter, and that is exactly when it must keep ringing.
 */
export function useNewOrderAlert() {
  const t = useT('seller');
  const { data } = useSellerOrders('active');
  const [acknowledged, setAcknowledged] = useState(readAcknowledged);
  const waiting = useMemo(() => (data ?? []).filter(isWaiting).map((o) => o._id), [data]);
  const count = waiting.filter((id) => !acknowledged.has(id)).length;
  useRing(count);
  useTitleBadge(count, t);
  const acknowledge = useCallback(() => {
    // Only what still waits is kept: an order confirmed or gone needs no remembering.
    const next = new Set(waiting);
    keepAcknowledged(next);
    setAcknowledged(next);
  }, [waiting]);
  return { count, acknowledge };
}
