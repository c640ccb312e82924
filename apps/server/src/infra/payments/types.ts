import type { Executor } from '../db/client.js';

/** Paystack channels offered (DESIGN §4): card, bank transfer, USSD. No wallet until one exists. */
export const PAYMENT_CHANNELS = ['card', 'bank_transfer', 'ussd'] as const;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];

export interface InitializeInput {
  email: string;
  amountKobo: number;
  currency: 'NGN';
  reference: string;
  callbackUrl: string;
  metadata: Record<string, unknown>;
}

export interface InitializeResult {
  authorizationUrl: string;
  accessCode: string;
  reference: string;
}

/** A transaction as the provider's verify call reports it (Paystack's `data`, trimmed). */
export interface ProviderTransaction {
  /** Paystack: success, failed, abandoned, ongoing, pending, processing, queued, reversed. */
  status: string;
  reference: string;
  amountKobo: number;
  currency: string;
  paidAt: string | null;
  channel: string | null;
  gatewayResponse: string | null;
  id: number | string | null;
}

export interface RefundResult {
  providerRef: string;
  /** pending / processing / processed / failed */
  status: string;
}

export interface TransferRecipientInput {
  name: string;
  accountNumber: string;
  bankCode: string;
  currency?: 'NGN';
}

export interface TransferInput {
  amountKobo: number;
  recipientCode: string;
  /** Lower-case alphanumerics, - and _; at least 16 characters (Paystack idempotency key). */
  reference: string;
  reason: string;
}

export interface TransferResult {
  transferCode: string;
  status: string;
}

/** One payment provider: the real Paystack client or the local sandbox (DESIGN §4). */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'paystack';
  /** The secret the provider signs webhooks with (x-paystack-signature, HMAC-SHA512 hex). */
  readonly webhookSecret: string;
  /** `ex` lets the sandbox record the attempt in the caller's transaction; Paystack ignores it. */
  initialize(ex: Executor, input: InitializeInput): Promise<InitializeResult>;
  /** null when the provider does not know the reference. */
  verify(reference: string): Promise<ProviderTransaction | null>;
  refund(input: { reference: string; amountKobo: number; note: string }): Promise<RefundResult>;
  createTransferRecipient(input: TransferRecipientInput): Promise<{ recipientCode: string }>;
  transfer(input: TransferInput): Promise<TransferResult>;
}

export class ProviderError extends Error {
  constructor(message: string, readonly status: number | null = null) {
    super(message);
    this.name = 'ProviderError';
  }
}
