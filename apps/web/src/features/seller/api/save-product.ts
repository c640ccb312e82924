import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductInput, RequestBody, SellerProductSavedAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

const saveProduct = async ({ id, body }: { id?: string; body: RequestBody<typeof ProductInput> }) =>
  (
    await api.post<SellerProductSavedAnswer, typeof ProductInput>(
      id ? `/api/seller/products/${id}` : '/api/seller/products',
      body,
    )
  ).product;

export function useSaveProduct() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveProduct,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['seller', 'products'] }),
  });
}
