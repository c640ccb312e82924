import { queryOptions, useQuery } from '@tanstack/react-query';
import { nairaToKobo, type DispatchFeeAnswer, type DispatchFeeInput, type Kobo } from '@jara/shared';
import { api } from '../../../lib/api-client';

/** The distance fee (before express) from pick-up to drop-off, in kobo. */
const deliveryFeeQuery = (input: DispatchFeeInput | null) =>
  queryOptions({
    queryKey: ['dispatch-fee', input],
    queryFn: async (): Promise<Kobo> =>
      nairaToKobo(
        (await api.post<DispatchFeeAnswer, typeof DispatchFeeInput>('/api/dispatch/delivery-fee', input!)).deliveryFee,
      ),
    enabled: input !== null,
    staleTime: 10 * 60_000,
    retry: false,
  });

export const useDeliveryFee = (input: DispatchFeeInput | null) => useQuery(deliveryFeeQuery(input));
