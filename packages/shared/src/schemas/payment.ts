import { z } from 'zod';
import { str } from './common.js';

export type PaymentStateDto = 'awaiting' | 'paid' | 'failed' | 'abandoned';

/** `GET /api/payment/verify?reference=` (the /loader page). */
export const PaymentVerifyQuery = z.strictObject({
  reference: str().trim().regex(/^[A-Za-z0-9.=-]{1,100}$/, 'Invalid payment reference'),
  trxref: str().optional(),
});
export type PaymentVerifyQuery = z.infer<typeof PaymentVerifyQuery>;

export interface PaymentVerifyAnswer {
  success: true;
  state: PaymentStateDto;
  paid: boolean;
}
