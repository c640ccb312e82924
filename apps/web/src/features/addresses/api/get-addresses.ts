import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Address, AddressListAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

const getAddresses = async (): Promise<Address[]> => (await api.get<AddressListAnswer>('/api/address/get')).addresses;

export const addressesQuery = queryOptions({ queryKey: ['addresses'], queryFn: getAddresses, staleTime: 30_000 });

/** The signed-in user's saved addresses (pass enabled=false for guests). */
export function useAddresses(enabled = true) {
  return useQuery({ ...addressesQuery, enabled });
}
