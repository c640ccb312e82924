import {
  koboToNaira,
  NIGERIAN_BANKS,
  type EarningsDto,
  type EarningWhat,
  type PayoutDto,
  type PayoutInput,
} from '@jara/shared';
import type { AppContext } from '../../context.js';
import { moduleWith } from '../types.js';
import type { PaymentService } from '../payments/index.js';
import type { Executor } from '../../infra/db/client.js';
import { checkpoint } from '../../infra/faults/checkpoints.js';
import { ProviderError } from '../../infra/payments/types.js';
import { lockAccount } from '../auth/index.js';
import { recordPayoutPaid, recordPayoutReversed } from '../ledger/index.js';
import * as repo from './payouts.repo.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { z } from 'zod';
import { jobKind } from '../../infra/jobs/jobs.js';

const LAGOS_OFFSET_MS = 60 * 60 * 1000;
/** Payouts are paid at 10:00 Africa/Lagos on the due day. */
const PAY_HOUR_LAGOS = 10;
const PAYOUT_JOB = jobKind('payout.transfer', z.object({ payoutId: z.string() }));

type PayoutRow = repo.PayoutRow;

/** The next working day (Monday–Friday, Africa/Lagos) after `now`, at 10:00 Lagos time. */
function nextWorkingDay(now: Date): Date {
  const lagos = new Date(now.getTime() + LAGOS_OFFSET_MS);
  const d = new Date(Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth(), lagos.getUTCDate() + 1, PAY_HOUR_LAGOS));
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return new Date(d.getTime() - LAGOS_OFFSET_MS);
}

/** Midnight today in Africa/Lagos, as an instant. */
export function lagosDayStart(now: Date = new Date()): Date {
  const lagos = new Date(now.getTime() + LAGOS_OFFSET_MS);
  return new Date(Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth(), lagos.getUTCDate()) - LAGOS_OFFSET_MS);
}

/** Monday of the Lagos week containing `at`, as YYYY-MM-DD. */
function lagosWeekStart(at: Date): string {
  const lagos = new Date(at.getTime() + LAGOS_OFFSET_MS);
  const day = (lagos.getUTCDay() + 6) % 7;
  const monday = new Date(Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth(), lagos.getUTCDate() - day));
  return monday.toISOString().slice(0, 10);
}

export interface EarningEntry {
  id: string;
  at: Date;
  grossKobo: number;
  /** The payee's share, less any refund a dispute settled on them. */
  netKobo: number;
  what: EarningWhat;
  /** A dispute is open on it: held back whatever the window says. */
  disputed?: boolean;
  /** Refunded out of this share after a dispute (already taken off `netKobo`). */
  borneKobo?: number;
  /** What the payee's own promotions took off `grossKobo` (already taken off `netKobo`; decision 0051). */
  discountKobo?: number;
}

const bankName = (code: string | null) => NIGERIAN_BANKS.find((b) => b.code === code)?.name ?? 'Bank';

function toPayoutDto(p: PayoutRow): PayoutDto {
  return {
    _id: p.id,
    amount: koboToNaira(p.amountKobo),
    state: p.state,
    dueAt: p.dueAt.toISOString(),
    paidAt: p.paidAt?.toISOString() ?? null,
    reference: p.reference,
    createdAt: p.createdAt.toISOString(),
    account: p.accountNumber ? `${bankName(p.bankCode)} ••••${p.accountNumber.slice(-4)}` : null,
    failureReason: p.failureReason,
  };
}

/**
 * Our payouts as the daily reconciliation compares them with the provider's transfers (decision
 * 0046): those paid in [from, to) and those carrying the provider's references.
 */
export async function payoutRecords(ex: Executor, q: { from: Date; to: Date; references: readonly string[] }) {
  return (await repo.payoutsForDay(ex, q)).map((p) => ({
    reference: p.reference ?? '',
    amountKobo: p.amountKobo,
    state: p.state,
    paidAt: p.paidAt,
  }));
}

/** Every payout paid (and not sent back), summed: part of what the ledger's cash is checked against. */
export function paidOutKobo(ex: Executor): Promise<number> {
  return repo.paidOutKobo(ex);
}

