import { api } from '../../../lib/api-client';

export const subscribe = (email: string) =>
  api.post<{ success: true; message: string }>('/api/newsletter/subscribe', { email });
