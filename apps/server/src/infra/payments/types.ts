/** Paystack channels offered (DESIGN §4): card, bank transfer, USSD. No wallet until one exists. */
export const PAYMENT_CHANNELS = ['card', 'bank_transfer', 'ussd'] as const;

export interface InitializeInput {
  email: string;
  amountKobo: number;
  currency: 'NGN';
  reference: string;
  callbackUrl: string;
  metadata: Record<string, unknown>;
}

/**
 * Where the customer goes when they cancel on the payment page (Paystack's `cancel_action`; the
 * sandbox's Cancel): the callback with the reference and `cancelled=1`, so the app can tell a
 * cancelled attempt from one still being paid and take the customer back (decision 0014).
 */
export function cancelActionUrl(callbackUrl: string, reference: string): string {
  const url = new URL(callbackUrl);
  url.searchParams.set('reference', reference);
  url.searchParams.set('cancelled', '1');
  return url.toString();
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

export interface RefundInput {
  reference: string;
  amountKobo: number;
  /** Starts with our refund's own reference, so a retry can find a refund whose answer was lost. */
  note: string;
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

/** The records made between two instants, `from` included, `to` not (a Lagos day for the reconciliation). */
export interface ListWindow {
  from: Date;
  to: Date;
}

/** A transaction in the provider's list (Paystack's GET /transaction, trimmed). */
export interface ListedTransaction {
  reference: string;
  amountKobo: number;
  currency: string;
  /** Paystack: success, failed, abandoned, ongoing, pending, reversed … */
  status: string;
  /** What the provider kept of it (Paystack's `fees`); null when it says nothing. */
  feesKobo: number | null;
  /** When it was paid, else when it was made (the provider's clock, ISO 8601). */
  at: string;
}

/** A refund in the provider's list (Paystack's GET /refund, trimmed). */
export interface ListedRefund {
  providerRef: string;
  /** The refunded transaction's reference. */
  reference: string;
  amountKobo: number;
  /** pending / processing / processed / failed … */
  status: string;
  /** Our merchant note: ours start with `jara-refund:<our refund's id>` (RefundInput.note). */
  note: string;
  at: string;
}

/** A transfer in the provider's list (Paystack's GET /transfer, trimmed). */
export interface ListedTransfer {
  /** Our reference (`jara_payout_…` for a payout). */
  reference: string;
  transferCode: string;
  amountKobo: number;
  /** pending / success / failed / reversed … */
  status: string;
  at: string;
}

/**
 * One payment provider: the real Paystack client or the local sandbox (DESIGN §4). Every call
 * may be slow and must run with no database transaction open (decision 0009).
 */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'paystack';
  /** The secret the provider signs webhooks with (x-paystack-signature, HMAC-SHA512 hex). */
  readonly webhookSecret: string;
  initialize(input: InitializeInput): Promise<InitializeResult>;
  /** null when the provider does not know the reference. */
  verify(reference: string): Promise<ProviderTransaction | null>;
  refund(input: RefundInput): Promise<RefundResult>;
  /** The refund on `reference` whose note starts with `marker`, made since `since`; null when there is none. */
  findRefund(input: { reference: string; marker: string; since: Date }): Promise<RefundResult | null>;
  createTransferRecipient(input: TransferRecipientInput): Promise<{ recipientCode: string }>;
  transfer(input: TransferInput): Promise<TransferResult>;
  /** The transfer with our reference; null when the provider has none. */
  verifyTransfer(reference: string): Promise<TransferResult | null>;
  /** Every transaction made in the window, whatever its status (the daily reconciliation). */
  listTransactions(window: ListWindow): Promise<ListedTransaction[]>;
  /** Every refund made in the window. */
  listRefunds(window: ListWindow): Promise<ListedRefund[]>;
  /** Every transfer made in the window. */
  listTransfers(window: ListWindow): Promise<ListedTransfer[]>;
}

export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
