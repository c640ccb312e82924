import type { CheckoutAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

export interface CheckoutItemPayload {
  product: string;
  quantity: number;
  vendorId: string;
  optionId: string;
  /** the unit price the cart showed (naira) */
  price: number;
}

export interface CheckoutPayload {
  userId?: string;
  items: CheckoutItemPayload[];
  address: string;
  email?: string;
  /** the total the cart showed (naira): the server refuses to charge anything else */
  amount: number;
  /** for the rider and the vendors */
  deliveryNote?: string;
}

/** `POST /api/payment/paystack` → where to pay. */
export const startPayment = (payload: CheckoutPayload) => api.post<CheckoutAnswer>('/api/payment/paystack', payload);
