import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AddressListAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

/** The user's saved addresses (shared cache key with checkout). */
const addressesQuery = queryOptions({
  queryKey: ['addresses'],
  queryFn: async () => (await api.get<AddressListAnswer>('/api/address/get')).addresses,
  staleTime: 30_000,
});

export const useAddresses = (enabled = true) => useQuery({ ...addressesQuery, enabled });
