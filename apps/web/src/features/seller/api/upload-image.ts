import { useMutation } from '@tanstack/react-query';
import type { ImageUploadAnswer, RequestQuery, SellerUploadQuery } from '@jara/shared';
import { api } from '../../../lib/api-client';

/** Uploads one image; the server re-encodes it to WebP and answers its URL. */
type Kind = RequestQuery<typeof SellerUploadQuery>['kind'];

const uploadSellerImage = async (kind: Kind, file: File) => {
  const form = new FormData();
  form.append('file', file);
  return (await api.post<ImageUploadAnswer>(`/api/seller/upload?kind=${kind}`, form)).url;
};

export function useUploadSellerImage(kind: Kind) {
  return useMutation({ mutationFn: (file: File) => uploadSellerImage(kind, file) });
}
