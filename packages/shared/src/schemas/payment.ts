import { z } from 'zod';
import { okAnswer, str } from './common.js';

const PaymentStateDto = z.enum(['awaiting', 'paid', 'failed', 'abandoned']);

/** `GET /api/payment/verify?reference=` (the /loader page). */
export const PaymentVerifyQuery = z.strictObject({
  reference: str()
    .trim()
    .regex(/^[A-Za-z0-9.=-]{1,100}$/, 'Invalid payment reference'),
  trxref: str().optional(),
});
export type PaymentVerifyQuery = z.infer<typeof PaymentVerifyQuery>;

/** The payment's state as the server knows it after asking the provider. */
export const PaymentVerifyAnswer = okAnswer({ state: PaymentStateDto, paid: z.boolean() });
export type PaymentVerifyAnswer = z.infer<typeof PaymentVerifyAnswer>;
