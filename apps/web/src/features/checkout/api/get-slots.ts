import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SlotsAnswer, SlotsQuery } from '@jara/shared';
import { api } from '../../../lib/api-client';

/** `GET /api/order/slots` → whether the cart can come now, and the slots its shops can make today and tomorrow. */
const getDeliverySlots = (vendorIds: string[]) =>
  api.get<SlotsAnswer, typeof SlotsQuery>('/api/order/slots', { query: { vendorIds } });

/** The prefix of every cart's slot list: what a refused checkout refreshes. */
export const DELIVERY_SLOTS_KEY = ['order-slots'] as const;

/** Keyed by the cart's shops; asked again each minute, as slots pass and fill. */
const deliverySlotsQuery = (vendorIds: readonly string[]) => {
  const ids = [...vendorIds].sort();
  return queryOptions({
    queryKey: [...DELIVERY_SLOTS_KEY, ids.join(',')],
    queryFn: () => getDeliverySlots(ids),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
};

export function useDeliverySlots(vendorIds: readonly string[], enabled: boolean) {
  return useQuery({ ...deliverySlotsQuery(vendorIds), enabled: enabled && vendorIds.length > 0 });
}
