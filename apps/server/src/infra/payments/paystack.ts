import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { z } from 'zod';
import { assertOutsideTransaction } from '../db/client.js';
import {
  PAYMENT_CHANNELS,
  ProviderError,
  type InitializeInput,
  type InitializeResult,
  type ListedRefund,
  type ListedTransaction,
  type ListedTransfer,
  type ListWindow,
  type PaymentProvider,
  type ProviderTransaction,
  type RefundInput,
  type RefundResult,
  type TransferInput,
  type TransferRecipientInput,
  type TransferResult,
} from './types.js';

/** Request bodies exactly as Paystack documents them (paystack.yaml components). */
export interface TransactionInitializeBody {
  email: string;
  amount: number;
  currency?: 'NGN';
  reference?: string;
  channels?: string[];
  callback_url?: string;
  metadata?: Record<string, unknown>;
}
export interface RefundCreateBody {
  transaction: string;
  amount?: number;
  currency?: 'NGN';
  customer_note?: string;
  merchant_note?: string;
}
export interface TransferRecipientCreateBody {
  type: 'nuban';
  name: string;
  account_number: string;
  bank_code: string;
  currency?: 'NGN';
}
export interface TransferInitiateBody {
  source: 'balance';
  amount: number;
  recipient: string;
  reference: string;
  reason?: string;
  currency?: 'NGN';
}

// Answers are validated leniently: only the fields we read, anything else passes.
const Envelope = z.object({ status: z.boolean(), message: z.string().optional().default('') });
const InitializeAnswer = Envelope.extend({
  data: z.object({ authorization_url: z.string(), access_code: z.string(), reference: z.string() }),
});
const VerifyAnswer = Envelope.extend({
  data: z.object({
    id: z.union([z.number(), z.string()]).nullish(),
    status: z.string(),
    reference: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    paid_at: z.string().nullish(),
    channel: z.string().nullish(),
    gateway_response: z.string().nullish(),
  }),
});
const RefundAnswer = Envelope.extend({
  data: z.object({ id: z.union([z.number(), z.string()]), status: z.string().optional().default('pending') }).loose(),
});
const RefundItem = z
  .object({
    id: z.union([z.number(), z.string()]),
    status: z.string().optional().default('pending'),
    transaction_reference: z.string().nullish(),
    merchant_note: z.string().nullish(),
    amount: z.number().int().optional(),
    createdAt: z.string().nullish(),
  })
  .loose();
const RefundListAnswer = Envelope.extend({ data: z.array(RefundItem) });
const TransactionItem = z
  .object({
    reference: z.string(),
    amount: z.number().int(),
    currency: z.string().optional().default('NGN'),
    status: z.string(),
    fees: z.number().int().nullish(),
    paid_at: z.string().nullish(),
    created_at: z.string().nullish(),
  })
  .loose();
const TransferItem = z
  .object({
    reference: z.string().nullish(),
    transfer_code: z.string(),
    amount: z.number().int(),
    status: z.string(),
    createdAt: z.string().nullish(),
  })
  .loose();
/** Paystack's list answers: a page of `data` and, in `meta`, which page it is of how many. */
const pagedAnswer = <T extends z.ZodType>(item: T) =>
  Envelope.extend({
    data: z.array(item),
    meta: z
      .object({ page: z.coerce.number().int().optional(), pageCount: z.coerce.number().int().optional() })
      .loose()
      .optional(),
  });
const TransactionPage = pagedAnswer(TransactionItem);
const RefundPage = pagedAnswer(RefundItem);
const TransferPage = pagedAnswer(TransferItem);
/** Records asked for per page of a list, and the most pages read before giving up (50,000 records). */
const LIST_PAGE_SIZE = 100;
const MAX_LIST_PAGES = 500;
const RecipientAnswer = Envelope.extend({ data: z.object({ recipient_code: z.string() }).loose() });
const TransferAnswer = Envelope.extend({ data: z.object({ transfer_code: z.string(), status: z.string() }).loose() });
/** Pages read when looking for a refund whose answer was lost (newest first, 100 a page). */
const REFUND_LOOKUP_PAGES = 5;

/** A thin typed client for the Paystack endpoints the project uses (no SDK). */
export class PaystackClient {
  /**
   * node:http(s) with kept-alive connections rather than fetch: a lunch-hour rush opens fifty
   * initializes at once, and fetch cost the server's one thread twice the time per call.
   */
  private readonly agent: HttpAgent;
  private readonly send: typeof httpRequest;

  constructor(
    private readonly baseUrl: string,
    private readonly secretKey: string,
    private readonly timeoutMs = 15_000,
  ) {
    const https = new URL(baseUrl).protocol === 'https:';
    this.agent = https ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
    this.send = https ? httpsRequest : httpRequest;
  }

