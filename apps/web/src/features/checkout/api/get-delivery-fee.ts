import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DeliveryFeeAnswer, DeliveryFeeInput, RequestBody } from '@jara/shared';
import { api } from '../../../lib/api-client';

type FeeRequest = RequestBody<typeof DeliveryFeeInput>;

/** The cart's delivery fee, naira, and the same delivery with "Batch & save" when the server offers it. */
export interface DeliveryFee {
  fee: number;
  batch: NonNullable<DeliveryFeeAnswer['batch']> | null;
}

/** `POST /api/order/delivery-fee` → total delivery fee in naira, and the "Batch & save" fee and wait. */
const getDeliveryFee = async (req: FeeRequest): Promise<DeliveryFee> => {
  const answer = await api.post<DeliveryFeeAnswer, typeof DeliveryFeeInput>('/api/order/delivery-fee', req);
  return { fee: answer.totalDeliveryFee, batch: answer.batch ?? null };
};

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