/** The payee's latest 100 payouts, newest first. */
export function listPayouts(ex: Executor, userId: string, payeeType: 'vendor' | 'rider'): Promise<PayoutRow[]> {
  return repo.listPayouts(ex, userId, payeeType);
}

/**
 * The money's escrow (issue 30): a delivered order's share waits `windowMs` after delivery (the
 * customer's time to report an issue) before it is released and can be paid out.
 */
export interface Escrow {
  now: Date;
  windowMs: number;
}

const releasesAt = (e: EarningEntry, escrow: Escrow) => new Date(e.at.getTime() + escrow.windowMs);
const isReleased = (e: EarningEntry, escrow: Escrow) => !e.disputed && releasesAt(e, escrow) <= escrow.now;

/** The net of the entries whose dispute window has ended: what payouts may take. */
function releasedKobo(entries: EarningEntry[], escrow: Escrow): number {
  return entries.filter((e) => isReleased(e, escrow)).reduce((s, e) => s + e.netKobo, 0);
}

/**
 * Totals, per-week sums and the payout history from a list of earning entries; `heldKobo` is the
 * payee's share of what is paid for and not yet delivered.
 */
export function summarise(
  entries: EarningEntry[],
  history: PayoutRow[],
  percent: number,
  escrow: Escrow,
  heldKobo: number,
): EarningsDto {
  const totalNet = entries.reduce((s, e) => s + e.netKobo, 0);
  const released = releasedKobo(entries, escrow);
  const paid = history.filter((p) => p.state === 'paid').reduce((s, p) => s + p.amountKobo, 0);
  const scheduled = history
    .filter((p) => p.state === 'scheduled' || p.state === 'processing')
    .reduce((s, p) => s + p.amountKobo, 0);
  const weeks = new Map<string, { gross: number; net: number; count: number }>();
  for (const e of entries) {
    const k = lagosWeekStart(e.at);
    const w = weeks.get(k) ?? { gross: 0, net: 0, count: 0 };
    w.gross += e.grossKobo;
    w.net += e.netKobo;
    w.count += 1;
    weeks.set(k, w);
  }
  const last = history.find((p) => p.accountNumber);
  return {
    percent,
    totalEarned: koboToNaira(totalNet),
    paidOut: koboToNaira(paid),
    scheduled: koboToNaira(scheduled),
    available: koboToNaira(Math.max(0, released - paid - scheduled)),
    held: koboToNaira(heldKobo),
    inWindow: koboToNaira(totalNet - released),
    disputeWindowMinutes: Math.round(escrow.windowMs / 60_000),
    byWeek: [...weeks.entries()]
      .sort((a, b) => b[0].localeCompare(a[0]))
      .map(([weekStart, w]) => ({ weekStart, gross: koboToNaira(w.gross), net: koboToNaira(w.net), count: w.count })),
    entries: entries.slice(0, 200).map((e) => ({
      _id: e.id,
      date: e.at.toISOString(),
      gross: koboToNaira(e.grossKobo),
      net: koboToNaira(e.netKobo),
      what: e.what,
      releasesAt: releasesAt(e, escrow).toISOString(),
      released: isReleased(e, escrow),
      disputed: !!e.disputed,
      borne: koboToNaira(e.borneKobo ?? 0),
      ...(e.discountKobo ? { discount: koboToNaira(e.discountKobo) } : {}),
    })),
    payouts: history.map(toPayoutDto),
    lastAccount: last
      ? {
          accountName: last.accountName ?? '',
          bankCode: last.bankCode ?? '',
          accountNumberLast4: last.accountNumber!.slice(-4),
        }
      : null,
  };
}

/**
 * The escrow's terms at `now`: DISPUTE_WINDOW_MINUTES. Deliveries are stamped with the real time
 * (as the confirmation deadline's payments are), so the window is judged on it too, not on the
 * fixed opening-hours clock journeys run with (JARA_TEST_CLOCK).
 */
export const escrowOf = (ctx: AppContext, now = new Date()): Escrow => ({
  now,
  windowMs: ctx.config.disputeWindowMinutes * 60_000,
});

/**
 * Schedules a payout of everything released (out of its dispute window) to the given bank
 * account, paid the next working day by the payout job. The payee's user row is locked so two
 * requests cannot take the same balance.
 */