  private async call<T>(
    method: 'GET' | 'POST',
    path: string,
    schema: z.ZodType<T>,
    body?: unknown,
  ): Promise<{ status: number; data: T | null; message: string }> {
    assertOutsideTransaction(`Paystack ${method} ${path}`);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    let res: { status: number; text: string };
    try {
      res = await this.exchange(method, path, payload);
    } catch (err) {
      throw new ProviderError(`Paystack unreachable: ${err instanceof Error ? err.message : String(err)}`);
    }
    const { status, text } = res;
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      throw new ProviderError(`Paystack answered ${status} with a body that is not JSON`, status);
    }
    const message =
      typeof (json as { message?: unknown } | null)?.message === 'string' ? (json as { message: string }).message : '';
    if (status < 200 || status > 299) return { status, data: null, message };
    const parsed = schema.safeParse(json);
    if (!parsed.success)
      throw new ProviderError(
        `Unexpected Paystack answer for ${path}: ${parsed.error.issues[0]?.message ?? ''}`,
        status,
      );
    return { status, data: parsed.data, message };
  }

  /** One request and its whole answer as text; refused after timeoutMs. */
  private exchange(
    method: string,
    path: string,
    payload: string | undefined,
  ): Promise<{ status: number; text: string }> {
    return new Promise((resolve, reject) => {
      const req = this.send(
        `${this.baseUrl}${path}`,
        {
          method,
          agent: this.agent,
          signal: AbortSignal.timeout(this.timeoutMs),
          headers: {
            authorization: `Bearer ${this.secretKey}`,
            accept: 'application/json',
            ...(payload === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  private fail(path: string, r: { status: number; message: string }): never {
    throw new ProviderError(`Paystack ${path} failed (${r.status}): ${r.message || 'no message'}`, r.status);
  }

  async initializeTransaction(body: TransactionInitializeBody) {
    const r = await this.call('POST', '/transaction/initialize', InitializeAnswer, body);
    if (!r.data?.status) this.fail('/transaction/initialize', r);
    return r.data.data;
  }

  /** null when Paystack does not know the reference (404). */
  async verifyTransaction(reference: string) {
    const path = `/transaction/verify/${encodeURIComponent(reference)}`;
    const r = await this.call('GET', path, VerifyAnswer);
    if (r.status === 404 || (r.status === 400 && /not found/i.test(r.message))) return null;
    if (!r.data?.status) this.fail(path, r);
    return r.data.data;
  }

  async createRefund(body: RefundCreateBody) {
    const r = await this.call('POST', '/refund', RefundAnswer, body);
    if (!r.data?.status) this.fail('/refund', r);
    return r.data.data;
  }

  /** One page of refunds made since `from`, newest first. */
  async listRefunds(from: Date, page: number) {
    const path = `/refund?from=${encodeURIComponent(from.toISOString())}&perPage=100&page=${page}`;
    const r = await this.call('GET', path, RefundListAnswer);
    if (!r.data?.status) this.fail('/refund', r);
    return r.data.data;
  }

  /**
   * Every record of a list made between `from` and `to`, page after page as `meta` says (page,
   * pageCount). The page size's parameter is spelt as Paystack's OpenAPI file spells it for that
   * list (`perPage` for refunds, `per_page` for transactions and transfers); whatever size the
   * answer has, the pages are followed to the last.
   */
  private async listAll<T>(
    path: string,
    window: ListWindow,
    sizeParam: 'perPage' | 'per_page',
    schema: z.ZodType<{ status: boolean; data: T[]; meta?: { page?: number; pageCount?: number } }>,
  ): Promise<T[]> {
    const rows: T[] = [];
    for (let page = 1; page <= MAX_LIST_PAGES; page++) {
      const query = new URLSearchParams({
        from: window.from.toISOString(),
        to: window.to.toISOString(),
        [sizeParam]: String(LIST_PAGE_SIZE),
        page: String(page),
      });
      const r = await this.call('GET', `${path}?${query}`, schema);
      if (!r.data?.status) this.fail(path, r);
      rows.push(...r.data.data);
      const pageCount = r.data.meta?.pageCount;
      const last = pageCount === undefined ? r.data.data.length < LIST_PAGE_SIZE : page >= pageCount;
      if (last || r.data.data.length === 0) return rows;
    }
    throw new ProviderError(
      `Paystack ${path}: more than ${MAX_LIST_PAGES} pages between ${window.from.toISOString()} and ${window.to.toISOString()}`,
    );
  }

  transactionsBetween(window: ListWindow) {
    return this.listAll('/transaction', window, 'per_page', TransactionPage);
  }

  refundsBetween(window: ListWindow) {
    return this.listAll('/refund', window, 'perPage', RefundPage);
  }

  transfersBetween(window: ListWindow) {
    return this.listAll('/transfer', window, 'per_page', TransferPage);
  }

  async createTransferRecipient(body: TransferRecipientCreateBody) {
    const r = await this.call('POST', '/transferrecipient', RecipientAnswer, body);
    if (!r.data?.status) this.fail('/transferrecipient', r);
    return r.data.data;
  }

  async initiateTransfer(body: TransferInitiateBody) {
    const r = await this.call('POST', '/transfer', TransferAnswer, body);
    if (!r.data?.status) this.fail('/transfer', r);
    return r.data.data;
  }

  /** null when Paystack has no transfer with this reference. */
  async verifyTransfer(reference: string) {
    const path = `/transfer/verify/${encodeURIComponent(reference)}`;
    const r = await this.call('GET', path, TransferAnswer);
    if (r.status === 404 || (r.status === 400 && /not found/i.test(r.message))) return null;
    if (!r.data?.status) this.fail(path, r);
    return r.data.data;
  }
}

export class PaystackProvider implements PaymentProvider {
  readonly name = 'paystack' as const;
  readonly webhookSecret: string;
  private readonly client: PaystackClient;

  constructor(opts: { baseUrl: string; secretKey: string; timeoutMs?: number }) {
    this.client = new PaystackClient(opts.baseUrl, opts.secretKey, opts.timeoutMs);
    this.webhookSecret = opts.secretKey;
  }

  async initialize(input: InitializeInput): Promise<InitializeResult> {
    const data = await this.client.initializeTransaction({
      email: input.email,
      amount: input.amountKobo,
      currency: input.currency,
      reference: input.reference,
      channels: [...PAYMENT_CHANNELS],
      callback_url: input.callbackUrl,
      metadata: input.metadata,
    });
    if (data.reference !== input.reference) throw new ProviderError('Paystack returned another reference');
    return { authorizationUrl: data.authorization_url, accessCode: data.access_code, reference: data.reference };
  }

  async verify(reference: string): Promise<ProviderTransaction | null> {
    const d = await this.client.verifyTransaction(reference);
    if (!d) return null;
    return {
      status: d.status,
      reference: d.reference,
      amountKobo: d.amount,
      currency: d.currency,
      paidAt: d.paid_at ?? null,
      channel: d.channel ?? null,
      gatewayResponse: d.gateway_response ?? null,
      id: d.id ?? null,
    };
  }

  async refund(input: RefundInput): Promise<RefundResult> {
    const d = await this.client.createRefund({
      transaction: input.reference,
      amount: input.amountKobo,
      currency: 'NGN',
      merchant_note: input.note.slice(0, 200),
    });
    return { providerRef: String(d.id), status: d.status };
  }

  async findRefund(input: { reference: string; marker: string; since: Date }): Promise<RefundResult | null> {
    // Paystack has no idempotency key for refunds: our marker in the merchant note identifies ours.
    const from = new Date(input.since.getTime() - 5 * 60_000);
    for (let page = 1; page <= REFUND_LOOKUP_PAGES; page++) {
      const rows = await this.client.listRefunds(from, page);
      const mine = rows.find(
        (r) => r.transaction_reference === input.reference && (r.merchant_note ?? '').startsWith(input.marker),
      );
      if (mine) return { providerRef: String(mine.id), status: mine.status };
      if (rows.length < 100) break;
    }
    return null;
  }

  async createTransferRecipient(input: TransferRecipientInput): Promise<{ recipientCode: string }> {
    const d = await this.client.createTransferRecipient({
      type: 'nuban',
      name: input.name,
      account_number: input.accountNumber,
      bank_code: input.bankCode,
      currency: input.currency ?? 'NGN',
    });
    return { recipientCode: d.recipient_code };
  }

  async transfer(input: TransferInput): Promise<TransferResult> {
    const d = await this.client.initiateTransfer({
      source: 'balance',
      amount: input.amountKobo,
      recipient: input.recipientCode,
      reference: input.reference,
      reason: input.reason,
      currency: 'NGN',
    });
    return { transferCode: d.transfer_code, status: d.status };
  }

  async verifyTransfer(reference: string): Promise<TransferResult | null> {
    const d = await this.client.verifyTransfer(reference);
    return d ? { transferCode: d.transfer_code, status: d.status } : null;
  }

  async listTransactions(window: ListWindow): Promise<ListedTransaction[]> {
    const rows = await this.client.transactionsBetween(window);
    return rows.map((t) => ({
      reference: t.reference,
      amountKobo: t.amount,
      currency: t.currency,
      status: t.status,
      feesKobo: t.fees ?? null,
      at: t.paid_at ?? t.created_at ?? '',
    }));
  }

  async listRefunds(window: ListWindow): Promise<ListedRefund[]> {
    const rows = await this.client.refundsBetween(window);
    return rows.map((r) => {
      if (r.amount === undefined) throw new ProviderError(`Paystack refund ${r.id} came without its amount`);
      return {
        providerRef: String(r.id),
        reference: r.transaction_reference ?? '',
        amountKobo: r.amount,
        status: r.status,
        note: r.merchant_note ?? '',
        at: r.createdAt ?? '',
      };
    });
  }

  async listTransfers(window: ListWindow): Promise<ListedTransfer[]> {
    const rows = await this.client.transfersBetween(window);
    return rows.map((t) => ({
      reference: t.reference ?? '',
      transferCode: t.transfer_code,
      amountKobo: t.amount,
      status: t.status,
      at: t.createdAt ?? '',
    }));
  }
}
