import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

const deleteProduct = (id: string) => api.post<MessageAnswer>(`/api/seller/products/${id}/delete`);

export function useDeleteProduct() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSettled: () => qc.invalidateQueries({ queryKey: ['seller', 'products'] }),
  });
}