export async function requestPayout(
  ctx: AppContext,
  payee: { userId: string; payeeType: 'vendor' | 'rider'; vendorId?: string },
  account: PayoutInput,
  entries: (tx: Executor) => Promise<EarningEntry[]>,
): Promise<PayoutDto> {
  return ctx.db.transaction(async (tx) => {
    await lockAccount(tx, payee.userId);
    const earned = releasedKobo(await entries(tx), escrowOf(ctx));
    const available = earned - (await repo.takenKobo(tx, payee.userId, payee.payeeType));
    if (available < 100) throw badRequest('There is nothing to pay out yet.', 'nothing_to_pay');
    return toPayoutDto(
      await schedulePayout(ctx, tx, {
        userId: payee.userId,
        payeeType: payee.payeeType,
        vendorId: payee.vendorId ?? null,
        amountKobo: available,
        dueAt: nextWorkingDay(ctx.clock.now()),
        accountName: account.accountName,
        accountNumber: account.accountNumber,
        bankCode: account.bankCode,
      }),
    );
  });
}

/** A new payout, with its own reference, and the payout job that sends it at `dueAt`. */
async function schedulePayout(
  ctx: AppContext,
  tx: Executor,
  values: Parameters<typeof repo.insertPayout>[1] & { dueAt: Date },
): Promise<PayoutRow> {
  const row = await repo.insertPayout(tx, values);
  // Paystack's transfer reference: lower-case letters, digits, - and _, at least 16 characters.
  const reference = `jara_payout_${row.id.replace(/-/g, '')}`;
  await repo.updatePayout(tx, row.id, { reference });
  await ctx.jobs.enqueue(tx, PAYOUT_JOB, { payoutId: row.id }, { runAt: values.dueAt, dedupeKey: `payout:${row.id}` });
  return { ...row, reference };
}

/**
 * Sends a failed payout again (an admin's "Send again"): a new payout of the same amount to the
 * same account, paid now by the payout job, under a reference of its own. The failed one stays
 * as it was (the provider knows its reference; its ledger posting, if a reversal made one, is
 * its own), so nothing is posted twice and the reconciliation still finds it. Under the payee's
 * lock, as a payout request: refused when the payee has a newer payout (an earlier "send again",
 * or a request that already took this money), so one failure is paid at most once.
 */
export async function retryPayout(ctx: AppContext, id: string): Promise<PayoutDto> {
  return ctx.db.transaction(async (tx) => {
    const found = await repo.findPayout(tx, id);
    if (!found) throw notFound('Payout not found.');
    await lockAccount(tx, found.userId);
    // Read again under the lock: a retry of the same payout, or a request, may have just committed.
    const p = (await repo.findPayout(tx, id))!;
    if (p.state !== 'failed') throw conflict('Only a failed payout can be sent again.', 'payout_not_failed');
    if (await repo.hasNewerPayout(tx, p))
      throw conflict(
        'This payee has asked for a newer payout that carries this money, so it is not sent again.',
        'payout_superseded',
      );
    return toPayoutDto(
      await schedulePayout(ctx, tx, {
        userId: p.userId,
        payeeType: p.payeeType,
        vendorId: p.vendorId,
        amountKobo: p.amountKobo,
        // Now, on the real clock the job queue runs on (not the opening-hours clock tests fix).
        dueAt: new Date(),
        accountName: p.accountName,
        accountNumber: p.accountNumber,
        bankCode: p.bankCode,
      }),
    );
  });
}

/** The latest 200 payouts, newest first, in a state and to a kind of payee: the admin's list, with whom each pays. */
export async function latestPayouts(
  ex: Executor,
  filter: { state?: PayoutRow['state']; payeeType?: PayoutRow['payeeType'] },
): Promise<(PayoutDto & Pick<PayoutRow, 'payeeType' | 'userId' | 'vendorId'>)[]> {
  return (await repo.latestPayouts(ex, filter)).map((p) => ({
    ...toPayoutDto(p),
    payeeType: p.payeeType,
    userId: p.userId,
    vendorId: p.vendorId,
  }));
}

