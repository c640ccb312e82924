import type { CheckoutAnswer, CheckoutInput, RequestBody } from '@jara/shared';
import { api } from '../../../lib/api-client';

/** `POST /api/payment/paystack` → where to pay. */
export const startPayment = (payload: RequestBody<typeof CheckoutInput>) =>
  api.post<CheckoutAnswer, typeof CheckoutInput>('/api/payment/paystack', payload);
