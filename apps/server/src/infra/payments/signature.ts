import { createHmac, timingSafeEqual } from 'node:crypto';

/** Paystack's webhook signature: hex HMAC-SHA512 of the raw body with the secret key. */
export function signWebhook(raw: Buffer | string, secret: string): string {
  return createHmac('sha512', secret).update(raw).digest('hex');
}

/** Constant-time check of an `x-paystack-signature` header against the raw body. */
export function verifyWebhookSignature(raw: Buffer, header: unknown, secret: string): boolean {
  if (typeof header !== 'string' || !/^[0-9a-f]{128}$/i.test(header) || !secret) return false;
  const expected = Buffer.from(signWebhook(raw, secret), 'hex');
  const given = Buffer.from(header, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
