import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { paystackFeeKobo } from '@jara/shared';
import { assertOutsideTransaction, type Db } from '../db/client.js';
import { sandboxRefunds, sandboxTransactions, sandboxTransfers, type SandboxStatus } from './sandbox.tables.js';
import { randomToken } from '../../lib/crypto.js';
import {
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

export type SandboxRow = typeof sandboxTransactions.$inferSelect;
/** Where the sandbox sends its webhooks (an event object; the sink signs and delivers it). */
export type WebhookSink = (event: { event: string; data: Record<string, unknown> }) => Promise<void>;

/**
 * A local stand-in for Paystack: it keeps its own ledger of transactions, hosts a checkout page
 * (payments module) and signs webhooks with the sandbox secret, so the same webhook and verify
 * code runs as with Paystack. It cannot move real money (refused in production by config).
 * Like a remote provider it is never called inside one of the app's transactions: on the embedded
 * database that would wait for the very transaction that is calling it.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly webhookSecret: string;
  private sink: WebhookSink | null = null;

  constructor(
    private readonly db: Db,
    private readonly opts: { publicUrl: string; secret: string },
  ) {
    this.webhookSecret = opts.secret;
  }

  setWebhookSink(sink: WebhookSink): void {
    this.sink = sink;
  }

  checkoutUrl(reference: string): string {
    return `${this.opts.publicUrl}/sandbox/checkout/${encodeURIComponent(reference)}`;
  }

  async initialize(input: InitializeInput): Promise<InitializeResult> {
    assertOutsideTransaction('payment provider initialize');
    await this.db.insert(sandboxTransactions).values({
      reference: input.reference,
      email: input.email,
      amountKobo: input.amountKobo,
      currency: input.currency,
      callbackUrl: input.callbackUrl,
    });
    return {
      authorizationUrl: this.checkoutUrl(input.reference),
      accessCode: `sbx_${randomToken(9)}`,
      reference: input.reference,
    };
  }

  async find(reference: string): Promise<SandboxRow | undefined> {
    const [row] = await this.db.select().from(sandboxTransactions).where(eq(sandboxTransactions.reference, reference));
    return row;
  }

  /** The customer's choice on the checkout page; only an ongoing transaction changes. */
  async complete(
    reference: string,
    outcome: Exclude<SandboxStatus, 'ongoing'>,
    channel: string,
  ): Promise<SandboxRow | null> {
    const [row] = await this.db
      .update(sandboxTransactions)
      .set({ status: outcome, channel, paidAt: outcome === 'success' ? new Date() : null })
      .where(and(eq(sandboxTransactions.reference, reference), eq(sandboxTransactions.status, 'ongoing')))
      .returning();
    if (row && outcome === 'success') await this.emit('charge.success', this.toPaystackData(row));
    return row ?? null;
  }

  toPaystackData(row: SandboxRow): Record<string, unknown> {
    return {
      id: null,
      domain: 'test',
      status: row.status === 'ongoing' ? 'ongoing' : row.status,
      reference: row.reference,
      amount: row.amountKobo,
      currency: row.currency,
      channel: row.channel,
      gateway_response:
        row.status === 'success'
          ? 'Successful'
          : row.status === 'failed'
            ? 'Declined'
            : 'The transaction was not completed',
      paid_at: row.paidAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
      customer: { email: row.email },
    };
  }

  async verify(reference: string): Promise<ProviderTransaction | null> {
    assertOutsideTransaction('payment provider verify');
    const row = await this.find(reference);
    if (!row) return null;
    return {
      status: row.status,
      reference: row.reference,
      amountKobo: row.amountKobo,
      currency: row.currency,
      paidAt: row.paidAt?.toISOString() ?? null,
      channel: row.channel,
      gatewayResponse: null,
      id: null,
    };
  }

  async refund(input: RefundInput): Promise<RefundResult> {
    assertOutsideTransaction('payment provider refund');
    const providerRef = `sbx_rf_${randomToken(9)}`;
    const row = await this.db.transaction(async (tx) => {
      const [t] = await tx
        .update(sandboxTransactions)
        .set({ refundedKobo: sql`${sandboxTransactions.refundedKobo} + ${input.amountKobo}` })
        .where(
          and(
            eq(sandboxTransactions.reference, input.reference),
            eq(sandboxTransactions.status, 'success'),
            sql`${sandboxTransactions.refundedKobo} + ${input.amountKobo} <= ${sandboxTransactions.amountKobo}`,
          ),
        )
        .returning();
      if (t)
        await tx.insert(sandboxRefunds).values({
          id: providerRef,
          reference: t.reference,
          amountKobo: input.amountKobo,
          note: input.note.slice(0, 200),
        });
      return t;
    });
    if (!row) throw new ProviderError('Transaction has been fully reversed or was not successful', 400);
    // Paystack answers "pending" and later sends refund.processed; so does the sandbox.
    await this.emit('refund.processed', {
      id: providerRef,
      status: 'processed',
      transaction_reference: row.reference,
      amount: input.amountKobo,
      currency: row.currency,
      merchant_note: input.note,
      domain: 'test',
    });
    return { providerRef, status: 'pending' };
  }

  async findRefund(input: { reference: string; marker: string; since: Date }): Promise<RefundResult | null> {
    assertOutsideTransaction('payment provider refund lookup');
    const rows = await this.db
      .select()
      .from(sandboxRefunds)
      .where(
        and(
          eq(sandboxRefunds.reference, input.reference),
          gte(sandboxRefunds.createdAt, new Date(input.since.getTime() - 5 * 60_000)),
        ),
      )
      .orderBy(desc(sandboxRefunds.createdAt));
    const row = rows.find((r) => r.note.startsWith(input.marker));
    // The sandbox processes a refund at once (its webhook has already gone out).
    return row ? { providerRef: row.id, status: 'processed' } : null;
  }

  async createTransferRecipient(input: TransferRecipientInput): Promise<{ recipientCode: string }> {
    assertOutsideTransaction('payment provider transfer recipient');
    if (!/^\d{10}$/.test(input.accountNumber)) throw new ProviderError('Account number is invalid', 400);
    return {
      recipientCode: `RCP_sbx${randomToken(9)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '')}`,
    };
  }

  /** Idempotent on our reference, as Paystack's transfer reference is. */
  async transfer(input: TransferInput): Promise<TransferResult> {
    assertOutsideTransaction('payment provider transfer');
    const transferCode = `TRF_sbx${randomToken(9)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')}`;
    const [row] = await this.db
      .insert(sandboxTransfers)
      .values({
        reference: input.reference,
        transferCode,
        recipientCode: input.recipientCode,
        amountKobo: input.amountKobo,
      })
      .onConflictDoNothing({ target: sandboxTransfers.reference })
      .returning();
    if (!row) throw new ProviderError('Duplicate Transfer Reference', 400);
    await this.emit('transfer.success', {
      transfer_code: transferCode,
      reference: input.reference,
      amount: input.amountKobo,
      currency: 'NGN',
      status: 'success',
      reason: input.reason,
    });
    return { transferCode, status: 'pending' };
  }

  async verifyTransfer(reference: string): Promise<TransferResult | null> {
    assertOutsideTransaction('payment provider transfer verify');
    const [row] = await this.db.select().from(sandboxTransfers).where(eq(sandboxTransfers.reference, reference));
    return row ? { transferCode: row.transferCode, status: row.status } : null;
  }

  /** Its transactions made in the window; a successful one keeps Paystack's local fee, as Paystack would. */
  async listTransactions(window: ListWindow): Promise<ListedTransaction[]> {
    assertOutsideTransaction('payment provider transaction list');
    const rows = await this.db
      .select()
      .from(sandboxTransactions)
      .where(and(gte(sandboxTransactions.createdAt, window.from), lt(sandboxTransactions.createdAt, window.to)))
      .orderBy(asc(sandboxTransactions.createdAt));
    return rows.map((t) => ({
      reference: t.reference,
      amountKobo: t.amountKobo,
      currency: t.currency,
      status: t.status,
      feesKobo: t.status === 'success' ? paystackFeeKobo(t.amountKobo) : null,
      at: (t.paidAt ?? t.createdAt).toISOString(),
    }));
  }

  async listRefunds(window: ListWindow): Promise<ListedRefund[]> {
    assertOutsideTransaction('payment provider refund list');
    const rows = await this.db
      .select()
      .from(sandboxRefunds)
      .where(and(gte(sandboxRefunds.createdAt, window.from), lt(sandboxRefunds.createdAt, window.to)))
      .orderBy(asc(sandboxRefunds.createdAt));
    // The sandbox processes a refund at once (its webhook has already gone out).
    return rows.map((r) => ({
      providerRef: r.id,
      reference: r.reference,
      amountKobo: r.amountKobo,
      status: 'processed',
      note: r.note,
      at: r.createdAt.toISOString(),
    }));
  }

  async listTransfers(window: ListWindow): Promise<ListedTransfer[]> {
    assertOutsideTransaction('payment provider transfer list');
    const rows = await this.db
      .select()
      .from(sandboxTransfers)
      .where(and(gte(sandboxTransfers.createdAt, window.from), lt(sandboxTransfers.createdAt, window.to)))
      .orderBy(asc(sandboxTransfers.createdAt));
    return rows.map((t) => ({
      reference: t.reference,
      transferCode: t.transferCode,
      amountKobo: t.amountKobo,
      status: t.status,
      at: t.createdAt.toISOString(),
    }));
  }

  private async emit(event: string, data: Record<string, unknown>): Promise<void> {
    if (this.sink) await this.sink({ event, data });
  }
}
