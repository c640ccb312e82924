import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';
import { addressesQuery } from './get-addresses';

const deleteAddress = (id: string) => api.post<MessageAnswer>(`/api/address/delete/${id}`);

export function useDeleteAddress() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: () => qc.invalidateQueries({ queryKey: addressesQuery.queryKey }),
  });
}
