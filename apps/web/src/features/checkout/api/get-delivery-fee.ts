import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DeliveryFeeAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

export interface FeeRequest {
  latitude: number;
  longitude: number;
  vendorIds: string[];
}

/** `POST /api/order/delivery-fee` → total delivery fee in naira. */
export const getDeliveryFee = async (req: FeeRequest): Promise<number> =>
  (await api.post<DeliveryFeeAnswer>('/api/order/delivery-fee', req)).totalDeliveryFee;

export const deliveryFeeQuery = (req: FeeRequest | null) =>
  queryOptions({
    queryKey: ['delivery-fee', req?.latitude, req?.longitude, [...(req?.vendorIds ?? [])].sort().join(',')],
    queryFn: () => getDeliveryFee(req!),
    enabled: req !== null && req.vendorIds.length > 0,
    staleTime: 60_000,
    retry: false,
  });

/** Refreshed whenever the address or the cart's vendors change. */
export function useDeliveryFee(req: FeeRequest | null) {
  return useQuery({ ...deliveryFeeQuery(req), placeholderData: keepPreviousData });
}
