import type { MessageAnswer, NewsletterInput } from '@jara/shared';
import { api } from '../../../lib/api-client';

export const subscribe = (email: string) =>
  api.post<MessageAnswer, typeof NewsletterInput>('/api/newsletter/subscribe', { email });
