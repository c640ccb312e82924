import type { AdminUploadQuery, ImageUploadAnswer, RequestQuery } from '@jara/shared';
import { api } from '../../../lib/api-client';

/** POST /api/admin/upload: one image, re-encoded by the server; answers its URL. */
export const uploadAdminImage = async (kind: RequestQuery<typeof AdminUploadQuery>['kind'], file: File) => {
  const form = new FormData();
  form.append('file', file);
  return (await api.post<ImageUploadAnswer>(`/api/admin/upload?kind=${kind}`, form)).url;
};