/**
 * The payout job sends the transfer through the payment provider (the sandbox, or Paystack's
 * transfer API at the configured URL) with no transaction open: the payout is marked
 * `processing` first, then the transfer is sent under our reference, then the provider's
 * transfer code is stored; the provider's transfer webhook settles it. A retry of a payout left
 * `processing` (timeout, crash) asks the provider for that reference before sending it again.
 */
function registerPayoutJob(ctx: AppContext, payments: PaymentService): void {
  const notify = (p: PayoutRow) => ctx.realtime.emitToUser(p.userId, 'payout.updated', toPayoutDto(p));
  const fail = async (id: string, reason: string) => {
    const row = await repo.markFailed(ctx.db, id, reason);
    if (row) notify(row);
  };
  const paid = async (reference: string) => {
    const row = await ctx.db.transaction(async (tx) => {
      const done = await repo.markPaid(tx, reference);
      if (done) {
        await recordPayoutPaid(tx, done);
        checkpoint('transfer-settled');
      }
      return done;
    });
    if (row) notify(row);
  };
  /**
   * Settles a payout from what the provider says of its transfer (webhook or verify). A reversal
   * may come after the success (the bank sent the money back): the payout is failed again, so
   * its amount is available to request once more.
   */
  const settle = async (reference: string, status: string) => {
    if (status === 'success') return paid(reference);
    if (status === 'failed') {
      const id = await repo.findPayoutId(ctx.db, reference);
      if (id) await fail(id, 'The transfer failed.');
    }
    if (status === 'reversed') {
      const row = await ctx.db.transaction(async (tx) => {
        const done = await repo.markReversed(tx, reference);
        if (done) await recordPayoutReversed(tx, done);
        return done;
      });
      if (row) notify(row);
    }
  };

  ctx.jobs.register(PAYOUT_JOB, async ({ payoutId: id }) => {
    const p = await repo.findPayout(ctx.db, id);
    if (!p || !p.accountNumber || !p.bankCode || !p.reference) return;
    // Sent and acknowledged: the transfer webhook settles it.
    if (p.state !== 'scheduled' && !(p.state === 'processing' && !p.transferCode)) return;
    const provider = payments.provider;
    try {
      if (p.state === 'processing') {
        const known = await provider.verifyTransfer(p.reference);
        if (known) {
          await repo.updatePayout(ctx.db, id, { transferCode: known.transferCode });
          await settle(p.reference, known.status);
          return;
        }
      }
      const recipientCode =
        p.recipientCode ??
        (
          await provider.createTransferRecipient({
            name: p.accountName ?? 'Jara payee',
            accountNumber: p.accountNumber,
            bankCode: p.bankCode,
            currency: 'NGN',
          })
        ).recipientCode;
      await repo.updatePayout(ctx.db, id, { recipientCode, provider: provider.name });
      // Processing before the call: the sandbox settles it (webhook) before the call even returns,
      // and a retry knows the transfer may have gone out (it looked it up above). Only the run
      // that makes this move sends the transfer.
      if (!(await repo.claimForTransfer(ctx.db, id))) return;
      const t = await provider.transfer({
        amountKobo: p.amountKobo,
        recipientCode,
        reference: p.reference,
        reason: `Jara ${p.payeeType} payout`,
      });
      checkpoint('payout-sent');
      await repo.updatePayout(ctx.db, id, { transferCode: t.transferCode });
    } catch (err) {
      // A refusal (bad account, no balance) is final; anything else is retried by the job queue,
      // the payout staying `processing` so the retry looks the transfer up first.
      if (err instanceof ProviderError && err.status !== null && err.status >= 400 && err.status < 500)
        return fail(id, err.message);
      throw err;
    }
  });

  payments.onTransfer(async (event, data) => {
    const reference = typeof data.reference === 'string' ? data.reference : '';
    if (!reference.startsWith('jara_payout_')) return;
    if (event === 'transfer.success') await settle(reference, 'success');
    else if (event === 'transfer.failed') await settle(reference, 'failed');
    else if (event === 'transfer.reversed') await settle(reference, 'reversed');
  });
}

/** The payouts module has no routes (vendors and riders ask through theirs): it runs the transfer job. */
export const payoutsModule = moduleWith<{ payments: PaymentService }>(async (_app, ctx, { payments }) => {
  registerPayoutJob(ctx, payments);
});
