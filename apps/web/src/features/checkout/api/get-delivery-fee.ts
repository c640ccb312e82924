import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DeliveryFeeAnswer, DeliveryFeeInput, RequestBody } from '@jara/shared';
import { api } from '../../../lib/api-client';

type FeeRequest = RequestBody<typeof DeliveryFeeInput>;

/** `POST /api/order/delivery-fee` → total delivery fee in naira. */
const getDeliveryFee = async (req: FeeRequest): Promise<number> =>
  (await api.post<DeliveryFeeAnswer, typeof DeliveryFeeInput>('/api/order/delivery-fee', req)).totalDeliveryFee;

const deliveryFeeQuery = (req: FeeRequest | null) =>
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
