import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductInput, SellerProductSavedAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

type ProductBody = Omit<ProductInput, 'options' | 'description' | 'inStock'> & {
  description: string[];
  inStock: boolean;
  options: { id?: string; name: string; price: number; offerPrice?: number | null }[];
};

export const saveProduct = async ({ id, body }: { id?: string; body: ProductBody }) =>
  (await api.post<SellerProductSavedAnswer>(id ? `/api/seller/products/${id}` : '/api/seller/products', body)).product;

export function useSaveProduct() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveProduct,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['seller', 'products'] }),
  });
}
