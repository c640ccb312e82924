import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddressAnswer, AddressInput } from '@jara/shared';
import { api } from '../../../lib/api-client';
import { addressesQuery } from './get-addresses';

const addAddress = (input: AddressInput) => api.post<AddressAnswer, typeof AddressInput>('/api/address/add', input);
const updateAddress = (id: string, input: AddressInput) =>
  api.post<AddressAnswer, typeof AddressInput>(`/api/address/update/${id}`, input);

/** Adds (no id) or updates an address; the address list is refreshed after. */
export function useSaveAddress() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: AddressInput }) =>
      id ? updateAddress(id, input) : addAddress(input),
    onSuccess: () => qc.invalidateQueries({ queryKey: addressesQuery.queryKey }),
  });
}
